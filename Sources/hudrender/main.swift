// hudrender's entry point: install the signal trap, keep freed frame buffers, run the command,
// exit with its status.
//
// Design note: nothing else happens here, so the whole tool stays testable through
// `CommandLineTool.main(_:)` and through the built binary alike. Every frame allocates canvases
// of the same few sizes and frees them; glibc would hand such blocks back to the kernel (mmap
// above its threshold, trimming the heap top), and the next frame's buffer would fault in again
// page by page. Raised thresholds keep freed buffers in the heap, so each worker's next frame
// reuses them. Output does not depend on it, only speed.

import Foundation
import HUDCodecs

#if canImport(Glibc)
// mallopt is declared in <malloc.h>, which the Glibc module does not export; glibc's option
// numbers are M_TRIM_THRESHOLD = -1 and M_MMAP_THRESHOLD = -3.
if let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mallopt = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, 512 << 20)
}
#endif
SignalTrap.removeTemporaryFiles = { AtomicFile.removeAllPending() }
SignalTrap.install()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
