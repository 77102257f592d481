import DpendModel
import DpendProtocol

/// Real LSP messages with the type of each field, so a fuzzer can put a wrong type in one.
struct LSPTemplate {
  /// The JSON type a field must have.
  enum Kind { case int, string, bool, object, array, id }

  /// A field: its path (array elements by index) and whether it may be left out or `null`.
  struct Field {
    var path: [String]
    var kind: Kind
    var optional = false
  }

  var method: String
  var isRequest: Bool
  var params: LSPAny
  var fields: [Field]

  /// Every request and notification the server reads params of, with fields it decodes.
  static func all(uri: String) -> [LSPTemplate] {
    let document = Field(path: ["textDocument"], kind: .object)
    let documentURI = Field(path: ["textDocument", "uri"], kind: .string)
    let position: [Field] = [
      .init(path: ["position"], kind: .object), .init(path: ["position", "line"], kind: .int),
      .init(path: ["position", "character"], kind: .int),
    ]
    let at = #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":1,"character":2}}"#
    return [
      .init(
        method: "textDocument/hover", isRequest: true, params: .parsed(at), fields: [document, documentURI] + position),
      .init(
        method: "textDocument/definition", isRequest: true, params: .parsed(at),
        fields: [document, documentURI] + position),
      .init(
        method: "textDocument/references", isRequest: true,
        params: .parsed(
          #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":1,"character":2},"context":{"includeDeclaration":true}}"#
        ),
        fields: [document, documentURI] + position + [
          .init(path: ["context"], kind: .object, optional: true),
          .init(path: ["context", "includeDeclaration"], kind: .bool),
        ]),
      .init(
        method: "textDocument/codeAction", isRequest: true,
        params: .parsed(
          #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"#
            + #""end":{"line":1,"character":0}},"context":{"diagnostics":[],"only":["quickfix"]}}"#),
        fields: [
          document, documentURI, .init(path: ["range"], kind: .object), .init(path: ["range", "start"], kind: .object),
          .init(path: ["range", "start", "line"], kind: .int), .init(path: ["range", "end", "character"], kind: .int),
          .init(path: ["context"], kind: .object), .init(path: ["context", "diagnostics"], kind: .array),
          .init(path: ["context", "only"], kind: .array, optional: true),
        ]),
      .init(
        method: "workspace/executeCommand", isRequest: true,
        params: .parsed(#"{"command":"dpend.showTree","arguments":["\#(uri)"]}"#),
        fields: [.init(path: ["command"], kind: .string), .init(path: ["arguments"], kind: .array, optional: true)]),
      .init(
        method: "textDocument/didOpen", isRequest: false,
        params: .parsed(
          #"{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":"protocol P {}\n"}}"#),
        fields: [
          document, documentURI, .init(path: ["textDocument", "languageId"], kind: .string),
          .init(path: ["textDocument", "version"], kind: .int), .init(path: ["textDocument", "text"], kind: .string),
        ]),
      .init(
        method: "textDocument/didChange", isRequest: false,
        params: .parsed(
          #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"protocol Q {}\n"}]}"#),
        fields: [
          document, documentURI, .init(path: ["textDocument", "version"], kind: .int, optional: true),
          .init(path: ["contentChanges"], kind: .array), .init(path: ["contentChanges", "0", "text"], kind: .string),
        ]),
      .init(
        method: "textDocument/didClose", isRequest: false, params: .parsed(#"{"textDocument":{"uri":"\#(uri)"}}"#),
        fields: [document, documentURI]),
      .init(
        method: "workspace/didChangeWatchedFiles", isRequest: false,
        params: .parsed(#"{"changes":[{"uri":"\#(uri)","type":2}]}"#),
        fields: [
          .init(path: ["changes"], kind: .array), .init(path: ["changes", "0", "uri"], kind: .string),
          .init(path: ["changes", "0", "type"], kind: .int),
        ]),
      .init(
        method: "$/cancelRequest", isRequest: false, params: .parsed(#"{"id":"never-sent"}"#),
        fields: [.init(path: ["id"], kind: .id)]),
    ]
  }

  /// Values that are not of `kind` (`null` only for a field that must be present).
  static func wrongValues(for field: Field) -> [LSPAny] {
    var values: [LSPAny]
    switch field.kind {
    case .int: values = [.string("1"), .double(1.5), .bool(true), .array([]), .object([:])]
    case .string: values = [.int(1), .bool(false), .array([.string("a")]), .object([:])]
    case .bool: values = [.string("true"), .int(1), .array([]), .object([:])]
    case .object: values = [.string("{}"), .int(0), .array([]), .bool(true)]
    case .array: values = [.object([:]), .string("[]"), .int(0), .bool(false)]
    case .id: values = [.double(1.5), .bool(true), .array([]), .object([:])]
    }
    if !field.optional { values.append(.null) }
    return values
  }
}

extension LSPAny {
  /// A copy with the value at `path` replaced (array elements by index).
  func replacing(_ path: ArraySlice<String>, with value: LSPAny) -> LSPAny {
    guard let key = path.first else { return value }
    switch self {
    case .object(var members):
      members[key] = (members[key] ?? .null).replacing(path.dropFirst(), with: value)
      return .object(members)
    case .array(var elements):
      guard let index = Int(key), elements.indices.contains(index) else { return self }
      elements[index] = elements[index].replacing(path.dropFirst(), with: value)
      return .array(elements)
    default: return self
    }
  }
}
