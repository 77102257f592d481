/// A position in a source file: 1-based line, 1-based column counted in UTF-8 bytes
/// (as swiftc prints it), and the 0-based UTF-8 offset from the start of the file.
///
/// Stored in 32 bits each (values beyond 4 GiB are clamped): summaries and graphs hold
/// hundreds of thousands of positions, and no source file comes near that size.
public struct SourcePosition: Hashable, Comparable, Sendable {
  private var storedLine: UInt32
  private var storedColumn: UInt32
  private var storedOffset: UInt32

  /// 1-based line number.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }
  /// 1-based column, in UTF-8 bytes.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(clamping: newValue) }
  }
  /// 0-based UTF-8 offset from the start of the file.
  public var offset: Int {
    get { Int(storedOffset) }
    set { storedOffset = UInt32(clamping: newValue) }
  }

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int) {
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
    storedOffset = UInt32(clamping: offset)
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.storedOffset < rhs.storedOffset
  }
}

extension SourcePosition: Codable {
  private enum CodingKeys: String, CodingKey { case line, column, offset }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column),
      offset: try container.decode(Int.self, forKey: .offset))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
    try container.encode(offset, forKey: .offset)
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
