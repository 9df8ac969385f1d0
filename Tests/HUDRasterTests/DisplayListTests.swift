// DisplayList: a recorded canvas replays to the same pixels, survives its text form unchanged,
// and a damaged file fails with the line that is wrong.
import XCTest
@testable import HUDRaster

final class DisplayListTests: XCTestCase {
    /// Draws a bit of everything a frame has: transforms, saves, a clip, gradients, strokes with
    /// dashes, a translucent layer with a shadow, a mask, an image and a cleared hole.
    func draw(on c: Canvas) throws {
        c.saveGState()
        c.translateBy(x: 10.5, y: 4)
        c.rotate(by: 0.3)
        c.setFillPaint(.linearGradient(Gradient(colors: [.white, Color(red: 0.2, green: 0.4, blue: 0.9)]),
                                       start: Point(x: 0, y: 0), end: Point(x: 60, y: 20)))
        c.fillEllipse(in: Rect(x: 0, y: 0, width: 60, height: 40))
        c.restoreGState()
        c.saveGState()
        c.clip(to: Rect(x: 5.5, y: 5.5, width: 80, height: 70))
        c.drawRadialGradient(Gradient(colors: [Color(white: 0, alpha: 0), Color(white: 0, alpha: 0.5)]),
                             startCenter: Point(x: 50, y: 40), startRadius: 5, endCenter: Point(x: 50, y: 40),
                             endRadius: 50, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        c.setStrokeColor(Color(red: 1, green: 0.3, blue: 0))
        c.setLineWidth(3)
        c.setLineDash(phase: 1, lengths: [6, 3])
        c.strokeEllipse(in: Rect(x: 20, y: 20, width: 50, height: 30))
        c.setAlpha(0.7)
        c.setShadow(offset: Size(width: 2, height: 3), blur: 4)
        c.beginTransparencyLayer()
        c.setFillColor(.black)
        c.fill(Rect(x: 30, y: 50, width: 30, height: 20))
        c.fill(Mask(originX: 70, originY: 10, width: 3, height: 2, coverage: [0, 128, 255, 64, 200, 10]), color: .white)
        c.endTransparencyLayer()
        c.draw(try Image(width: 2, height: 1, premultipliedPixels: [255, 0, 0, 255, 0, 0, 128, 128]),
               in: Rect(x: 80, y: 70, width: 10, height: 5))
        c.clear(Rect(x: 0, y: 0, width: 4, height: 4))
    }

    func recorded() throws -> (DisplayList, Image) {
        let c = try Canvas(width: 96, height: 80, background: .white)
        c.recorder = DisplayListRecorder(width: 96, height: 80, background: .white)
        try draw(on: c)
        return (c.recorder!.displayList, c.image)
    }

    func testRenderReusingACanvasGivesTheSamePixels() throws {
        let (list, direct) = try recorded()
        let c = try Canvas(width: list.width, height: list.height)
        list.render(reusing: c)
        list.render(reusing: c)
        XCTAssertEqual(c.image.pixels, direct.pixels)
    }

    func testReplayGivesTheSamePixels() throws {
        let (list, direct) = try recorded()
        XCTAssertEqual(try list.render().pixels, direct.pixels)
    }

    func testTextFormRoundTrips() throws {
        let (list, direct) = try recorded()
        let text = list.text
        XCTAssertTrue(text.hasPrefix("hudrender-displaylist 1\n"))
        let read = try DisplayList(text: text)
        XCTAssertEqual(read.text, text)
        XCTAssertEqual(try read.render().pixels, direct.pixels)
    }

    func testDamagedFilesNameTheLine() throws {
        XCTAssertThrowsError(try DisplayList(text: "not a list\n"))
        let bad = "hudrender-displaylist 1\nsize 4 4\nfill winding M 0 0 L nope 1 Z\n"
        XCTAssertThrowsError(try DisplayList(text: bad)) { e in
            XCTAssertEqual((e as? DisplayListError)?.line, 3)
        }
    }

    func testBase64RoundTrips() {
        for n in 0..<7 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 97 + 5) }
            XCTAssertEqual(Base64.decode(Substring(Base64.encode(bytes))), bytes)
        }
        XCTAssertNil(Base64.decode("ab*d"))
    }
}
