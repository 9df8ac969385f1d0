// Minimal pthread helpers so the tests need no Foundation.

#if canImport(Glibc)
import Glibc
#endif

/// Minimal pthread wrappers so the test needs no Foundation.
final class Mutex2<T>: @unchecked Sendable {
    private var value: T
    private var m = pthread_mutex_t()
    init(_ v: T) { value = v; pthread_mutex_init(&m, nil) }
    func with<R>(_ body: (inout T) -> R) -> R { pthread_mutex_lock(&m); defer { pthread_mutex_unlock(&m) }; return body(&value) }
}

final class Thread2: @unchecked Sendable {
    private var tid = pthread_t()
    private let body: () -> Void
    init(_ body: @escaping () -> Void) {
        self.body = body
        let unmanaged = Unmanaged.passRetained(self)
        pthread_create(&tid, nil, { arg in
            let t = Unmanaged<Thread2>.fromOpaque(arg!).takeRetainedValue()
            t.body()
            return nil
        }, unmanaged.toOpaque())
    }
    func join() { pthread_join(tid, nil) }
}
