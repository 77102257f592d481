/// A table whose values a persisted state reads as bytes (``Deferred``): an update decodes
/// only the values it reads, and writes back the others as they were read. Reading a value
/// decodes it once; setting one replaces it.
public struct DeferredTable<Key: Hashable & BinaryCoded & Sendable, Value: BinaryCoded & Sendable>: Sendable {
  private var storage: [Key: Deferred<Value>] = [:]

  /// An empty table.
  public init() {}

  /// The value of `key`, decoded when first read; `nil` when there is none.
  public subscript(key: Key) -> Value? {
    get { storage[key]?.value }
    set { storage[key] = newValue.map { Deferred($0) } }
  }

  /// The value of `key`, or `defaultValue` to change when there is none.
  public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
    get { storage[key]?.value ?? defaultValue() }
    set { storage[key] = Deferred(newValue) }
  }

  /// The keys, in no order (nothing is decoded).
  public var keys: Dictionary<Key, Deferred<Value>>.Keys { storage.keys }
  /// How many values the table holds.
  public var count: Int { storage.count }
  /// `true` when it holds none.
  public var isEmpty: Bool { storage.isEmpty }

  /// `true` once the value of `key` was decoded (or was never encoded); `false` when there is none.
  public func isDecoded(_ key: Key) -> Bool { storage[key]?.isDecoded ?? false }

  /// Room for `capacity` values.
  public mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }

  /// Removes every value.
  public mutating func removeAll() { storage = [:] }
}

extension DeferredTable: BinaryCoded {
  /// The count, then each key followed by its value's own binary form.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&storage)
  }
}
