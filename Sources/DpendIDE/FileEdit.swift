import DpendModel

/// A change to one file that an editor applies: the IDE layer's answer to "fix this" or
/// "generate that". Never applied by dpend itself.
public enum FileEdit: Hashable, Sendable {
  /// Replacements in an existing file, in UTF-8 offsets of the text `lines` was made from;
  /// the replacements do not overlap and are listed in order.
  case edit(path: String, replacements: [TextReplacement], lines: LineTable)
  /// A new file with `text`.
  case create(path: String, text: String)

  /// The file changed.
  public var path: String {
    switch self {
    case .edit(let path, _, _), .create(let path, _): return path
    }
  }
}

/// A code action computed by the IDE layer: a title and the edits it makes.
public struct Fix: Hashable, Sendable {
  public var title: String
  /// `true` for the fix an editor may apply with one key.
  public var isPreferred: Bool
  public var edits: [FileEdit]

  public init(title: String, isPreferred: Bool, edits: [FileEdit]) {
    self.title = title
    self.isPreferred = isPreferred
    self.edits = edits
  }
}
