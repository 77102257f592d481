import DpendModel

/// What a hover shows: Markdown and the range it is about.
public struct HoverResult: Hashable, Sendable {
  /// The text, in Markdown (backticks around names).
  public var markdown: String
  /// The range of the symbol under the cursor.
  public var range: SourceRange

  public init(markdown: String, range: SourceRange) {
    self.markdown = markdown
    self.range = range
  }

  /// The text without Markdown, for clients that show plain text only.
  public var plainText: String { String(markdown.filter { $0 != "`" }) }
}

extension IDE {
  /// On a provider, what it provides (keys, scope) and what it needs; on a dependency,
  /// which factory provides it, or that none does; on container code, see
  /// ``containerSymbol(at:in:)``.
  public func hover(at offset: Int, in path: String) -> HoverResult? {
    guard let (symbol, range) = symbol(at: offset, in: path) else { return containerHover(at: offset, in: path) }
    return HoverResult(markdown: HoverText.markdown(for: symbol, in: graph), range: range)
  }
}
