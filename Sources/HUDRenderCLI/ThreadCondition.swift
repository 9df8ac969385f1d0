// ThreadCondition: a mutex with one condition variable, for threads that wait on shared state.
//
// Design note: NSCondition is Foundation's, and the executable links FoundationEssentials only;
// this is the same pthread pair with the three waits the frame pipeline needs. Memory for the
// pthread objects is allocated once and never moves, as pthreads require.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits (holding the lock) until woken.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (holding the lock) until woken or `seconds` have passed.
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        var deadline = now
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        _ = pthread_cond_timedwait(condition, mutex, &deadline)
    }

    /// Wakes every waiting thread.
    func broadcast() { pthread_cond_broadcast(condition) }
}
