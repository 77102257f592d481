/// Tells whether every string and number of a JSON text is in a form `JSONDecoder` always reads.
///
/// `JSONDecoder` checks a document's structure at once but reads a string or a number only
/// when a value is decoded from it: `"\ud800"`, `"\x"`, a raw control character, invalid UTF-8,
/// `01`, `1.` or `1e400` fail only if something decodes them. ``Message/decode(_:)`` reads every
/// value (as ``LSPAny``) and answers such a body with -32700; the typed decoding of
/// ``IncomingMessage`` reads only what the envelope and the params type look at. When this
/// check passes, no value of the body can fail, so the typed decoding answers as
/// ``Message/decode(_:)`` does; when it does not, the body is first read as ``LSPAny``.
///
/// The check is a single pass over the bytes and accepts only:
/// - strings of well-formed UTF-8 without control characters, whose escapes are `\"`, `\\`,
///   `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or `\u` and four hex digits outside D800–DFFF;
/// - numbers `-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,17})?`, which fit an `Int` or a finite `Double`;
/// - `true`, `false`, `null`, whitespace and `{}[]:,`.
/// Anything else (a surrogate pair written as escapes, an exponent, a long number, a syntax
/// error) fails the check: that costs a second reading of the body, never a different answer.
enum PlainJSON {
  /// `true` when every string and number in `text` is in one of the forms above.
  static func isPlain(_ text: [UInt8]) -> Bool {
    text.withUnsafeBufferPointer { bytes in
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case .space, .tab, .lineFeed, .carriageReturn, .openBrace, .closeBrace, .openBracket, .closeBracket,
          .colon, .comma:
          index += 1
        case .quote:
          guard let end = stringEnd(bytes, from: index + 1) else { return false }
          index = end
        default:
          guard let end = literalEnd(bytes, from: index) else { return false }
          index = end
        }
      }
      return true
    }
  }

  /// The index after the closing quote of the string whose contents start at `start`, or `nil`
  /// when the string is unterminated or not plain.
  private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .quote { return index + 1 }
      if byte >= 0x20 && byte < 0x80 && byte != .backslash {
        index += 1
      } else if byte == .backslash {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case .quote, .backslash, .slash, .letterB, .letterF, .letterN, .letterR, .letterT:
          index += 2
        case .letterU:
          guard let unit = hexUnit(bytes, at: index + 2), !(0xD800...0xDFFF).contains(unit) else { return nil }
          index += 6
        default:
          return nil
        }
      } else if byte >= 0x80 {
        guard let end = scalarEnd(bytes, from: index) else { return nil }
        index = end
      } else {
        return nil  // a control character
      }
    }
    return nil
  }

  /// The value of the four hex digits at `index`, if there are four.
  private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
    guard index + 4 <= bytes.count else { return nil }
    var unit: UInt16 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// The index after the well-formed UTF-8 sequence of two to four bytes starting at `start`
  /// (Unicode's table 3-7), or `nil`.
  private static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let lead = bytes[start]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return nil
    }
    guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
    for index in start + 2..<start + length where !(0x80...0xBF).contains(bytes[index]) {
      return nil
    }
    return start + length
  }

  /// The index after the literal or number starting at `start`, or `nil` when it is neither
  /// `true`, `false`, `null` nor a plain number.
  private static func literalEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var end = start
    while end < bytes.count && !isDelimiter(bytes[end]) { end += 1 }
    let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || token.elementsEqual("null".utf8) {
      return end
    }
    return isPlainNumber(token) ? end : nil
  }

  /// `-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,17})?`.
  private static func isPlainNumber(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    if index < token.count && token[index] == .minus { index += 1 }
    let integerStart = index
    while index < token.count && isDigit(token[index]) { index += 1 }
    let integerDigits = index - integerStart
    guard integerDigits >= 1 && integerDigits <= 18 else { return false }
    guard integerDigits == 1 || token[integerStart] != UInt8(ascii: "0") else { return false }
    guard index < token.count else { return true }
    guard token[index] == .period else { return false }
    index += 1
    let fractionStart = index
    while index < token.count && isDigit(token[index]) { index += 1 }
    let fractionDigits = index - fractionStart
    return index == token.count && fractionDigits >= 1 && fractionDigits <= 17
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Whitespace, a structural character or a quote: what ends a literal or a number.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case .space, .tab, .lineFeed, .carriageReturn, .openBrace, .closeBrace, .openBracket, .closeBracket, .colon,
      .comma, .quote:
      return true
    default:
      return false
    }
  }
}

extension UInt8 {
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let closeBracket = UInt8(ascii: "]")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let slash = UInt8(ascii: "/")
  fileprivate static let minus = UInt8(ascii: "-")
  fileprivate static let period = UInt8(ascii: ".")
  fileprivate static let letterB = UInt8(ascii: "b")
  fileprivate static let letterF = UInt8(ascii: "f")
  fileprivate static let letterN = UInt8(ascii: "n")
  fileprivate static let letterR = UInt8(ascii: "r")
  fileprivate static let letterT = UInt8(ascii: "t")
  fileprivate static let letterU = UInt8(ascii: "u")
}
