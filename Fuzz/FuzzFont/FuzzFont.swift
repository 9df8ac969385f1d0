// libFuzzer entry: the TrueType/OpenType reader, outlines and layout.
// Built only by Scripts/fuzz.sh (HUDRENDER_FUZZ=1, --sanitize fuzzer): any crash, hang or leak here is a bug.
import HUDText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let face = try? FontFace(data: bytes) else { return 0 }
    let font = Font(face: face, size: 16)
    _ = TextLayout("Giới thiệu — Loading… 70%", font: font, maxWidth: 120).size
    return 0
}
