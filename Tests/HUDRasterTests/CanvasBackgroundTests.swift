// Canvas+Background: the lazily written first colour gives the same bytes as writing it first,
// whether the first call replaces every pixel or not, and a reset canvas draws a frame exactly as
// a new one does.
import XCTest
@testable import HUDRaster

final class CanvasBackgroundTests: XCTestCase {
    let bg = Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8)

    /// The same drawing on a canvas over an image already filled with the background (nothing pending).
    func eager(_ w: Int, _ h: Int, _ draw: (Canvas) -> Void) throws -> Image {
        let c = Canvas(image: try Image(width: w, height: h, fill: bg))
        draw(c)
        return c.image
    }

    func lazy(_ w: Int, _ h: Int, _ draw: (Canvas) -> Void) throws -> (Image, Bool) {
        let c = try Canvas(width: w, height: h, background: bg)
        draw(c)
        let skipped = c.pendingBackground == nil
        return (c.image, skipped)
    }

    func testUntouchedCanvasIsTheBackground() throws {
        let (img, _) = try lazy(7, 5) { _ in }
        XCTAssertEqual(img, try Image(width: 7, height: 5, fill: bg))
    }

    func testFirstCallsGiveTheBytesOfAWrittenBackground() throws {
        let cases: [(String, (Canvas) -> Void)] = [
            ("copy over the canvas", { c in c.setBlendMode(.copy); c.setFillColor(.red); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("copy, translucent", { c in c.setBlendMode(.copy); c.setFillColor(Color(white: 1, alpha: 0.4)); c.fill(Rect(x: -2, y: -2, width: 40, height: 30)) }),
            ("opaque over the canvas", { c in c.setFillColor(.blue); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("translucent over the canvas", { c in c.setFillColor(Color(white: 0, alpha: 0.5)); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("opaque, half a pixel short", { c in c.setFillColor(.blue); c.fill(Rect(x: 0.5, y: 0, width: 32.5, height: 21)) }),
            ("copy under a global alpha", { c in c.setBlendMode(.copy); c.setAlpha(0.5); c.setFillColor(.red); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("copy, then a circle", { c in c.setBlendMode(.copy); c.setFillColor(Color(white: 1, alpha: 0.4)); c.fill(Rect(x: 0, y: 0, width: 33, height: 21))
                c.setBlendMode(.normal); c.setFillColor(.red); c.fillEllipse(in: Rect(x: 2, y: 3, width: 20, height: 15)) }),
            ("copy in a clip", { c in c.clip(to: Rect(x: 3, y: 2, width: 10, height: 9)); c.setBlendMode(.copy); c.setFillColor(.red)
                c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("a ring over the canvas", { c in c.setStrokeColor(.red); c.setLineWidth(4); c.stroke(Rect(x: 1, y: 1, width: 31, height: 19)) }),
            ("a circle", { c in c.setFillColor(.red); c.fillEllipse(in: Rect(x: 2, y: 3, width: 20, height: 15)) }),
            ("a layer first", { c in c.beginTransparencyLayer(); c.setFillColor(.red); c.fill(Rect(x: 0, y: 0, width: 33, height: 21))
                c.endTransparencyLayer() }),
            ("a gradient over the canvas", { c in c.drawLinearGradient(Gradient(colors: [.red, .blue]), start: Point(x: 0, y: 0),
                                                                        end: Point(x: 33, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]) }),
            ("a mask", { c in c.fill(Mask(originX: 1, originY: 1, width: 2, height: 1, coverage: [255, 90]), color: .red) }),
        ]
        for (name, draw) in cases {
            let (got, _) = try lazy(33, 21, draw)
            XCTAssertEqual(got, try eager(33, 21, draw), name)
        }
    }

    func testOpaqueGradientsOverTheCanvasGiveTheBytesOfAWrittenBackground() throws {
        // An opaque gradient painting every pixel drops the pending background unwritten; one that
        // can leave pixels unpainted (translucent stops, a cone, a singular or non-finite CTM)
        // must not. Large enough for the rows shaded straight into the image.
        let opaque = Gradient(colors: [.red, .blue, .green])
        let see = Gradient(colors: [.red, Color(white: 1, alpha: 0.3)])
        let whole = Rect(x: -1, y: -1, width: 82, height: 62)
        let cases: [(String, (Canvas) -> Void)] = [
            ("linear paint", { c in c.setFillPaint(.linearGradient(opaque, start: .zero, end: Point(x: 60, y: 40), spread: .pad)); c.fill(whole) }),
            ("focal radial paint", { c in c.setFillPaint(.radialGradient(opaque, startCenter: Point(x: 30, y: 20), startRadius: 0,
                                                                         endCenter: Point(x: 40, y: 30), endRadius: 70, spread: .pad)); c.fill(whole) }),
            ("concentric, extended", { c in c.drawRadialGradient(opaque, startCenter: Point(x: 40, y: 30), startRadius: 0, endCenter: Point(x: 40, y: 30),
                                                                 endRadius: 30, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]) }),
            ("conic", { c in c.drawConicGradient(opaque, center: Point(x: 40, y: 30), startAngle: 0.3) }),
            ("translucent stops", { c in c.setFillPaint(.linearGradient(see, start: .zero, end: Point(x: 60, y: 0), spread: .pad)); c.fill(whole) }),
            ("a cone", { c in c.setFillPaint(.radialGradient(opaque, startCenter: Point(x: 10, y: 10), startRadius: 2,
                                                             endCenter: Point(x: 50, y: 30), endRadius: 8, spread: .pad)); c.fill(whole) }),
            ("non-finite CTM", { c in c.translateBy(x: .nan, y: 0); c.drawConicGradient(opaque, center: .zero, startAngle: 0) }),
        ]
        for (name, draw) in cases {
            let (got, _) = try lazy(80, 60, draw)
            XCTAssertEqual(got, try eager(80, 60, draw), name)
        }
    }

    func testAFillReplacingEveryPixelSkipsTheBackground() throws {
        // The fill itself becomes the pending background (Canvas+ReplacingFill).
        let copy = try Canvas(width: 33, height: 21, background: bg)
        copy.setBlendMode(.copy); copy.setFillColor(.red); copy.fill(Rect(x: 0, y: 0, width: 33, height: 21))
        XCTAssertEqual(copy.pendingBackground, Compositor.pack(.red))
        let opaque = try Canvas(width: 33, height: 21, background: bg)
        opaque.setFillColor(.red); opaque.fill(Rect(x: -1, y: 0, width: 40, height: 21))
        XCTAssertEqual(opaque.pendingBackground, Compositor.pack(.red))
        // A translucent fill blends over the background, which must have been written first.
        let (img, _) = try lazy(33, 21) { c in c.setFillColor(Color(white: 0, alpha: 0.5)); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }
        XCTAssertNotEqual(img, try Image(width: 33, height: 21, fill: Color(white: 0, alpha: 0.5)))
    }

    /// A backdrop (copy, or an opaque colour, over the whole canvas) gives every pixel its colour,
    /// and what is drawn on it afterwards blends as on a canvas made with that background.
    func testABackdropIsItsColourEverywhere() throws {
        let shape: (Canvas) -> Void = { c in
            c.setBlendMode(.normal); c.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 0.6))
            c.fillEllipse(in: Rect(x: 4, y: 3, width: 25, height: 14))
        }
        let cases: [(String, BlendMode, Color)] = [
            ("copy, translucent", .copy, Color(red: 0.9, green: 0.3, blue: 0.4, alpha: 0.7)),
            ("copy, opaque", .copy, Color(red: 0.9, green: 0.3, blue: 0.4, alpha: 1)),
            ("copy, clear", .copy, .clear),
            ("normal, opaque", .normal, Color(red: 0.1, green: 0.8, blue: 0.5, alpha: 1)),
        ]
        for (name, mode, colour) in cases {
            let backdrop: (Canvas) -> Void = { c in c.setBlendMode(mode); c.setFillColor(colour); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }
            let (alone, _) = try lazy(33, 21, backdrop)
            XCTAssertEqual(alone, try Image(width: 33, height: 21, fill: colour), name)
            let (drawn, _) = try lazy(33, 21) { c in backdrop(c); shape(c) }
            let reference = try Canvas(width: 33, height: 21, background: colour)
            shape(reference)
            XCTAssertEqual(drawn, reference.image, name)
        }
        // Not a backdrop: the background (or what is under the layer) still shows.
        let half = Color(red: 0.9, green: 0.3, blue: 0.4, alpha: 0.5)
        let notBackdrops: [(String, (Canvas) -> Void)] = [
            ("in a clip", { c in c.clip(to: Rect(x: 3, y: 2, width: 10, height: 9)); c.setBlendMode(.copy); c.setFillColor(half)
                c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("under a global alpha", { c in c.setAlpha(0.5); c.setBlendMode(.copy); c.setFillColor(half); c.fill(Rect(x: 0, y: 0, width: 33, height: 21)) }),
            ("in a layer", { c in c.beginTransparencyLayer(); c.setBlendMode(.copy); c.setFillColor(half); c.fill(Rect(x: 0, y: 0, width: 33, height: 21))
                c.endTransparencyLayer() }),
            ("a pixel short", { c in c.setBlendMode(.copy); c.setFillColor(half); c.fill(Rect(x: 0, y: 0, width: 32, height: 21)) }),
        ]
        for (name, draw) in notBackdrops {
            let (got, _) = try lazy(33, 21, draw)
            XCTAssertNotEqual(got, try Image(width: 33, height: 21, fill: half), name)
            XCTAssertEqual(got, try eager(33, 21, draw), name)
        }
    }

    func testResetCanvasDrawsAFrameAsANewOne() throws {
        let c = try Canvas(width: 40, height: 30, background: .white)
        // Leave state behind: a clip, a CTM, an open layer, a shadow and a saved state.
        c.saveGState()
        c.clip(to: Rect(x: 3.5, y: 2, width: 10, height: 9))
        c.translateBy(x: 5, y: 5)
        c.setShadow(offset: Size(width: 2, height: 2), blur: 3)
        c.beginTransparencyLayer()
        c.setFillColor(.red)
        c.fillEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        c.reset(background: bg)
        XCTAssertEqual(c.image, try Image(width: 40, height: 30, fill: bg))
        let draw: (Canvas) -> Void = { c in
            c.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 0.6))
            c.setShadow(offset: Size(width: 1, height: 2), blur: 2)
            c.fillEllipse(in: Rect(x: 4, y: 3, width: 25, height: 18))
        }
        draw(c)
        let fresh = try Canvas(width: 40, height: 30, background: bg)
        draw(fresh)
        XCTAssertEqual(c.image, fresh.image)
    }
}

final class SpareLayerTests: XCTestCase {
    /// Two layers of one size in a row: the second reuses the first's image, zeroing only what
    /// the first drew on, and gives the bytes of a layer on a new image.
    func testAReusedLayerImageIsTransparentAgain() throws {
        func frame(reuse: Bool) throws -> Image {
            let c = try Canvas(width: 50, height: 40, background: .white)
            c.setAlpha(0.8)
            c.beginTransparencyLayer()
            c.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.7))
            c.fill(Rect(x: 3.5, y: 2, width: 30, height: 25))
            c.endTransparencyLayer()
            XCTAssertNotNil(c.spareLayer)
            if !reuse { c.spareLayer = nil }
            c.beginTransparencyLayer()
            c.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
            c.fillEllipse(in: Rect(x: 20, y: 15, width: 25, height: 20))
            c.endTransparencyLayer()
            return c.image
        }
        XCTAssertEqual(try frame(reuse: true), try frame(reuse: false))
    }
}
