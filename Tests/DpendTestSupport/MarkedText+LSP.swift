import DpendModel
import DpendProtocol

/// Marker positions as an editor counts them: a 0-based line and a character in the
/// negotiated position encoding (UTF-16 unless the client and server agreed on another).
extension MarkedText {
  /// The LSP position of `marker`.
  public func lspPosition(_ marker: String, encoding: PositionEncodingKind = .utf16) -> Position {
    lspPosition(ofOffset: offset(marker), encoding: encoding)
  }

  /// The LSP range from marker `start` up to (not including) marker `end`.
  public func lspRange(
    from start: String, to end: String, encoding: PositionEncodingKind = .utf16
  ) -> DpendProtocol.Range {
    DpendProtocol.Range(start: lspPosition(start, encoding: encoding), end: lspPosition(end, encoding: encoding))
  }

  /// The LSP range that starts at `marker` and covers `covered`, which must stand there:
  /// `app.lspRange("1️⃣", covering: "Store")`.
  public func lspRange(
    _ marker: String, covering covered: String, encoding: PositionEncodingKind = .utf16
  ) -> DpendProtocol.Range {
    DpendProtocol.Range(
      start: lspPosition(marker, encoding: encoding),
      end: lspPosition(ofOffset: endOffset(of: covered, at: marker), encoding: encoding))
  }

  /// The LSP range of the one occurrence of `word` that holds marker `cursor` (at its start,
  /// inside it or at its end): the range a server answers for a cursor on a name,
  /// `app.lspRange(of: "Store", containing: "1️⃣")` for `St1️⃣ore`.
  public func lspRange(
    of word: String, containing cursor: String, encoding: PositionEncodingKind = .utf16
  ) -> DpendProtocol.Range {
    let (start, end) = occurrence(of: word, containing: cursor)
    return DpendProtocol.Range(
      start: lspPosition(ofOffset: start, encoding: encoding), end: lspPosition(ofOffset: end, encoding: encoding))
  }

  /// The empty LSP range at `marker` (a cursor, or where an insertion goes).
  public func lspRange(at marker: String, encoding: PositionEncodingKind = .utf16) -> DpendProtocol.Range {
    lspRange(from: marker, to: marker, encoding: encoding)
  }

  private func lspPosition(ofOffset offset: Int, encoding: PositionEncodingKind) -> Position {
    let position = lines.linePosition(ofOffset: offset, unit: CharacterUnit(encoding))
    return Position(line: position.line, character: position.character)
  }
}

extension CharacterUnit {
  /// The unit an LSP position encoding counts in; an unknown encoding counts UTF-16 units,
  /// LSP's default.
  init(_ encoding: PositionEncodingKind) {
    self = CharacterUnit(rawValue: encoding.rawValue) ?? .utf16
  }
}
