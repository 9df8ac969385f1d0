// FuzzCLI: one libFuzzer binary for the two parsers of the hudrender command (HUDRenderCLI).
//
// Design note: the storyboard and the command-line fuzzers share this binary and it picks its job
// from the name it runs under (Scripts/fuzz.sh links FuzzStoryboard and FuzzCommandLine to it;
// HUDRENDER_FUZZ_MODE=storyboard or commandline overrides), so one sanitized build serves both.
// Built only by Scripts/fuzz.sh (--sanitize fuzzer): any crash, hang or leak here is a bug.
import Foundation

private enum Mode { case storyboard, commandLine }
nonisolated(unsafe) private var mode = Mode.commandLine

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    var name = ""
    if let args = argv.pointee, let first = args[0] { name = String(cString: first) }
    let chosen = ProcessInfo.processInfo.environment["HUDRENDER_FUZZ_MODE"]?.lowercased() ?? (name as NSString).lastPathComponent.lowercased()
    mode = chosen.contains("storyboard") ? .storyboard : .commandLine
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch mode {
    case .storyboard: FuzzStoryboard.run(bytes)
    case .commandLine: FuzzCommandLine.run(bytes)
    }
    return 0
}
