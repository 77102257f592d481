@_spi(RawSyntax) import SwiftSyntax

/// A node of the raw syntax tree together with the UTF-8 offset where it starts (its
/// leading trivia included).
///
/// The collector reads the tree through raw nodes rather than `Syntax` nodes: a raw node is
/// a pointer into the parser's arena, so reading a child allocates nothing and retains
/// nothing, which makes collection several times cheaper (see BENCHMARKS.md). Raw nodes
/// carry no position, so each one is handed its offset by its parent.
struct RawNode {
  let raw: RawSyntax
  /// Where the node starts, leading trivia included.
  let offset: Int

  init(_ raw: RawSyntax, offset: Int) {
    self.raw = raw
    self.offset = offset
  }

  /// The root of `tree`.
  init(_ tree: some SyntaxProtocol) {
    self.init(tree.raw, offset: tree.position.utf8Offset)
  }

  var kind: SyntaxKind { raw.kind }

  /// The child in `slot` (see ``Slot``), `nil` when the slot is empty.
  func child(_ slot: Slot) -> RawNode? {
    var reader = children
    return reader(slot)
  }

  /// A reader of several children: reading slots in increasing order sums the lengths of
  /// the children before them once, not once per slot.
  var children: ChildReader { ChildReader(self) }

  /// The elements of a collection node (or the present children of any layout node), in
  /// order, read in place: nothing is allocated (declarations, modifiers and bindings are
  /// walked for every member of every file).
  var elements: RawElements { RawElements(self) }

  // MARK: Tokens

  /// `true` for a token the source contains (not one the parser invented for half-typed code).
  var isPresentToken: Bool { raw.tokenView?.presence == .present }

  /// A token's text without trivia (empty for a layout node).
  var tokenText: SyntaxText { raw.tokenView?.rawText ?? "" }

  /// A token's text as a string.
  var text: String { String(syntaxText: tokenText) }

  /// `true` for a token that only spaces and tabs separate from the start of its line (a
  /// line break is always leading trivia of the token after it).
  var startsLine: Bool {
    guard let token = raw.tokenView else { return false }
    for piece in token.leadingRawTriviaPieces.reversed() {
      switch piece {
      case .spaces, .tabs: continue
      case .newlines, .carriageReturns, .carriageReturnLineFeeds: return true
      default: return false
      }
    }
    return start == 0
  }

  /// `true` when the node is the keyword `keyword`.
  func isKeyword(_ keyword: SyntaxText) -> Bool {
    guard let token = raw.tokenView else { return false }
    return token.rawKind == .keyword && token.rawText == keyword
  }

  /// `true` when the node is a token of `kind`.
  func isToken(_ kind: RawTokenKind) -> Bool { raw.tokenView?.rawKind == kind }

  /// `true` when the node or a descendant is missing, unexpected or erroneous.
  var hasError: Bool { raw.hasError }

  // MARK: Positions

  /// Where the node's text starts, after its leading trivia.
  var start: Int { offset + raw.leadingTriviaByteLength }

  /// Where the node's text ends, before its trailing trivia.
  var end: Int { offset + raw.byteLength - raw.trailingTriviaByteLength }
}

/// The present children of a node, in order, each with its offset (``RawNode/elements``).
/// `[]` is the empty sequence, so that `node?.elements ?? []` reads as it does for arrays.
struct RawElements: Sequence, IteratorProtocol, ExpressibleByArrayLiteral {
  private let children: RawSyntaxBuffer?
  private var index = 0
  private var offset: Int

  init(_ node: RawNode) {
    children = node.raw.layoutView?.children
    offset = node.offset
  }

  /// The empty sequence; a literal with elements is a programming error.
  init(arrayLiteral elements: Never...) {
    children = nil
    offset = 0
  }

  mutating func next() -> RawNode? {
    guard let children else { return nil }
    while index < children.count {
      let child = children[index]
      index += 1
      guard let child else { continue }
      let node = RawNode(child, offset: offset)
      offset += child.byteLength
      return node
    }
    return nil
  }
}

/// Reads a node's children, remembering where the last one read starts so that the next
/// one (in a later slot) continues from there. Reading an earlier slot starts over.
struct ChildReader {
  private let children: RawSyntaxBuffer?
  private let start: Int
  /// The slot `offset` belongs to.
  private var index = 0
  private var offset: Int

  init(_ node: RawNode) {
    children = node.raw.layoutView?.children
    start = node.offset
    offset = node.offset
  }

  /// The child in `slot`, `nil` when the slot is empty.
  mutating func callAsFunction(_ slot: Slot) -> RawNode? {
    guard let children, slot.index < children.count else { return nil }
    if slot.index < index {
      index = 0
      offset = start
    }
    while index < slot.index {
      offset += children[index]?.byteLength ?? 0
      index += 1
    }
    return children[index].map { RawNode($0, offset: offset) }
  }
}

/// A child slot of a syntax node kind, found once from the node's layout so that it follows
/// the SwiftSyntax version in use: `Slot(\ClassDeclSyntax.name)`.
struct Slot: Sendable {
  let index: Int

  init<Node: SyntaxProtocol, Value>(_ keyPath: KeyPath<Node, Value>) {
    let wanted: AnyKeyPath = keyPath
    guard case .layout(let paths) = Node.structure,
      let index = paths.firstIndex(where: { ($0 as AnyKeyPath) == wanted })
    else {
      preconditionFailure("not a layout child of \(Node.self)")
    }
    self.index = index
  }
}
