import DpendModel
/// `textDocument/inlayHint`: the key an untyped resolve infers, a registration's implicit scope.
public struct InlayHintRequest: LSPRequest, Hashable {
  public static let method = "textDocument/inlayHint"
  public typealias Response = [InlayHint]?
  public var textDocument: TextDocumentIdentifier
  public var range: Range
  public init(textDocument: TextDocumentIdentifier, range: Range) {
    self.textDocument = textDocument
    self.range = range
  }
}

/// A label shown inside the text at a position.
public struct InlayHint: Hashable, Sendable, Codable {
  public var position: Position
  public var label: String
  /// 1: a type; 2: a parameter.
  public var kind: Int?
  public var tooltip: String?
  public var paddingLeft: Bool?
  public var paddingRight: Bool?
  public init(
    position: Position, label: String, kind: Int?, tooltip: String?, paddingLeft: Bool?, paddingRight: Bool?
  ) {
    self.position = position
    self.label = label
    self.kind = kind
    self.tooltip = tooltip
    self.paddingLeft = paddingLeft
    self.paddingRight = paddingRight
  }

  /// The kind of a type's hint.
  public static let typeKind = 1
  /// The kind of a parameter's hint (dpend's: a registration's implicit scope).
  public static let parameterKind = 2
}

/// `workspace/inlayHint/refresh`: a request from the server asking the client to fetch every
/// shown document's inlay hints again.
public struct InlayHintRefreshRequest: LSPRequest, Hashable {
  public static let method = "workspace/inlayHint/refresh"
  public typealias Response = LSPAny?
  public init() {}
}
