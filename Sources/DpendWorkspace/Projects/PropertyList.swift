/// A value of an old-style (OpenStep) property list, the format of Xcode's `project.pbxproj`:
/// `{ key = value; }` dictionaries, `( a, b, )` arrays, bare or quoted strings and `<0fbd>`
/// data, with `/* … */` and `// …` comments anywhere between them.
public enum PropertyList: Hashable, Sendable {
  case string(String)
  case array([PropertyList])
  case dictionary([String: PropertyList])
  case data([UInt8])

  /// The text of a string value; `nil` for any other.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The elements of an array value; `nil` for any other.
  public var array: [PropertyList]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The entries of a dictionary value; `nil` for any other.
  public var dictionary: [String: PropertyList]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }

  /// The value at `key` of a dictionary value.
  public subscript(key: String) -> PropertyList? { dictionary?[key] }

  /// The strings of an array value (its other elements left out); empty for any other value.
  public var strings: [String] { array?.compactMap(\.string) ?? [] }

  /// Parses `text`, one value and nothing but comments and white space after it.
  ///
  /// - Throws: ``PropertyListError`` naming the line and what was expected there.
  public init(parsing text: String) throws(PropertyListError) {
    var parser = PropertyListParser(Array(text.utf8))
    self = try parser.value()
    try parser.skipTrivia()
    guard parser.atEnd else { throw parser.error("text after the value") }
  }
}

/// Why a property list could not be read, and where.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line of the problem.
  public var line: Int
  /// What was wrong there.
  public var reason: String

  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  public var description: String { "line \(line): \(reason)" }
}

/// A recursive-descent reader of the bytes of an old-style property list.
private struct PropertyListParser {
  private let bytes: [UInt8]
  private var index = 0
  /// How deep the values being read are nested, against a list built to overflow the stack.
  private var depth = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }

  func error(_ reason: String) -> PropertyListError {
    let line = bytes[..<min(index, bytes.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    return PropertyListError(line: line, reason: reason)
  }

  mutating func value() throws(PropertyListError) -> PropertyList {
    try skipTrivia()
    guard let byte = bytes[safe: index] else { throw error("a value expected, the text ended") }
    depth += 1
    defer { depth -= 1 }
    guard depth < 512 else { throw error("values nested over 512 deep") }
    switch byte {
    case UInt8(ascii: "{"): return try dictionary()
    case UInt8(ascii: "("): return try array()
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
    case UInt8(ascii: "<"): return try data()
    default:
      guard let word = bare() else { throw error("a value expected, found '\(Character(Unicode.Scalar(byte)))'") }
      return .string(word)
    }
  }

  private mutating func dictionary() throws(PropertyListError) -> PropertyList {
    index += 1
    var entries: [String: PropertyList] = [:]
    while true {
      try skipTrivia()
      if try consume("}") { return .dictionary(entries) }
      guard case .string(let key) = try value() else { throw error("a dictionary's key must be a string") }
      try skipTrivia()
      guard try consume("=") else { throw error("'=' expected after the key '\(key)'") }
      entries[key] = try value()
      try skipTrivia()
      guard try consume(";") else { throw error("';' expected after the value of '\(key)'") }
    }
  }

  private mutating func array() throws(PropertyListError) -> PropertyList {
    index += 1
    var elements: [PropertyList] = []
    while true {
      try skipTrivia()
      if try consume(")") { return .array(elements) }
      elements.append(try value())
      try skipTrivia()
      if try consume(",") { continue }
      guard try consume(")") else { throw error("',' or ')' expected in an array") }
      return .array(elements)
    }
  }

  private mutating func quoted() throws(PropertyListError) -> String {
    let quote = bytes[index]
    index += 1
    var utf8: [UInt8] = []
    while let byte = bytes[safe: index] {
      index += 1
      if byte == quote { return String(decoding: utf8, as: UTF8.self) }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      guard let escaped = bytes[safe: index] else { break }
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): utf8.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "t"): utf8.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "r"): utf8.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "U"), UInt8(ascii: "u"):
        // `\U00e9`: four hexadecimal digits.
        let digits = bytes[index..<min(index + 4, bytes.count)]
        guard digits.count == 4, let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(code)
        else { throw error("'\\U' must be followed by four hexadecimal digits") }
        index += 4
        utf8 += Array(String(Character(scalar)).utf8)
      default: utf8.append(escaped)
      }
    }
    throw error("a quoted string not closed")
  }

  private mutating func data() throws(PropertyListError) -> PropertyList {
    index += 1
    var digits: [UInt8] = []
    while let byte = bytes[safe: index], byte != UInt8(ascii: ">") {
      index += 1
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") { continue }
      digits.append(byte)
    }
    guard !atEnd else { throw error("data not closed with '>'") }
    index += 1
    guard digits.count.isMultiple(of: 2) else { throw error("data of an odd number of hexadecimal digits") }
    var result: [UInt8] = []
    for start in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[start..<start + 2], as: UTF8.self), radix: 16) else {
        throw error("data holding something other than hexadecimal digits")
      }
      result.append(byte)
    }
    return .data(result)
  }

  /// An unquoted string: letters, digits and `_$+/:.-`.
  private mutating func bare() -> String? {
    let start = index
    while let byte = bytes[safe: index], Self.isBare(byte) { index += 1 }
    return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
  }

  private static func isBare(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private mutating func consume(_ character: Unicode.Scalar) throws(PropertyListError) -> Bool {
    guard bytes[safe: index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  /// Skips white space and comments.
  mutating func skipTrivia() throws(PropertyListError) {
    while let byte = bytes[safe: index] {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
      {
        index += 1
      } else if byte == UInt8(ascii: "/"), bytes[safe: index + 1] == UInt8(ascii: "/") {
        while let next = bytes[safe: index], next != UInt8(ascii: "\n") { index += 1 }
      } else if byte == UInt8(ascii: "/"), bytes[safe: index + 1] == UInt8(ascii: "*") {
        index += 2
        while !(bytes[safe: index] == UInt8(ascii: "*") && bytes[safe: index + 1] == UInt8(ascii: "/")) {
          guard !atEnd else { throw error("a comment not closed") }
          index += 1
        }
        index += 2
      } else {
        return
      }
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
