import Dispatch
import DpendModel

/// Work spread over every core for the graph's stages.
enum Parallel {
  /// How many pieces parallel work is cut into: a few per core, so cores finishing early
  /// take another piece.
  static let chunks = 8

  /// `make(0..<count)`, cut into ``chunks`` pieces run in parallel when `count` reaches
  /// `minimum`.
  static func map<T: Sendable>(_ count: Int, minimum: Int, _ make: @Sendable (Int) -> T) -> [T] {
    guard count >= minimum, count > 1 else { return (0..<count).map(make) }
    let pieces = Locked([[T]](repeating: [], count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let made = stride(from: chunk, to: count, by: chunks).map(make)
      pieces.withLock { $0[chunk] = made }
    }
    return pieces.withLock { pieces in
      // Piece `c` holds items c, c + chunks, c + 2 * chunks, …: interleave them back.
      (0..<count).map { pieces[$0 % chunks][$0 / chunks] }
    }
  }
}

/// A value made on another thread and read after waiting for it.
final class ResultBox<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)
  var value: Value? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
