// hudrender's entry point: install the signal handlers, keep freed frame buffers, run the command,
// exit with its status.
//
// Design note: nothing else happens here; the command is the HUDRenderCLI library, so tests,
// fuzzers and other tools run exactly what the executable runs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRenderCLI

CommandLineTool.installSignalHandlers()
CommandLineTool.keepFreedFrameBuffers()
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
