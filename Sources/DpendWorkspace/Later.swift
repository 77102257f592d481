import Dispatch
import DpendModel

/// A value made on another thread while the caller goes on; reading ``value`` waits for it.
public final class Later<Value: Sendable>: Sendable {
  private let result = Locked<Value?>(nil)
  private let done = DispatchGroup()

  /// Starts making the value.
  public init(_ make: @escaping @Sendable () -> Value) {
    done.enter()
    let result = self.result
    let done = self.done
    DispatchQueue.global(qos: .userInitiated).async {
      let value = make()
      result.withLock { $0 = value }
      done.leave()
    }
  }

  /// The value, once it is made.
  public var value: Value {
    done.wait()
    return result.withLock { $0! }
  }
}
