import DpendModel
import Testing

/// ``BinaryCoder``: one `code(_:)` writes a value and reads it back, shared objects stay
/// shared, and bytes no writer wrote throw instead of trapping.
struct BinaryCoderTests {
  /// A value of every kind the coder has: integers of each width, strings (one of them
  /// twice), optionals, arrays, sets, dictionaries, ranges, enums, shared factories.
  private struct Sample: BinaryCoded, Equatable {
    var count = 0
    var small: Int32 = 0
    var hash: UInt64 = 0
    var short: UInt32 = 0
    var flag = false
    var names: [String] = []
    var maybe: String?
    var byKey: [String: Set<Int32>] = [:]
    var range = SourceRange()
    var scope = Scope.unique
    var factories: [Factory] = []
    var name: Substring = ""

    mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
      try coder.code(&count)
      try coder.code(&small)
      try coder.code(&hash)
      try coder.code(&short)
      try coder.code(&flag)
      try coder.code(&names)
      try coder.code(&maybe)
      try coder.code(&byKey)
      try coder.code(&range)
      try coder.code(&scope)
      try coder.code(&factories)
      try coder.code(&name)
    }
  }

  private static func sample() -> Sample {
    let range = SourceRange(
      file: "A.swift", start: SourcePosition(line: 2, column: 3, offset: 20),
      end: SourcePosition(line: 2, column: 9, offset: 26))
    let factory = Factory(
      key: DependencyKey(name: "Store", tag: "Remote"),
      kind: .configurationMethod(
        configuration: DependencyKey(name: "Setup"), methodName: "store",
        parameters: [FactoryParameter(label: "api", dependency: DependencyKey(name: "API"), range: range)]),
      scope: .singleton, isThrowing: true, requiredModules: ["Net"], range: range)
    return Sample(
      count: -1_234_567, small: Int32.min, hash: 0xFEDC_BA98_7654_3210, short: UInt32.max, flag: true,
      names: ["é", "e\u{301}", "é"], maybe: "there", byKey: ["a": [1, -2], "b": []], range: range, scope: .singleton,
      factories: [factory, factory], name: "Store"[...])
  }

  @Test func everyKindOfValueReadsBackAsWritten() throws {
    let bytes = BinaryCoder.encoded(Self.sample())
    let read = try bytes.withUnsafeBytes { try BinaryCoder.decoded(Sample.self, from: $0) }
    #expect(read == Self.sample())
    // Composed and decomposed spellings stay apart, byte for byte.
    #expect(read.names.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81], [0xC3, 0xA9]])
  }

  @Test func aSharedFactoryIsWrittenOnceAndReadBackShared() throws {
    var one = Self.sample()
    one.factories = [one.factories[0]]
    let twice = BinaryCoder.encoded(Self.sample())
    let once = BinaryCoder.encoded(one)
    // The second copy is its number alone: one byte.
    #expect(twice.count == once.count + 1)
    let read = try twice.withUnsafeBytes { try BinaryCoder.decoded(Sample.self, from: $0) }
    #expect(read.factories[0] == read.factories[1])
  }

  /// Values kept in binary form: read without decoding, decoded when first asked for, and
  /// written back byte for byte when never asked for.
  private struct Holder: BinaryCoded {
    var label = ""
    var parts: [Deferred<Sample>] = []

    mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
      try coder.code(&label)
      try coder.code(&parts)
    }
  }

  @Test func aDeferredValueIsDecodedOnlyWhenAskedForAndWrittenBackAsRead() throws {
    var other = Self.sample()
    other.names = ["other"]
    let holder = Holder(label: "two", parts: [Deferred(Self.sample()), Deferred(other)])
    let bytes = BinaryCoder.encoded(holder)
    let read = try bytes.withUnsafeBytes { try BinaryCoder.decoded(Holder.self, from: $0) }
    #expect(read.label == "two" && read.parts.count == 2)
    #expect(read.parts.map(\.isDecoded) == [false, false])
    // Never asked for: written back as read.
    #expect(BinaryCoder.encoded(read) == bytes)
    #expect(read.parts[1].value == other)
    #expect(read.parts.map(\.isDecoded) == [false, true])
    // One decoded and encoded again: both read back as they were.
    let again = try BinaryCoder.encoded(read).withUnsafeBytes { try BinaryCoder.decoded(Holder.self, from: $0) }
    #expect(again.parts.map(\.value) == [Self.sample(), other])
    // Its own tables: each part reads alone.
    let part = BinaryCoder.encoded(Self.sample())
    #expect(try part.withUnsafeBytes { try BinaryCoder.decoded(Sample.self, from: $0) } == Self.sample())
  }

  /// A deferred table read from bytes decodes a value only when it is read, and a value set
  /// replaces the one read.
  @Test func aDeferredTableDecodesOnlyTheValuesRead() throws {
    var other = Self.sample()
    other.names = ["other"]
    var table = DeferredTable<String, Sample>()
    table["a"] = Self.sample()
    table["b"] = other
    table["c", default: Self.sample()].names.append("added")
    let bytes = BinaryCoder.encoded(table)
    var read = try bytes.withUnsafeBytes { try BinaryCoder.decoded(DeferredTable<String, Sample>.self, from: $0) }
    #expect(Set(read.keys) == ["a", "b", "c"])
    #expect(["a", "b", "c"].map(read.isDecoded) == [false, false, false])
    #expect(read["b"] == other)
    #expect(["a", "b", "c"].map(read.isDecoded) == [false, true, false])
    #expect(read["c"]?.names == Self.sample().names + ["added"])
    let copy = read
    read["a"] = nil
    read["b", default: Self.sample()].names = ["changed"]
    // A copy keeps what it held.
    #expect(copy.count == 3 && copy["a"] == Self.sample() && copy["b"] == other)
    #expect(read.count == 2)
    let again = try BinaryCoder.encoded(read).withUnsafeBytes {
      try BinaryCoder.decoded(DeferredTable<String, Sample>.self, from: $0)
    }
    #expect(again.count == 2 && again["a"] == nil)
    #expect(again["b"]?.names == ["changed"])
    #expect(again["c"]?.names == Self.sample().names + ["added"])
  }

  /// A deferred table's values change in place as a dictionary's would: a read value through
  /// optional chaining, a removed one through a default (not the value read), a missing one
  /// left missing.
  @Test func aDeferredTableChangesValuesInPlaceAsADictionaryWould() throws {
    var table = DeferredTable<String, Sample>()
    table["a"] = Self.sample()
    table["b"] = Self.sample()
    var read = try BinaryCoder.encoded(table).withUnsafeBytes {
      try BinaryCoder.decoded(DeferredTable<String, Sample>.self, from: $0)
    }
    read["a"]?.names.append("read")
    read["b"] = nil
    read["b", default: Sample()].names.append("fresh")
    read["c"]?.names.append("nothing")
    #expect(read["a"]?.names == Self.sample().names + ["read"])
    #expect(read["b"]?.names == ["fresh"])
    #expect(read["c"] == nil)
    #expect(Set(read.keys) == ["a", "b"])
    read["b"] = nil
    #expect(read.count == 1 && read["b"] == nil)
  }

  /// A trailing part is the part's encoding as raw bytes after every value the writer
  /// writes, even one written after it; its pieces are the same bytes, none copied.
  @Test func aTrailingPartIsItsEncodingAsRawBytesAfterEveryValue() throws {
    var part = BinaryCoder()
    var sample = Self.sample()
    try sample.code(&part)
    var trailing = BinaryWriter()
    trailing.writeString("before")
    trailing.appendTrailing(part.writer)
    trailing.writeString("after")
    var copied = BinaryWriter()
    copied.writeString("before")
    copied.writeString("after")
    copied.writeBytes(BinaryCoder.encoded(sample))
    #expect(trailing.encoded(prefix: [7]) == copied.encoded(prefix: [7]))
    let pieces = trailing.encodedPieces(prefix: [7])
    #expect(pieces.joined == copied.encoded(prefix: [7]))
    #expect(pieces.count == pieces.joined.count)
    // The tables, the values, the part's count, the part's tables, the part's values.
    #expect(pieces.pieces.count == 5)
    #expect(pieces.pieces[4] == part.writer.encodedPieces().pieces[1])
  }

  @Test func everyCutOfTheBytesThrowsInsteadOfTrapping() throws {
    let bytes = BinaryCoder.encoded(Self.sample())
    for length in 0..<bytes.count {
      let cut = Array(bytes.prefix(length))
      #expect(throws: SummaryDecodingError.self, "\(length) of \(bytes.count) bytes") {
        try cut.withUnsafeBytes { try BinaryCoder.decoded(Sample.self, from: $0) }
      }
    }
  }

  @Test func bytesAfterTheValueAreRefused() {
    let bytes = BinaryCoder.encoded(Self.sample()) + [0]
    #expect(throws: SummaryDecodingError.malformed("1 trailing bytes")) {
      try bytes.withUnsafeBytes { try BinaryCoder.decoded(Sample.self, from: $0) }
    }
  }

  @Test func aNumberOutOfItsRangeOrAnUnknownCaseIsMalformed() {
    struct Wide: BinaryCoded {
      var value = 0
      mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) { try coder.code(&value) }
    }
    struct Narrow: BinaryCoded {
      var value: Int32 = 0
      mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) { try coder.code(&value) }
    }
    struct OneScope: BinaryCoded {
      var scope = Scope.unique
      mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) { try coder.code(&scope) }
    }
    let tooWide = BinaryCoder.encoded(Wide(value: Int(Int32.max) + 1))
    #expect(throws: SummaryDecodingError.malformed("2147483648 is no 32-bit integer")) {
      try tooWide.withUnsafeBytes { try BinaryCoder.decoded(Narrow.self, from: $0) }
    }
    // 99 zig-zag encoded is 198: no scope has that index.
    let noScope = BinaryCoder.encoded(Wide(value: 99))
    #expect(throws: SummaryDecodingError.malformed("198 is no scope")) {
      try noScope.withUnsafeBytes { try BinaryCoder.decoded(OneScope.self, from: $0) }
    }
  }

  @Test func aKeyTwiceInADictionaryIsMalformed() throws {
    struct Pairs: BinaryCoded {
      var pairs: [String] = []
      mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) { try coder.code(&pairs) }
    }
    struct Table: BinaryCoded {
      var table: [String: String] = [:]
      mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) { try coder.code(&table) }
    }
    // An array of four strings is laid out as a dictionary of two entries, both keyed "k".
    var bytes = BinaryCoder.encoded(Pairs(pairs: ["k", "v", "k", "w"]))
    let counted = try #require(bytes.lastIndex(of: 4))
    bytes[counted] = 2
    #expect(throws: SummaryDecodingError.malformed("a key twice in a dictionary")) {
      try bytes.withUnsafeBytes { try BinaryCoder.decoded(Table.self, from: $0) }
    }
  }
}
