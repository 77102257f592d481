import DpendModel

/// Source text with location markers such as `1️⃣` removed, and where each marker stood.
///
/// ```swift
/// let source = MarkedSource("class Feed { init(store: 1️⃣Store) {} }")
/// source.text              // "class Feed { init(store: Store) {} }"
/// source.position("1️⃣")   // line 1, column 26, offset 25
/// ```
struct MarkedSource {
  static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  let text: String
  private let positions: [String: SourcePosition]

  init(_ marked: String) {
    var text = ""
    var positions: [String: SourcePosition] = [:]
    var line = 1
    var column = 1
    var rest = Substring(marked)
    outer: while let character = rest.first {
      for marker in Self.markers where rest.hasPrefix(marker) {
        precondition(positions[marker] == nil, "marker \(marker) used twice")
        positions[marker] = SourcePosition(line: line, column: column, offset: text.utf8.count)
        rest = rest.dropFirst(marker.count)
        continue outer
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
      rest = rest.dropFirst()
    }
    self.text = text
    self.positions = positions
  }

  /// Where `marker` stood.
  func position(_ marker: String) -> SourcePosition {
    guard let position = positions[marker] else { preconditionFailure("no marker \(marker)") }
    return position
  }

  /// `path:line:column` of `marker`, as diagnostics print it.
  func location(_ marker: String, in path: String) -> String {
    let position = position(marker)
    return "\(path):\(position.line):\(position.column)"
  }
}

extension MarkedSource {
  /// The range of `file` that starts at `marker` and covers `covered`, which must stand
  /// there on one line: `source.range("1️⃣", covering: "Store", in: "Feed.swift")`.
  func range(_ marker: String, covering covered: String, in file: String) -> SourceRange {
    let start = position(marker)
    let bytes = Array(text.utf8)
    let expected = Array(covered.utf8)
    precondition(
      !covered.contains("\n") && bytes.count >= start.offset + expected.count
        && Array(bytes[start.offset..<start.offset + expected.count]) == expected,
      "'\(covered)' does not stand at \(marker)")
    let end = SourcePosition(
      line: start.line, column: start.column + expected.count, offset: start.offset + expected.count)
    return SourceRange(file: file, start: start, end: end)
  }
}
