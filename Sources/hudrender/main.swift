// hudrender's entry point: keep freed frame buffers (before any thread starts, so that every thread
// shares the one heap arena), install the signal handlers, run the command, exit with its status.
//
// Design note: nothing else happens here; the command is the HUDRenderCLI library, so tests,
// fuzzers and other tools run exactly what the executable runs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRenderCLI

CommandLineTool.keepFreedFrameBuffers()
CommandLineTool.installSignalHandlers()
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
