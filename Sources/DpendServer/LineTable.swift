import DpendModel
import DpendProtocol

/// Converts between LSP positions (UTF-8 or UTF-16 characters) and UTF-8 offsets of
/// one text.
struct LineTable {
  private let bytes: [UInt8]
  /// UTF-8 offset of each line's first byte.
  private let lineStarts: [Int]

  init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    lineStarts = starts
  }

  /// The LSP position of a collector position (1-based line, UTF-8 column).
  func position(_ source: SourcePosition, encoding: PositionEncodingKind) -> Position {
    position(ofOffset: source.offset, encoding: encoding)
  }

  /// The LSP position of a UTF-8 offset (clamped to the text).
  func position(ofOffset offset: Int, encoding: PositionEncodingKind) -> Position {
    let clamped = max(0, min(offset, bytes.count))
    var line = 0
    var low = 0
    var high = lineStarts.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if lineStarts[middle] <= clamped {
        line = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    let start = lineStarts[line]
    if encoding == .utf8 { return Position(line: line, character: clamped - start) }
    let prefix = String(decoding: bytes[start..<clamped], as: UTF8.self)
    let character = encoding == .utf32 ? prefix.unicodeScalars.count : prefix.utf16.count
    return Position(line: line, character: character)
  }

  /// The UTF-8 offset of an LSP position; a character past the line's end means the end
  /// of the line, a line past the end means the end of the text.
  func offset(of position: Position, encoding: PositionEncodingKind) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let start = lineStarts[position.line]
    var end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
    if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    if encoding == .utf8 {
      // Clamped before adding (a character near `Int.max` must not overflow), then moved back
      // to the start of the character it falls in, as UTF-16 positions are.
      var index = start + min(max(0, position.character), end - start)
      while index > start && index < end && bytes[index] & 0b1100_0000 == 0b1000_0000 { index -= 1 }
      return index
    }
    var remaining = position.character
    var index = start
    for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
      let width = encoding == .utf32 ? 1 : (scalar.value > 0xFFFF ? 2 : 1)
      guard remaining >= width else { break }
      remaining -= width
      index += scalar.utf8.count
    }
    return index
  }

  /// `true` when only spaces and tabs stand between the start of the line and `offset`.
  func isIndentation(before offset: Int) -> Bool {
    let clamped = max(0, min(offset, bytes.count))
    var index = clamped
    while index > 0 && bytes[index - 1] != UInt8(ascii: "\n") {
      guard bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") else { return false }
      index -= 1
    }
    return true
  }

  /// The position just past the last character.
  func endPosition(encoding: PositionEncodingKind) -> Position { position(ofOffset: bytes.count, encoding: encoding) }
}
