/// A zero-based line and character offset; characters are counted in the negotiated
/// ``PositionEncodingKind`` (UTF-16 code units unless the client agreed otherwise).
public struct Position: Hashable, Comparable, Sendable, Codable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: Position, rhs: Position) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A half-open range between two positions.
public struct Range: Hashable, Sendable, Codable {
  public var start: Position
  public var end: Position

  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }
}

/// A range in a document.
public struct Location: Hashable, Sendable, Codable {
  public var uri: String
  public var range: Range

  public init(uri: String, range: Range) {
    self.uri = uri
    self.range = range
  }
}

/// How characters in a ``Position`` are counted.
public struct PositionEncodingKind: RawRepresentable, Hashable, Sendable, Codable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
  public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
  public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}
