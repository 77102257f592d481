import Foundation

/// Work a command runs on another thread while it goes on, and whose value it waits for
/// when it needs it: `generate` writes the summary cache while it writes its code. The
/// process waits for every such work before it exits (``BackgroundWork/waitAtExit()``),
/// however the command ends, so that no file is left half-written.
public final class Background<Value: Sendable>: Sendable {
  private let work: Later<Value>

  /// Starts `work` on another thread.
  public init(_ work: @escaping @Sendable () -> Value) {
    BackgroundWork.pending.enter()
    self.work = Later {
      defer { BackgroundWork.pending.leave() }
      return work()
    }
  }

  /// The work's value, once it is done.
  public func wait() -> Value { work.value }
}

/// Every ``Background`` work of the process.
public enum BackgroundWork {
  /// The works started and not yet done.
  fileprivate static let pending = DispatchGroup()

  /// Makes the process wait, when it exits, for every work started (call once, first).
  public static func waitAtExit() {
    atexit { BackgroundWork.pending.wait() }
  }
}
