// CommandLineTool+Allocator: freed frame buffers stay in the process's heap.
//
// Design note: every frame allocates canvases of the same few sizes and frees them; glibc hands
// such blocks back to the kernel (mmap above its threshold, trimming the heap top), and the next
// frame's buffer would fault in again page by page. Raised thresholds keep freed buffers in the
// heap, so each worker's next frame reuses them. All threads share one arena: glibc otherwise gives
// each new thread (render workers, the encoder's Dispatch workers) an arena of its own, whose pages
// fault in afresh and whose freed blocks no other thread reuses; the few large blocks a frame
// allocates make the shared arena's lock cheap. Output does not depend on it, only speed; other C
// libraries keep their own policy.

#if canImport(Glibc)
import Glibc
#endif

extension CommandLineTool {
    /// Keeps freed frame-sized blocks in the heap for reuse (glibc only; elsewhere it does nothing).
    /// Call once, early, in a process that renders many frames.
    public static func keepFreedFrameBuffers() {
        #if canImport(Glibc)
        // mallopt is declared in <malloc.h>, which the Glibc module does not export; glibc's option
        // numbers are M_TRIM_THRESHOLD = -1, M_MMAP_THRESHOLD = -3 and M_ARENA_MAX = -8.
        if let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            let mallopt = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-1, 512 << 20)
            _ = mallopt(-8, 1)
        }
        #endif
    }
}
