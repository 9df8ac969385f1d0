// libFuzzer entry: the XML reader, CSS and SVG document model, and rendering at a small size.
// Built only by Scripts/fuzz.sh (HUDRENDER_FUZZ=1, --sanitize fuzzer): any crash, hang or leak here is a bug.
import HUDSVG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let doc = try? SVGDocument(data: bytes) else { return 0 }
    _ = try? doc.renderImage(width: 32)
    return 0
}
