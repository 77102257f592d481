/// A table whose values a persisted state reads as bytes: an update decodes only the values
/// it reads, and writes back the others as they were read. The bytes of every value read
/// are kept in one buffer (each value in its own binary form, ``BinaryCoder/encoded(_:prefix:)``),
/// so reading a table costs its keys and one copy. Reading a value decodes it once; setting
/// one replaces it. A table never read is a dictionary.
public struct DeferredTable<Key: Hashable & BinaryCoded & Sendable, Value: BinaryCoded & Sendable>: Sendable {
  /// The values a state held, as bytes, and those decoded from them so far (shared by the
  /// copies of a table: what they decode is the same).
  @usableFromInline
  final class Read: @unchecked Sendable {
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let ranges: [Key: Range<Int>]
    @usableFromInline let decoded = Locked<[Key: Value]>([:])

    @usableFromInline
    init(bytes: [UInt8], ranges: [Key: Range<Int>]) {
      self.bytes = bytes
      self.ranges = ranges
    }

    /// The value of `key`, decoded the first time (``BinaryCoder/deferredValue(_:from:)``).
    @inlinable
    func value(_ key: Key) -> Value? {
      guard let range = ranges[key] else { return nil }
      if let value = decoded.withLock({ $0[key] }) { return value }
      let value = BinaryCoder.deferredValue(Value.self, from: bytes[range])
      decoded.withLock { $0[key] = value }
      return value
    }
  }

  /// What a state held; `nil` for a table never read.
  @usableFromInline var read: Read?
  /// The values set (or removed: `nil`) since the table was read; every value of one never read.
  @usableFromInline var changes: [Key: Value?] = [:]

  /// An empty table.
  @inlinable
  public init() {}

  /// The value of `key`, decoded when first read; `nil` when there is none.
  @inlinable
  public subscript(key: Key) -> Value? {
    get {
      if let change = changes[key] { return change }
      return read?.value(key)
    }
    set {
      if newValue == nil && read?.ranges[key] == nil {
        changes.removeValue(forKey: key)
      } else {
        changes.updateValue(newValue, forKey: key)
      }
    }
    // In place: the value is moved out of the table while it changes, so that changing a
    // part of it (a set of a bucket) copies nothing.
    _modify {
      var value = takeValue(key)
      defer { self[key] = value }
      yield &value
    }
  }

  /// The value of `key`, or `defaultValue` to change when there is none.
  @inlinable
  public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
    get { self[key] ?? defaultValue() }
    set { changes.updateValue(newValue, forKey: key) }
    _modify {
      var value = takeValue(key) ?? defaultValue()
      defer { changes.updateValue(value, forKey: key) }
      yield &value
    }
  }

  /// The value of `key` moved out of ``changes`` (or read), for a change in place.
  @inlinable
  mutating func takeValue(_ key: Key) -> Value? {
    if let change = changes.removeValue(forKey: key) { return change }
    return read?.value(key)
  }

  /// The keys, in no order (nothing is decoded).
  @inlinable
  public var keys: [Key] {
    guard let read else { return Array(changes.keys) }
    var keys = read.ranges.keys.filter { changes[$0] == nil }
    for (key, value) in changes where value != nil { keys.append(key) }
    return keys
  }

  /// How many values the table holds.
  @inlinable
  public var count: Int { read == nil ? changes.count : keys.count }
  /// `true` when it holds none.
  @inlinable
  public var isEmpty: Bool { count == 0 }

  /// `true` once the value of `key` was decoded or set; `false` when there is none.
  @inlinable
  public func isDecoded(_ key: Key) -> Bool {
    if let change = changes[key] { return change != nil }
    guard let read, read.ranges[key] != nil else { return false }
    return read.decoded.withLock { $0[key] != nil }
  }

  /// Every value, decoded, by key.
  var dictionary: [Key: Value] {
    Dictionary(uniqueKeysWithValues: keys.map { ($0, self[$0]!) })
  }

  /// Room for `capacity` values set.
  @inlinable
  public mutating func reserveCapacity(_ capacity: Int) { changes.reserveCapacity(capacity) }

  /// Removes every value.
  @inlinable
  public mutating func removeAll() {
    read = nil
    changes = [:]
  }
}

extension DeferredTable: BinaryCoded {
  /// The count, then each key followed by its value's own binary form (as raw bytes).
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    guard coder.isReading else {
      let keys = keys
      var count = keys.count
      try coder.codeCount(&count, elementSize: 2)
      for var key in keys {
        let change = changes[key]
        try key.code(&coder)
        if let change, let value = change {
          coder.writer.writeBytes(BinaryCoder.encoded(value))
        } else if let read, let range = read.ranges[key] {
          coder.writer.writeBytes(read.bytes[range])
        }
      }
      return
    }
    var count = 0
    try coder.codeCount(&count, elementSize: 2)
    var values: [(key: Key, bytes: UnsafeRawBufferPointer)] = []
    values.reserveCapacity(count)
    var total = 0
    for _ in 0..<count {
      var key = Key()
      try key.code(&coder)
      let bytes = try coder.reader.readBytesInPlace()
      total += bytes.count
      values.append((key, bytes))
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(total)
    var ranges: [Key: Range<Int>] = Dictionary(minimumCapacity: count)
    for (key, bytes) in values {
      let start = buffer.count
      buffer.append(contentsOf: bytes)
      ranges[key] = start..<buffer.count
    }
    read = Read(bytes: buffer, ranges: ranges)
    changes = [:]
  }
}
