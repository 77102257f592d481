import DpendModel

/// Source text with position markers (`0️⃣` … `9️⃣`, `🔟`) removed, and where each marker stood.
///
/// A test states positions by writing markers into its source text instead of counting lines
/// and columns. Positions are computed with ``DpendModel/LineTable``, the table the collector
/// and the server count lines with: a line ends at `\n`, `\r\n` or a lone `\r`.
///
/// ```swift
/// let source = MarkedText("let é = 1\nclass Feed { init(store: 1️⃣Store) {} }")
/// source.text              // "let é = 1\nclass Feed { init(store: Store) {} }"
/// source.position("1️⃣")   // line 2, UTF-8 column 26, offset 36
/// ```
///
/// For editor positions (LSP), see ``lspPosition(_:encoding:)`` and the ranges next to it.
public struct MarkedText: Hashable, Sendable {
  /// Every marker, in order.
  public static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  /// The text without its markers.
  public let text: String
  /// The lines of ``text``.
  public let lines: LineTable
  /// The UTF-8 offset in ``text`` at which each marker stood.
  private let offsets: [String: Int]

  /// Removes the markers from `marked` and records where they stood. Each marker may be
  /// used once.
  public init(_ marked: String) {
    var text = ""
    var offsets: [String: Int] = [:]
    var rest = Substring(marked)
    outer: while let character = rest.first {
      for marker in Self.markers where rest.hasPrefix(marker) {
        precondition(offsets[marker] == nil, "marker \(marker) used twice")
        offsets[marker] = text.utf8.count
        rest = rest.dropFirst(marker.count)
        continue outer
      }
      text.append(character)
      rest = rest.dropFirst()
    }
    self.text = text
    self.offsets = offsets
    lines = LineTable(text)
  }

  /// The markers the text had, in the order they stood.
  public var markersInText: [String] { offsets.sorted { $0.value < $1.value }.map(\.key) }

  /// The UTF-8 offset at which `marker` stood.
  public func offset(_ marker: String) -> Int {
    guard let offset = offsets[marker] else { preconditionFailure("no marker \(marker) in the text") }
    return offset
  }

  /// Where `marker` stood, as the collector counts it: 1-based line, 1-based UTF-8 column.
  public func position(_ marker: String) -> SourcePosition {
    lines.sourcePosition(ofOffset: offset(marker))
  }

  /// `path:line:column` of `marker`, as diagnostics print it.
  public func location(_ marker: String, in path: String) -> String {
    let position = position(marker)
    return "\(path):\(position.line):\(position.column)"
  }

  /// The range of `file` from marker `start` up to (not including) marker `end`.
  public func range(from start: String, to end: String, in file: String) -> SourceRange {
    SourceRange(file: file, start: position(start), end: position(end))
  }

  /// The range of `file` that starts at `marker` and covers `covered`, which must stand
  /// there: `source.range("1️⃣", covering: "Store", in: "Feed.swift")`.
  public func range(_ marker: String, covering covered: String, in file: String) -> SourceRange {
    let start = offset(marker)
    let end = endOffset(of: covered, at: marker)
    return SourceRange(
      file: file, start: lines.sourcePosition(ofOffset: start), end: lines.sourcePosition(ofOffset: end))
  }

  /// The UTF-8 offsets where the one occurrence of `word` holding marker `cursor` starts and ends.
  func occurrence(of word: String, containing cursor: String) -> (start: Int, end: Int) {
    let offset = offset(cursor)
    let bytes = Array(text.utf8)
    let pattern = Array(word.utf8)
    let low = max(0, offset - pattern.count)
    let high = min(offset, bytes.count - pattern.count)
    let starts = low <= high ? (low...high).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) } : []
    precondition(starts.count == 1, "'\(word)' stands \(starts.count) times around \(cursor) in:\n\(text)")
    return (starts[0], starts[0] + pattern.count)
  }

  /// The UTF-8 offset just past `covered`, which must stand at `marker`.
  func endOffset(of covered: String, at marker: String) -> Int {
    let start = offset(marker)
    let bytes = text.utf8
    let expected = covered.utf8
    let from = bytes.index(bytes.startIndex, offsetBy: start)
    precondition(
      bytes[from...].starts(with: expected), "'\(covered)' does not stand at \(marker) in:\n\(text)")
    return start + expected.count
  }
}
