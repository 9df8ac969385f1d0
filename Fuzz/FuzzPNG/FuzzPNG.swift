// libFuzzer entry: the libpng-backed PNG reader (setjmp shim).
// Built only by Scripts/fuzz.sh (the Fuzz package, --sanitize fuzzer): any crash, hang or leak here is a bug.
import HUDCodecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PNG.decode(bytes)
    return 0
}
