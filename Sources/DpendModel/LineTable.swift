/// The lines of one text, and conversions between its UTF-8 offsets, collector positions
/// (1-based line, UTF-8 column) and editor positions (0-based line, a character counted in
/// UTF-8, UTF-16 or UTF-32 units).
///
/// A line ends at `\n`, at `\r\n` or at a lone `\r`, as in Swift and in LSP. The table is the
/// only place where lines are counted: the collector, the language server, the JSON reader
/// and the tests' position markers all use it. It keeps the text's bytes only when the text
/// is not all ASCII (only then do UTF-16 and UTF-8 columns differ) or holds a `\r` (only then
/// can a line break be two bytes).
public struct LineTable: Hashable, Sendable {
  /// UTF-8 offset of each line's first byte; `lineStarts[0] == 0`. Four bytes each: a
  /// summary keeps its table for every file of the workspace (a text past 4 GiB, which the
  /// parser never sees, would get wrong positions, not a crash).
  private let lineStarts: [UInt32]
  /// The text's bytes when some byte is not ASCII or is `\r`; `nil` otherwise.
  private let bytes: [UInt8]?
  /// The text's length in UTF-8 bytes.
  public let count: Int
  /// `true` when every byte is ASCII: then a character is one unit in every encoding.
  private let isASCII: Bool

  /// The table of `text`.
  public init(_ text: String) {
    var text = text
    self = text.withUTF8 { LineTable(buffer: $0) }
  }

  /// The table of a text given as UTF-8 bytes.
  public init(bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { LineTable(buffer: $0) }
  }

  /// The table of a text given as UTF-8 bytes in memory: one pass, no allocation but the
  /// line starts (and the bytes, when they are kept).
  public init(buffer bytes: UnsafeBufferPointer<UInt8>) {
    var starts: [UInt32] = [0]
    var ascii = true
    var plain = true
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        starts.append(UInt32(truncatingIfNeeded: index))
      } else if byte == UInt8(ascii: "\r") {
        // `\r\n` is one line break.
        if index < count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
        starts.append(UInt32(truncatingIfNeeded: index))
        plain = false
      } else if byte >= 0x80 {
        ascii = false
        plain = false
      }
    }
    lineStarts = starts
    self.count = count
    self.bytes = plain ? nil : Array(bytes)
    isASCII = ascii
  }

  /// The table of a text of `count` bytes, all ASCII and none `\r`, whose lines start at
  /// `lineStarts`: how a cached summary's table comes back without its text (see
  /// `FileSummary+Binary.swift`). The caller checks that the starts begin at 0, ascend and
  /// stay within `count`.
  init(plainTextOfCount count: Int, lineStarts: [UInt32]) {
    self.lineStarts = lineStarts
    self.count = count
    bytes = nil
    isASCII = true
  }

  /// What a cached table is rebuilt from: the kept bytes, from which everything else
  /// follows, or (when none are kept) the line starts.
  var storedForm: (bytes: [UInt8]?, lineStarts: [UInt32]) { (bytes, lineStarts) }

  /// How many lines the text has (an empty text, or one without a line break, has one).
  public var lineCount: Int { lineStarts.count }

  /// The 0-based line holding UTF-8 `offset` (clamped to the text).
  public func line(containing offset: Int) -> Int {
    let clamped = max(0, min(offset, count))
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(lineStarts[middle]) <= clamped { low = middle } else { high = middle }
    }
    return low
  }

  /// The UTF-8 offset at which 0-based `line` starts; the end of the text past the last line.
  public func start(ofLine line: Int) -> Int {
    guard line >= 0 else { return 0 }
    return line < lineStarts.count ? Int(lineStarts[line]) : count
  }

  /// The UTF-8 offset at which 0-based `line`'s content ends, before its line break.
  public func contentEnd(ofLine line: Int) -> Int {
    guard line >= 0 else { return 0 }
    guard line + 1 < lineStarts.count else { return count }
    let next = Int(lineStarts[line + 1])
    // `\r\n` ends the line two bytes before the next one starts; `\n` and `\r` one byte.
    // Without kept bytes the text has no `\r`, so every break is one `\n`.
    if next >= 2, let bytes, bytes[next - 1] == UInt8(ascii: "\n"), bytes[next - 2] == UInt8(ascii: "\r") {
      return next - 2
    }
    return next - 1
  }

  /// The collector's position of UTF-8 `offset`: 1-based line, 1-based UTF-8 column.
  public func sourcePosition(ofOffset offset: Int) -> SourcePosition {
    let clamped = max(0, min(offset, count))
    let line = line(containing: clamped)
    return SourcePosition(line: line + 1, column: clamped - Int(lineStarts[line]) + 1, offset: clamped)
  }

  /// The editor position of UTF-8 `offset` (clamped to the text): a 0-based line and the
  /// number of `unit`s between the line's start and the offset.
  public func linePosition(ofOffset offset: Int, unit: CharacterUnit) -> LinePosition {
    let clamped = max(0, min(offset, count))
    let line = line(containing: clamped)
    let start = Int(lineStarts[line])
    guard let bytes, !isASCII, unit != .utf8 else { return LinePosition(line: line, character: clamped - start) }
    let prefix = String(decoding: bytes[start..<clamped], as: UTF8.self)
    let character = unit == .utf32 ? prefix.unicodeScalars.count : prefix.utf16.count
    return LinePosition(line: line, character: character)
  }

  /// The UTF-8 offset of an editor position. A character past the line's end means the end
  /// of the line, a line past the last one the end of the text; a UTF-8 character inside a
  /// multi-byte character means that character's start.
  public func offset(of position: LinePosition, unit: CharacterUnit) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return count }
    let start = Int(lineStarts[position.line])
    let end = contentEnd(ofLine: position.line)
    guard let bytes, !isASCII else { return start + min(max(0, position.character), end - start) }
    if unit == .utf8 {
      // Clamped before adding (a character near `Int.max` must not overflow).
      var index = start + min(max(0, position.character), end - start)
      while index > start && index < end && bytes[index] & 0b1100_0000 == 0b1000_0000 { index -= 1 }
      return index
    }
    var remaining = position.character
    var index = start
    for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
      let width = unit == .utf32 ? 1 : (scalar.value > 0xFFFF ? 2 : 1)
      guard remaining >= width else { break }
      remaining -= width
      index += scalar.utf8.count
    }
    return index
  }

  /// The editor position just past the last character.
  public func endPosition(unit: CharacterUnit) -> LinePosition { linePosition(ofOffset: count, unit: unit) }
}

/// A position as editors count it: a 0-based line and a 0-based character, in some
/// ``CharacterUnit``.
public struct LinePosition: Hashable, Sendable, Comparable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// What an editor counts characters in (LSP's `positionEncoding`).
public enum CharacterUnit: String, Hashable, Sendable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"
}
