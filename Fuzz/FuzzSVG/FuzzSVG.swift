// libFuzzer entry: the XML reader, CSS and SVG document model, and rendering at a small size,
// both as the CLI does (`renderImage(width:)`) and into a rotated, clipped canvas.
// Built only by Scripts/fuzz.sh (the Fuzz package, --sanitize fuzzer): any crash, hang or leak here is a bug.
//
// Design note: the renders are small (32 px wide, 24 x 24) so the fuzzer spends its time in parsing
// and in the renderer's bookkeeping (use/pattern/clip budgets), not in filling large pixel areas.
import HUDRaster
import HUDSVG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let doc = try? SVGDocument(data: bytes) else { return 0 }
    _ = doc.warnings.count
    _ = try? doc.renderImage(width: 32)
    if let canvas = try? Canvas(width: 24, height: 24) {
        canvas.clip(to: Rect(x: 2, y: 2, width: 20, height: 20))
        canvas.translateBy(x: 12, y: 12)
        canvas.rotate(by: 0.5)
        canvas.setAlpha(0.7)
        doc.render(in: canvas, rect: Rect(x: -10, y: -10, width: 20, height: 20))
    }
    return 0
}
