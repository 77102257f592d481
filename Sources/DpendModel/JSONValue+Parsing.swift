/// Why a JSON document could not be parsed.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public var reason: String
  /// 1-based line of the offending character.
  public var line: Int
  /// 1-based column (UTF-8 bytes) of the offending character.
  public var column: Int

  public var description: String { "line \(line), column \(column): \(reason)" }
}

extension JSONValue {
  /// Parses a complete JSON document (RFC 8259), nesting at most 512 levels deep.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses a complete JSON document from its UTF-8 bytes (a leading byte order mark is
  /// skipped). Every string and number is read, so a document that parses has no value left
  /// that could fail later. A member written twice keeps its first value; a number whose
  /// value is a whole number an `Int` holds is ``int(_:)`` (`2.0`, `1e2`, `1e-400`), one too
  /// large for a `Double` (`1e400`) is an error.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return value
  }
}

private struct JSONParser {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  func error(_ reason: String) -> JSONParseError {
    let position = LineTable(bytes: bytes).sourcePosition(ofOffset: index)
    return JSONParseError(reason: reason, line: position.line, column: position.column)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < 512 else { throw error("nesting is too deep") }
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default: return try parseNumber()
    }
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
    else { throw error("unexpected character") }
    index += expected.count
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 allows: no `+1`,
  /// `01`, `.5` or `1.`.
  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let bytes = self.bytes
    var end = index
    func next(_ characters: String) -> Bool {
      guard end < bytes.count, characters.utf8.contains(bytes[end]) else { return false }
      end += 1
      return true
    }
    func digits() -> Bool {
      let first = end
      while next("0123456789") {}
      return end > first
    }
    _ = next("-")
    var valid = next("0") || digits()
    let integerEnd = end
    var wholeFraction = true
    if valid && next(".") {
      let fractionStart = end
      valid = digits()
      wholeFraction = bytes[fractionStart..<end].allSatisfy { $0 == UInt8(ascii: "0") }
    }
    let fractionEnd = end
    if valid && next("eE") {
      _ = next("+-")
      valid = digits()
    }
    guard valid, let text = String(validating: bytes[index..<end], as: UTF8.self), let value = Double(text),
      value.isFinite
    else { throw error("unexpected character") }
    // `12`, `12.000`: the digits, exactly; with an exponent, the value when it is whole.
    if fractionEnd == end, wholeFraction,
      let whole = Int(String(decoding: bytes[index..<integerEnd], as: UTF8.self))
    {
      index = end
      return .int(whole)
    }
    index = end
    // With an exponent (`1e2`), whole when its value is; a fraction not all zeros is no whole
    // number, even one a `Double` rounds to 12 (`12.0000000000000000001`), as `JSONDecoder`
    // reads it.
    return fractionEnd == end ? .double(value) : .number(value)
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1  // opening quote
    // Most strings have no escape: their bytes are the string's.
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard let text = String(validating: bytes[start..<index], as: UTF8.self) else {
          throw error("invalid UTF-8 in string")
        }
        index += 1
        return text
      }
      if byte < 0x20 { throw error("control character in string") }
      if byte == UInt8(ascii: "\\") { break }
      index += 1
    }
    // One with escapes: its bytes and its escapes' bytes, validated once at its end (an escape
    // writes whole characters, so it cannot mend bytes around it that are not UTF-8).
    var unescaped = Array(bytes[start..<index])
    var chunkStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        unescaped.append(contentsOf: bytes[chunkStart..<index])
        guard let text = String(validating: unescaped, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        index += 1
        return text
      }
      if byte < 0x20 { throw error("control character in string") }
      if byte == UInt8(ascii: "\\") {
        unescaped.append(contentsOf: bytes[chunkStart..<index])
        index += 1
        guard index < bytes.count else { break }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"): unescaped.append(contentsOf: String(try parseUnicodeEscape()).utf8)
        default: throw error("invalid escape in string")
        }
        chunkStart = index
        continue
      }
      index += 1
    }
    throw error("unterminated string")
  }

  /// Exactly four hex digits (no sign, which `UInt32(_:radix:)` would take).
  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800..<0xDC00).contains(first) {
      guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      else { throw error("unpaired surrogate in \\u escape") }
      index += 2
      let second = try parseHex4()
      guard (0xDC00..<0xE000).contains(second) else { throw error("unpaired surrogate in \\u escape") }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate in \\u escape") }
    return scalar
  }

  mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      // The first of a member written twice is kept, as Foundation's reader keeps it.
      if members[key] == nil { members[key] = value }
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }
}
