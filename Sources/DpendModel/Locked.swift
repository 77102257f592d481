#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value several threads share, behind a lock: the only lock dpend uses.
///
/// Not `Synchronization.Mutex`: on Linux, when a `Mutex` is contended, the lock passes from
/// one thread to the next through futex calls inside the standard library, which
/// ThreadSanitizer does not see. It then reports the two threads' accesses to the guarded
/// value as a data race, and a run with `halt_on_error=1` (CI's) ends the process. A
/// `pthread_mutex_t` is intercepted by ThreadSanitizer, so every hand-over is seen and real
/// races are still reported. Guard a value that has a size (a counter rather than `()`): an
/// access to a value of no size is taken for one to the lock object, and two threads taking
/// the lock in turn are reported as a race.
public final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// A lock guarding `initialValue`.
  public init(_ initialValue: sending Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    value = initialValue
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the value while holding the lock. Not reentrant: `body` must not take
  /// the same lock again.
  public func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
