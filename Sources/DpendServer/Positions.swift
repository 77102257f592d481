import DpendIDE
import DpendModel
import DpendProtocol

/// Converts core positions (UTF-8 offsets against an analysed text's ``LineTable``) to LSP
/// positions in the negotiated encoding, and back. The only place the server counts
/// characters.
struct Positions {
  /// The negotiated position encoding.
  let unit: CharacterUnit

  init(_ encoding: PositionEncodingKind) {
    unit = encoding == .utf8 ? .utf8 : encoding == .utf32 ? .utf32 : .utf16
  }

  /// The LSP position of a core position. Without a line table (a file that was not
  /// analysed, such as `.dpend.json` or a library) the collector's line and column are used.
  func position(_ source: SourcePosition, lines: LineTable?) -> Position {
    guard let lines else { return Position(line: max(0, source.line - 1), character: max(0, source.column - 1)) }
    return position(ofOffset: source.offset, lines: lines)
  }

  /// The LSP position of UTF-8 `offset` in the text `lines` was made from.
  func position(ofOffset offset: Int, lines: LineTable) -> Position {
    let position = lines.linePosition(ofOffset: offset, unit: unit)
    return Position(line: position.line, character: position.character)
  }

  /// The LSP range of a core range, converted with `lines` (the analysed text of its file).
  func range(_ range: SourceRange, lines: LineTable?) -> DpendProtocol.Range {
    DpendProtocol.Range(start: position(range.start, lines: lines), end: position(range.end, lines: lines))
  }

  /// The UTF-8 offset of an LSP position in the text `lines` was made from.
  func offset(_ position: Position, lines: LineTable) -> Int {
    lines.offset(of: linePosition(position), unit: unit)
  }

  /// An LSP position as the core's editor position.
  func linePosition(_ position: Position) -> LinePosition {
    LinePosition(line: position.line, character: position.character)
  }
}

extension IDE {
  /// The LSP location of `range`, converted against the analysed text of its file.
  func location(_ range: SourceRange, _ positions: Positions) -> Location {
    Location(uri: FileURI.uri(range.file), range: positions.range(range, lines: lines(of: range.file)))
  }

  /// The LSP range of `range`, converted against the analysed text of its file.
  func lspRange(_ range: SourceRange, _ positions: Positions) -> DpendProtocol.Range {
    positions.range(range, lines: lines(of: range.file))
  }
}
