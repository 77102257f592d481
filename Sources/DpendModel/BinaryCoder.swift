/// A value whose binary form one function describes for writing and reading alike: its
/// ``code(_:)`` hands each stored property to the coder, which writes it or reads it into
/// place. Nothing is written twice, so writing and reading cannot drift apart.
///
/// A value read starts as ``init()`` and ends with every stored property read; a type whose
/// properties are immutable copies them out, codes the copies and, when reading, builds
/// itself from them.
public protocol BinaryCoded {
  /// A value to read into (every stored property is then overwritten).
  init()
  /// Writes every stored property when `coder` writes, reads each into place when it reads,
  /// in the same order both ways.
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError)
}

/// Writes values through a ``BinaryWriter`` or reads them through a ``BinaryReader``, as
/// each value's ``BinaryCoded/code(_:)`` describes. Strings and ranges go to the writer's
/// tables: each distinct string is stored once.
public struct BinaryCoder {
  /// `true` when values are read, `false` when they are written.
  public let isReading: Bool
  /// The shared objects written so far, by address (``codeShared(_:_:)``).
  private var sharedNumbers = OpenTable()
  private var sharedAddresses: [UInt] = []
  /// The shared objects read so far, by number.
  private var sharedObjects: [AnyObject] = []
  /// What is written (empty when reading).
  public var writer: BinaryWriter
  /// What is read (empty when writing).
  public var reader: BinaryReader

  /// A coder that writes.
  public init() {
    isReading = false
    writer = BinaryWriter()
    reader = BinaryReader()
  }

  /// A coder that reads with `reader`.
  public init(reading reader: BinaryReader) {
    isReading = true
    writer = BinaryWriter(capacity: 0)
    self.reader = reader
  }

  /// The bytes of `value` after `prefix`: the tables, then the values.
  public static func encoded(_ value: some BinaryCoded, prefix: [UInt8] = []) -> [UInt8] {
    var coder = BinaryCoder()
    var copy = value
    // A writer throws nothing.
    try? copy.code(&coder)
    return coder.writer.encoded(prefix: prefix)
  }

  /// The value `buffer` holds (what ``encoded(_:prefix:)`` wrote without a prefix), every
  /// byte read.
  public static func decoded<Value: BinaryCoded>(
    _: Value.Type = Value.self, from buffer: UnsafeRawBufferPointer
  ) throws(SummaryDecodingError) -> Value {
    try decoded(from: BinaryReader(buffer))
  }

  /// The value `buffer` holds after `header`, a format's magic and version (what
  /// ``encoded(_:prefix:)`` wrote with that prefix), every byte read; `what` names the
  /// format in an error (``BinaryReader/init(_:header:what:)``).
  public static func decoded<Value: BinaryCoded>(
    _: Value.Type = Value.self, from buffer: UnsafeRawBufferPointer, header: [UInt8], what: String
  ) throws(SummaryDecodingError) -> Value {
    try decoded(from: BinaryReader(buffer, header: header, what: what))
  }

  /// The value `reader` reads, past its tables, to the last byte.
  private static func decoded<Value: BinaryCoded>(from reader: BinaryReader) throws(SummaryDecodingError) -> Value {
    var coder = BinaryCoder(reading: reader)
    var value = Value()
    try value.code(&coder)
    try coder.reader.finish()
    return value
  }

  /// Codes `value` with its own ``BinaryCoded/code(_:)``.
  @inlinable
  public mutating func code<Value: BinaryCoded>(_ value: inout Value) throws(SummaryDecodingError) {
    try value.code(&self)
  }

  /// Codes `value` as its index in `cases`: the stable small integer an enum is written as
  /// (`cases` lists every case, in an order that never changes; `what` names the enum in an
  /// error).
  @inlinable
  public mutating func codeCase<Value: Equatable>(
    _ value: inout Value, of cases: [Value], _ what: String
  ) throws(SummaryDecodingError) {
    if isReading {
      value = try reader.readCase(of: cases, what)
    } else {
      writer.writeCase(value, of: cases)
    }
  }

  /// Codes an optional string in one varint: 0 for `nil`, else its index in the string
  /// table plus one (as a ``BinaryCoded`` value, a `String?` is a `Bool` and the index).
  @inlinable
  public mutating func codeOptionalString(_ value: inout String?) throws(SummaryDecodingError) {
    if isReading { value = try reader.readOptionalString() } else { writer.writeOptionalString(value) }
  }

  /// Codes `value` as an unsigned varint (``BinaryWriter/writeUnsigned(_:)``).
  @inlinable
  public mutating func codeUnsigned(_ value: inout UInt64) throws(SummaryDecodingError) {
    if isReading { value = try reader.readUnsigned() } else { writer.writeUnsigned(value) }
  }

  /// Codes raw bytes: their count, then the bytes.
  @inlinable
  public mutating func codeBytes(_ bytes: inout [UInt8]) throws(SummaryDecodingError) {
    if isReading { bytes = try reader.readBytes() } else { writer.writeBytes(bytes) }
  }

  /// Codes an array whose elements are coded by `element` (not by a ``BinaryCoded/code(_:)``
  /// of their own): the count, then each element. Reading codes each element into a copy of
  /// `blank`.
  @inlinable
  public mutating func codeArray<Element>(
    _ elements: inout [Element], blank: Element,
    _ element: (inout BinaryCoder, inout Element) throws(SummaryDecodingError) -> Void
  ) throws(SummaryDecodingError) {
    var count = elements.count
    try codeCount(&count, elementSize: 1)
    if isReading {
      var read: [Element] = []
      read.reserveCapacity(count)
      for _ in 0..<count {
        var value = blank
        try element(&self, &value)
        read.append(consume value)
      }
      elements = read
    } else {
      for var value in elements { try element(&self, &value) }
    }
  }

  /// What `code` writes apart from its positions: the tables and values but the range
  /// table. Two values whose bytes are equal hold the same things in the same structure,
  /// perhaps elsewhere.
  static func positionFree(
    _ code: (inout BinaryCoder) throws(SummaryDecodingError) -> Void
  ) -> [UInt8] {
    var coder = BinaryCoder()
    // A writer throws nothing.
    try? code(&coder)
    let (bytes, layout) = coder.writer.encodedWithLayout()
    return Array(bytes[..<layout.rangeTable] + bytes[layout.values...])
  }

  /// Codes a reference to an object that several values share (immutable, so sharing it is
  /// only a matter of memory): the first time whole, with `code`, later as its number.
  /// Reading gives one object per number, shared as it was when written.
  public mutating func codeShared<Object: AnyObject>(
    _ object: inout Object, _ code: (inout BinaryCoder, inout Object) throws(SummaryDecodingError) -> Void
  ) throws(SummaryDecodingError) {
    if isReading {
      let number = try reader.readUnsigned()
      guard number == 0 else {
        guard number <= UInt64(sharedObjects.count), let shared = sharedObjects[Int(number - 1)] as? Object else {
          throw .malformed("shared object \(number) not read before")
        }
        object = shared
        return
      }
      try code(&self, &object)
      sharedObjects.append(object)
    } else {
      let address = UInt(bitPattern: ObjectIdentifier(object))
      let addresses = sharedAddresses
      if let number = sharedNumbers.number(hash: UInt64(address), matches: { addresses[$0] == address }) {
        return writer.writeCount(number + 1)
      }
      writer.writeCount(0)
      // The objects stay alive while their value is written, so no address is reused.
      sharedNumbers.insert(hash: UInt64(address))
      sharedAddresses.append(address)
      try code(&self, &object)
    }
  }

  /// Codes `tag`, the case of an enum with payloads, as an unsigned number below `count`.
  @inlinable
  public mutating func codeTag(_ tag: inout Int, below count: Int, _ what: String) throws(SummaryDecodingError) {
    if isReading {
      let read = try reader.readUnsigned()
      guard read < UInt64(count) else { throw .malformed("\(read) is no \(what)") }
      tag = Int(read)
    } else {
      writer.writeCount(tag)
    }
  }

  @inlinable
  mutating func codeSigned(_ value: inout Int) throws(SummaryDecodingError) {
    if isReading { value = try reader.readSigned() } else { writer.writeSigned(value) }
  }

  @inlinable
  mutating func codeCount(_ count: inout Int, elementSize: Int) throws(SummaryDecodingError) {
    if isReading { count = try reader.readCount(elementSize: elementSize) } else { writer.writeCount(count) }
  }

  @inlinable
  mutating func codeFixed(_ value: inout UInt64) throws(SummaryDecodingError) {
    if isReading { value = try reader.readFixed64() } else { writer.writeFixed64(value) }
  }

  @inlinable
  mutating func codeBool(_ value: inout Bool) throws(SummaryDecodingError) {
    if isReading { value = try reader.readBool() } else { writer.writeBool(value) }
  }

  @inlinable
  mutating func codeString(_ value: inout String) throws(SummaryDecodingError) {
    if isReading { value = try reader.readString() } else { writer.writeString(value) }
  }

  @inlinable
  mutating func codeRange(_ value: inout SourceRange) throws(SummaryDecodingError) {
    if isReading { value = try reader.readRange() } else { writer.writeRange(value) }
  }

  /// Codes a collection's elements: their count, then each one. `rebuild` makes the
  /// collection from the elements read.
  @inlinable
  mutating func codeElements<Element: BinaryCoded>(
    _ elements: some Collection<Element>, rebuild: ([Element]) -> Void
  ) throws(SummaryDecodingError) {
    var count = elements.count
    try codeCount(&count, elementSize: 1)
    if isReading {
      var read: [Element] = []
      read.reserveCapacity(count)
      for _ in 0..<count {
        var element = Element()
        try element.code(&self)
        read.append(consume element)
      }
      rebuild(read)
    } else {
      for var element in elements { try element.code(&self) }
    }
  }
}

extension Int: BinaryCoded {
  /// Zig-zag encoded varint.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeSigned(&self)
  }
}

extension Int32: BinaryCoded {
  /// Zig-zag encoded varint; a value out of range reads as malformed.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var wide = Int(self)
    try coder.codeSigned(&wide)
    guard let narrow = Int32(exactly: wide) else { throw .malformed("\(wide) is no 32-bit integer") }
    self = narrow
  }
}

extension UInt32: BinaryCoded {
  /// Four bytes, little-endian (hashes, whose bits are all used).
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var wide = UInt64(self)
    try coder.codeFixed(&wide)
    guard let narrow = UInt32(exactly: wide) else { throw .malformed("\(wide) is no 32-bit hash") }
    self = narrow
  }
}

extension UInt64: BinaryCoded {
  /// Eight bytes, little-endian: dpend's 64-bit integers are hashes, digests and masks,
  /// whose bits are all used.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeFixed(&self)
  }
}

extension Bool: BinaryCoded {
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeBool(&self)
  }
}

extension String: BinaryCoded {
  /// An index into the string table.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeString(&self)
  }
}

extension Substring: BinaryCoded {
  /// As a string (a substring read back is all of its string).
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var string = String(self)
    try coder.codeString(&string)
    if coder.isReading { self = Substring(string) }
  }
}

extension SourceRange: BinaryCoded {
  public init() {
    self.init(
      file: "", start: SourcePosition(line: 0, column: 0, offset: 0), end: SourcePosition(line: 0, column: 0, offset: 0)
    )
  }

  /// An index into the range table.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeRange(&self)
  }
}

extension Optional: BinaryCoded where Wrapped: BinaryCoded {
  @inlinable
  public init() { self = nil }

  /// Whether the value is there, then the value.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var present = self != nil
    try coder.codeBool(&present)
    guard present else {
      self = nil
      return
    }
    if coder.isReading { self = Wrapped() }
    // In place: the wrapped value is not copied.
    try self!.code(&coder)
  }
}

extension Array: BinaryCoded where Element: BinaryCoded {
  /// The count, then each element.
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeElements(self) { self = $0 }
  }
}

extension Set: BinaryCoded where Element: BinaryCoded {
  /// The count, then each element (in the set's order).
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeElements(self) { self = Set($0) }
  }
}

extension Dictionary: BinaryCoded where Key: BinaryCoded, Value: BinaryCoded {
  /// The count, then each key followed by its value (in the dictionary's order).
  @inlinable
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var count = self.count
    try coder.codeCount(&count, elementSize: 2)
    if coder.isReading {
      var read: [Key: Value] = Dictionary(minimumCapacity: count)
      for _ in 0..<count {
        var key = Key()
        var value = Value()
        try key.code(&coder)
        try value.code(&coder)
        guard read.updateValue(value, forKey: key) == nil else { throw .malformed("a key twice in a dictionary") }
      }
      self = read
    } else {
      for (key, value) in self {
        var key = key
        var value = value
        try key.code(&coder)
        try value.code(&coder)
      }
    }
  }
}
