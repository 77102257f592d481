/// One edit to a file's text, in UTF-8 bytes: `length` bytes at `offset` become
/// `replacement`. A list of replacements is applied in order, each against the text the
/// previous ones produced (as LSP's `contentChanges`).
public struct TextReplacement: Hashable, Sendable {
  /// 0-based UTF-8 offset of the replaced range.
  public var offset: Int
  /// UTF-8 length of the replaced range.
  public var length: Int
  /// The new text.
  public var replacement: String

  public init(offset: Int, length: Int, replacement: String) {
    self.offset = offset
    self.length = length
    self.replacement = replacement
  }
}
