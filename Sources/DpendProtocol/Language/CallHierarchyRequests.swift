/// `textDocument/prepareCallHierarchy`: the registration, resolve or provider at a position.
public struct CallHierarchyPrepareRequest: LSPRequest, Hashable {
  public static let method = "textDocument/prepareCallHierarchy"
  public typealias Response = [CallHierarchyItem]?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// `callHierarchy/incomingCalls`: who needs the item's key.
public struct CallHierarchyIncomingCallsRequest: LSPRequest, Hashable {
  public static let method = "callHierarchy/incomingCalls"
  public typealias Response = [CallHierarchyIncomingCall]?
  public var item: CallHierarchyItem
  public init(item: CallHierarchyItem) { self.item = item }
}

/// `callHierarchy/outgoingCalls`: what the item needs.
public struct CallHierarchyOutgoingCallsRequest: LSPRequest, Hashable {
  public static let method = "callHierarchy/outgoingCalls"
  public typealias Response = [CallHierarchyOutgoingCall]?
  public var item: CallHierarchyItem
  public init(item: CallHierarchyItem) { self.item = item }
}

/// One node of the hierarchy: a registration, a provider, or a key nothing registers.
public struct CallHierarchyItem: Hashable, Sendable, Codable {
  public var name: String
  public var kind: Int
  public var detail: String?
  public var uri: String
  public var range: Range
  public var selectionRange: Range
  public init(name: String, kind: Int, detail: String?, uri: String, range: Range, selectionRange: Range) {
    self.name = name
    self.kind = kind
    self.detail = detail
    self.uri = uri
    self.range = range
    self.selectionRange = selectionRange
  }
}

/// An item needing the one asked about, at `fromRanges` (its resolves).
public struct CallHierarchyIncomingCall: Hashable, Sendable, Codable {
  public var from: CallHierarchyItem
  public var fromRanges: [Range]
  public init(from: CallHierarchyItem, fromRanges: [Range]) {
    self.from = from
    self.fromRanges = fromRanges
  }
}

/// An item the one asked about needs, resolved at `fromRanges` in the item asked about.
public struct CallHierarchyOutgoingCall: Hashable, Sendable, Codable {
  public var to: CallHierarchyItem
  public var fromRanges: [Range]
  public init(to: CallHierarchyItem, fromRanges: [Range]) {
    self.to = to
    self.fromRanges = fromRanges
  }
}
