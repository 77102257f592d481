import Dispatch
import DpendModel

/// Work spread over every core for the graph's stages.
enum Parallel {
  /// How many pieces parallel work is cut into: several per core, so cores finishing early
  /// take another piece.
  static let chunks = 16

  /// `make(0..<count)`, cut into ``chunks`` runs of consecutive indexes made in parallel
  /// when `count` reaches `minimum`. Each result is made in its place in the array: moving
  /// results between arrays would retain and release everything they hold.
  static func map<T: Sendable>(_ count: Int, minimum: Int, _ make: @Sendable (Int) -> T) -> [T] {
    guard count >= minimum, count > 1 else { return (0..<count).map(make) }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      let results = SharedBuffer(buffer: buffer)
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        // Consecutive indexes, so that two threads rarely write to one cache line.
        for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
          (results.buffer.baseAddress! + index).initialize(to: make(index))
        }
      }
      initialized = count
    }
  }
}

/// An array's uninitialized storage, each index written by one worker thread only.
private struct SharedBuffer<T>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<T>
}

/// A value made on another thread and read after waiting for it.
final class ResultBox<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)
  var value: Value? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// Values each taken once, by index, from any thread (each index by one thread only): a
/// value taken is released by its taker, not kept until all are.
final class TakenOnce<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  init(_ values: [Value?]) {
    storage = .allocate(capacity: values.count)
    _ = storage.initialize(fromContentsOf: values)
  }

  /// The value at `index`, left `nil` in its place.
  func take(_ index: Int) -> Value? {
    let value = (storage.baseAddress! + index).move()
    (storage.baseAddress! + index).initialize(to: nil)
    return value
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }
}
