// SVGFilterPrimitive: the filter primitives HUDSVG runs (feGaussianBlur, feOffset, feMerge) and the
// tiny image graph that connects them through `in` / `result` names.
//
// Design note: glows and drop shadows in icons are written as blur (+ offset) merged under the
// SourceGraphic; these three primitives cover that idiom exactly. All images share the size of the
// filter region's device box, so combining them needs no resampling: offset shifts whole pixels
// and merge is source-over on premultiplied RGBA8.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

enum SVGFilterPrimitive {
    case blur(input: String?, result: String?, sigmaX: Double, sigmaY: Double)
    case offset(input: String?, result: String?, dx: Double, dy: Double)
    case merge(inputs: [String?], result: String?)
    case flood(result: String?, color: Color)
    /// Porter-Duff `operator` of `input` with `input2` (over, in, out, atop, xor).
    case composite(input: String?, input2: String?, result: String?, operator: String)

    /// Runs the chain on `source` (SourceGraphic) and returns the last result.
    static func run(_ chain: [SVGFilterPrimitive], source: Image, scaleX: Double, scaleY: Double,
                    deviceDelta: (Double, Double) -> (Double, Double)) -> Image {
        var named: [String: Image] = [:]
        var last = source
        func input(_ name: String?) -> Image {
            switch name {
            case nil: return last
            case "SourceGraphic": return source
            case "SourceAlpha": return alphaOnly(source)
            case let n?: return named[n] ?? last
            }
        }
        for p in chain {
            var out: Image
            let result: String?
            switch p {
            case let .blur(i, r, sx, sy):
                out = input(i)
                if sx > 0 || sy > 0 { SVGBlur.blur(&out, sigmaX: sx * scaleX, sigmaY: sy * scaleY) }
                result = r
            case let .offset(i, r, dx, dy):
                let (ddx, ddy) = deviceDelta(dx, dy)
                out = shifted(input(i), dx: ddx, dy: ddy)
                result = r
            case let .flood(r, color):
                out = (try? Image(width: source.width, height: source.height, fill: color)) ?? source
                result = r
            case let .composite(i, i2, r, op):
                out = porterDuff(input(i), input(i2), op)
                result = r
            case let .merge(inputs, r):
                out = (try? Image(width: source.width, height: source.height)) ?? source
                for i in inputs { composite(input(i), over: &out) }
                result = r
            }
            if let r = result, !r.isEmpty { named[r] = out }
            last = out
        }
        return last
    }

    /// Porter-Duff on premultiplied pixels: result = A*Fa + B*Fb.
    static func porterDuff(_ a: Image, _ b: Image, _ op: String) -> Image {
        guard a.width == b.width, a.height == b.height else { return a }
        var out = a
        var i = 0
        while i < a.pixels.count {
            let aa = UInt32(a.pixels[i + 3]), ba = UInt32(b.pixels[i + 3])
            let (fa, fb): (UInt32, UInt32)
            switch op {
            case "in": (fa, fb) = (ba, 0)
            case "out": (fa, fb) = (255 - ba, 0)
            case "atop": (fa, fb) = (ba, 255 - aa)
            case "xor": (fa, fb) = (255 - ba, 255 - aa)
            default: (fa, fb) = (255, 255 - aa) // over
            }
            for c in 0..<4 {
                let v = (UInt32(a.pixels[i + c]) * fa + UInt32(b.pixels[i + c]) * fb + 127) / 255
                out.pixels[i + c] = UInt8(min(255, v))
            }
            i += 4
        }
        return out
    }

    static func alphaOnly(_ img: Image) -> Image {
        var out = img
        var i = 0
        while i < out.pixels.count { out.pixels[i] = 0; out.pixels[i + 1] = 0; out.pixels[i + 2] = 0; i += 4 }
        return out
    }

    /// The image moved by whole device pixels (rounded); uncovered pixels are transparent.
    static func shifted(_ img: Image, dx: Double, dy: Double) -> Image {
        guard dx.isFinite, dy.isFinite else { return img }
        let sx = Int(max(-1e6, min(1e6, dx)).rounded()), sy = Int(max(-1e6, min(1e6, dy)).rounded())
        if sx == 0 && sy == 0 { return img }
        var out = (try? Image(width: img.width, height: img.height)) ?? img
        let w = img.width, h = img.height
        for y in 0..<h {
            let srcY = y - sy
            guard srcY >= 0 && srcY < h else { continue }
            for x in 0..<w {
                let srcX = x - sx
                guard srcX >= 0 && srcX < w else { continue }
                let s = (srcY * w + srcX) * 4, d = (y * w + x) * 4
                out.pixels[d] = img.pixels[s]; out.pixels[d + 1] = img.pixels[s + 1]
                out.pixels[d + 2] = img.pixels[s + 2]; out.pixels[d + 3] = img.pixels[s + 3]
            }
        }
        return out
    }

    /// Source-over of premultiplied `top` onto `bottom` (same size).
    static func composite(_ top: Image, over bottom: inout Image) {
        guard top.width == bottom.width, top.height == bottom.height else { return }
        var i = 0
        let t = top.pixels
        while i < t.count {
            let ia = 255 - UInt32(t[i + 3])
            for c in 0..<4 {
                bottom.pixels[i + c] = UInt8(min(255, UInt32(t[i + c]) + (UInt32(bottom.pixels[i + c]) * ia + 127) / 255))
            }
            i += 4
        }
    }
}
