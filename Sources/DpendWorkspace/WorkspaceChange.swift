import DpendModel

/// Everything that can change what a workspace analyses, from the editor or from the disk;
/// ``Workspace/apply(_:)`` takes each.
public enum WorkspaceChange: Sendable {
  /// The editor opened `path` with `text`: from now on its text is the editor's.
  case openDocument(path: String, text: String, version: Int)
  /// The editor changed an open document by `edits`, in order; `version` is `nil` when
  /// the editor gave none (the next one is assumed).
  case editDocument(path: String, edits: [DocumentEdit], version: Int?)
  /// The editor closed `path`: the disk's text counts again.
  case closeDocument(path: String)
  /// Files were created, changed or deleted on disk.
  case disk([FileChange])
  /// Settings and every file are read again.
  case reload
}

/// One edit of an open document as an editor sends it: the range it replaces, in lines and
/// characters of the document's text before this edit, or `nil` for the whole text.
public struct DocumentEdit: Hashable, Sendable {
  public var range: (start: LinePosition, end: LinePosition)?
  public var text: String
  /// What the range's characters count.
  public var unit: CharacterUnit

  public init(range: (start: LinePosition, end: LinePosition)?, text: String, unit: CharacterUnit) {
    self.range = range
    self.text = text
    self.unit = unit
  }

  public static func == (lhs: DocumentEdit, rhs: DocumentEdit) -> Bool {
    lhs.range?.start == rhs.range?.start && lhs.range?.end == rhs.range?.end && lhs.text == rhs.text
      && lhs.unit == rhs.unit
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(range?.start)
    hasher.combine(range?.end)
    hasher.combine(text)
    hasher.combine(unit)
  }
}

/// A document open in the editor: its version and text, which override the disk's.
public struct OpenDocument: Sendable {
  /// The editor's version of the text.
  public private(set) var version: Int
  /// The editor's text.
  public private(set) var text: String
  /// The lines of ``text``, against which the editor's next edit is given.
  public private(set) var lines: LineTable

  init(version: Int, text: String) {
    self.version = version
    self.text = text
    lines = LineTable(text)
  }

  /// Applies `edits` in order and returns them as UTF-8 replacements, each against the
  /// text the previous ones produced. A range past the end means the end; an end before
  /// the start means the start.
  mutating func apply(_ edits: [DocumentEdit], version: Int?) -> [TextReplacement] {
    var replacements: [TextReplacement] = []
    var bytes = Array(text.utf8)
    for edit in edits {
      let start = edit.range.map { lines.offset(of: $0.start, unit: edit.unit) } ?? 0
      let end = edit.range.map { max(start, lines.offset(of: $0.end, unit: edit.unit)) } ?? bytes.count
      replacements.append(TextReplacement(offset: start, length: end - start, replacement: edit.text))
      bytes.replaceSubrange(start..<end, with: Array(edit.text.utf8))
      lines = LineTable(bytes: bytes)
    }
    text = String(decoding: bytes, as: UTF8.self)
    // Without a version the next one is assumed; `Int.max` stays (no overflow).
    self.version = version ?? (self.version == .max ? .max : self.version + 1)
    return replacements
  }
}
