// BuiltInBenchmarks: the suite `hudrender bench` runs without files.
//
// Design note: each test is a typical HUD drawing workload (anti-aliased fills, round-capped
// strokes, gradients, the HUD shadow's blur, full frame clears) on a fresh Canvas, timed as the
// median of N runs; one line per test keeps runs comparable with `diff` or a spreadsheet.

import Foundation
import HUDCodecs
import HUDRaster

enum BuiltInBenchmarks {
    struct Test {
        let name: String
        let width: Int, height: Int
        let draw: (Canvas) -> Void
    }

    static let tests: [Test] = [
        Test(name: "fill-circles", width: 512, height: 512) { c in
            c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
            for i in 0..<100 {
                let x = Double((i * 37) % 480), y = Double((i * 91) % 480)
                c.fillEllipse(in: Rect(x: x, y: y, width: 32, height: 32))
            }
        },
        Test(name: "rounded-rect-hud", width: 512, height: 512) { c in
            c.setShadow(offset: Size(width: 0, height: -3), blur: 15, color: Color(white: 0, alpha: 0.5))
            c.setFillColor(Color(white: 0, alpha: 0.75))
            c.fill(Path(roundedRect: Rect(x: 156, y: 176, width: 200, height: 160), cornerRadius: 10))
        },
        Test(name: "stroke-spokes", width: 256, height: 256) { c in
            c.setStrokeColor(.white)
            c.setLineWidth(3)
            c.setLineCap(.round)
            for i in 0..<12 {
                let a = Double(i) * .pi / 6
                var p = Path()
                p.move(to: Point(x: 128 + 40 * cos(a), y: 128 + 40 * sin(a)))
                p.addLine(to: Point(x: 128 + 90 * cos(a), y: 128 + 90 * sin(a)))
                c.stroke(p)
            }
        },
        Test(name: "radial-gradient-overlay", width: 390, height: 844) { c in
            let g = Gradient(colors: [Color(white: 0, alpha: 0), Color(white: 0, alpha: 0.4), Color(white: 0, alpha: 0.5)],
                             locations: [0, 0.5, 1])
            c.drawRadialGradient(g, startCenter: Point(x: 195, y: 422), startRadius: 50, endCenter: Point(x: 195, y: 422),
                                 endRadius: 557, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        },
        Test(name: "blur-sigma-8", width: 256, height: 256) { c in
            c.setFillColor(.black)
            c.setShadow(offset: .zero, blur: 16, color: .black)
            c.fill(Rect(x: 64, y: 64, width: 128, height: 128))
        },
    ]

    static func run(iterations: Int) throws {
        for test in tests {
            var samples: [Double] = []
            for _ in 0..<iterations {
                try Cancellation.shared.check()
                let canvas = try Canvas(width: test.width, height: test.height, background: .clear)
                let start = DispatchTime.now().uptimeNanoseconds
                test.draw(canvas)
                _ = canvas.image
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            Console.out("\(test.name): median \(String(format: "%.3f", BenchCommand.median(samples))) ms per frame (\(test.width)x\(test.height), \(iterations) iterations)")
        }
    }

    static func dumpScenes(to dir: String) throws {
        for test in tests {
            let canvas = try Canvas(width: test.width, height: test.height, background: .clear)
            test.draw(canvas)
            do { try PNG.write(canvas.image, to: "\(dir)/\(test.name).png") } catch { throw RuntimeFailure("", error) }
        }
    }
}
