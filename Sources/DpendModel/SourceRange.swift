/// A position in a source file: 1-based line, 1-based column counted in UTF-8 bytes
/// (as swiftc prints it), and the 0-based UTF-8 offset from the start of the file.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in UTF-8 bytes.
  public var column: Int
  /// 0-based UTF-8 offset from the start of the file.
  public var offset: Int

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// A half-open range `start..<end` inside one file.
public struct SourceRange: Hashable, Comparable, Sendable, Codable {
  /// The file's path as the workspace knows it.
  public var file: String
  /// The first character of the range.
  public var start: SourcePosition
  /// The position just past the last character of the range.
  public var end: SourcePosition

  /// Creates a range.
  public init(file: String, start: SourcePosition, end: SourcePosition) {
    self.file = file
    self.start = start
    self.end = end
  }

  /// The empty range at the start of `file`; used for things that have no finer location,
  /// such as a factory read from a `.dpendmodule` file.
  public static func startOfFile(_ file: String) -> SourceRange {
    let origin = SourcePosition(line: 1, column: 1, offset: 0)
    return SourceRange(file: file, start: origin, end: origin)
  }

  /// Orders by file path, then by start offset: the stable order used everywhere.
  public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
    (lhs.file, lhs.start.offset, lhs.end.offset) < (rhs.file, rhs.start.offset, rhs.end.offset)
  }

  /// `path:line:column`, the prefix compilers print.
  public var compilerLocation: String { "\(file):\(start.line):\(start.column)" }
}
