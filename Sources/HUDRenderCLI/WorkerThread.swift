// WorkerThread: starts a detached thread with a given stack size.
//
// Design note: Foundation's Thread is not in FoundationEssentials, which is all the executable
// links; a render worker needs only a start and a stack large enough for deep paths. (Thread's
// names for the workers were longer than the 15 bytes Linux keeps, so they were never set.)

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum WorkerThread {
    /// Runs `body` on a new detached thread of `stackSize` bytes.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            // Optional on Linux, not on Darwin: the same line serves both.
            let pointer: UnsafeMutableRawPointer? = context
            Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "cannot start a worker thread (error \(status))")
    }

    /// The closure, boxed to pass through pthread_create's context pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
