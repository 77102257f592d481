import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation

/// One recorded exchange with the server: `protocol-fixtures/<name>.json` at the package
/// root (the format is described in `protocol-fixtures/README.md`).
struct ProtocolFixture {
  struct FormatError: Error, CustomStringConvertible {
    var description: String
  }

  /// One step of the exchange.
  enum Step {
    /// A message the client sends (placeholders are filled in first).
    case client(LSPAny)
    /// Bytes the client writes as they are, framing included.
    case clientRaw(String)
    /// A message the server must send.
    case server(LSPAny)
  }

  /// The folder holding the fixtures.
  static let directory = Repository.url("protocol-fixtures")

  /// The names of every fixture (file names without `.json`), sorted.
  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  let name: String
  var description: String
  /// Workspace files by path relative to the workspace folder.
  var files: [String: String]
  var steps: [Step]
  /// The `note` of each step, if any (kept when the fixture is rewritten).
  var notes: [String?]

  var url: URL { Self.directory.appendingPathComponent(name + ".json") }

  init(named name: String) throws {
    self.name = name
    let data = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".json"))
    let document: LSPAny
    do {
      document = try LSPAny.decode(json: data)
    } catch {
      throw FormatError(description: "\(name).json is not valid JSON: \(error)")
    }
    guard case .object(let top) = document, case .string(let description)? = top["description"],
      case .array(let exchange)? = top["exchange"],
      Set(top.keys).isSubset(of: ["description", "workspace", "exchange"])
    else {
      throw FormatError(description: "\(name).json needs \"description\", \"exchange\" and optionally \"workspace\"")
    }
    self.description = description
    files = [:]
    if let workspace = top["workspace"] {
      guard case .object(let members) = workspace, Set(members.keys).isSubset(of: ["files"]) else {
        throw FormatError(description: "\(name).json: \"workspace\" holds only \"files\"")
      }
      if case .object(let entries)? = members["files"] {
        for (path, text) in entries {
          guard case .string(let text) = text else {
            throw FormatError(description: "\(name).json: the file \(path) must be a string")
          }
          files[path] = text
        }
      }
    }
    steps = []
    notes = []
    for (index, entry) in exchange.enumerated() {
      guard case .object(var members) = entry else {
        throw FormatError(description: "\(name).json: step \(index + 1) is not an object")
      }
      if case .string(let note)? = members.removeValue(forKey: "note") {
        notes.append(note)
      } else {
        notes.append(nil)
      }
      switch (members.count, members["client"], members["clientRaw"], members["server"]) {
      case (1, let message?, nil, nil): steps.append(.client(message))
      case (1, nil, .string(let raw)?, nil): steps.append(.clientRaw(raw))
      case (1, nil, nil, let message?):
        guard ServerMessageKind(message) != nil else {
          throw FormatError(description: "\(name).json: step \(index + 1) needs a \"method\" or an \"id\"")
        }
        steps.append(.server(message))
      default:
        throw FormatError(
          description: "\(name).json: step \(index + 1) must be one of \"client\", \"clientRaw\", \"server\"")
      }
    }
  }

  /// The fixture as JSON text, in the layout the files are kept in.
  var text: String {
    var workspace: [String: LSPAny] = [:]
    if !files.isEmpty { workspace["files"] = .object(files.mapValues(LSPAny.string)) }
    let exchange = zip(steps, notes).map { step, note in
      var members: [String: LSPAny] = [:]
      if let note { members["note"] = .string(note) }
      switch step {
      case .client(let message): members["client"] = message
      case .clientRaw(let raw): members["clientRaw"] = .string(raw)
      case .server(let message): members["server"] = message
      }
      return LSPAny.object(members)
    }
    var document: [String: LSPAny] = ["description": .string(description), "exchange": .array(exchange)]
    if !workspace.isEmpty { document["workspace"] = .object(workspace) }
    return FixtureJSON.print(.object(document), keys: .readable) + "\n"
  }
}

/// What a server message is matched by: a response by its id, a request or a notification
/// by its method.
enum ServerMessageKind: Equatable, CustomStringConvertible {
  case response(id: LSPAny)
  case request(method: String)
  case notification(method: String)

  /// The kind of a message; `nil` when it has neither a method nor an id.
  init?(_ message: LSPAny) {
    guard case .object(let members) = message else { return nil }
    if case .string(let method)? = members["method"] {
      self = members["id"] == nil ? .notification(method: method) : .request(method: method)
    } else if let id = members["id"] {
      self = .response(id: id)
    } else {
      return nil
    }
  }

  var description: String {
    switch self {
    case .response(let id): return "the response to id \(FixtureJSON.print(id, keys: .sorted))"
    case .request(let method): return "a \(method) request"
    case .notification(let method): return "a \(method) notification"
    }
  }
}

/// The fixture placeholders: `{{rootUri}}` (the workspace folder's `file://` URI, no
/// trailing slash) and `{{rootPath}}` (its path), in strings and object keys.
struct FixturePlaceholders {
  /// A value that matches anything in an expected server message.
  static let any = LSPAny.string("{{any}}")

  let rootUri: String
  let rootPath: String

  init(root: URL) {
    let uri = root.absoluteString
    rootUri = uri.hasSuffix("/") ? String(uri.dropLast()) : uri
    rootPath = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
  }

  /// `value` with the placeholders replaced by the workspace's values.
  func fill(_ value: LSPAny) -> LSPAny {
    map(value) {
      $0.replacingOccurrences(of: "{{rootUri}}", with: rootUri).replacingOccurrences(of: "{{rootPath}}", with: rootPath)
    }
  }

  /// `value` with the workspace's values replaced by the placeholders.
  func abstract(_ value: LSPAny) -> LSPAny {
    // The URI first: it contains the path.
    map(value) {
      $0.replacingOccurrences(of: rootUri, with: "{{rootUri}}").replacingOccurrences(of: rootPath, with: "{{rootPath}}")
    }
  }

  private func map(_ value: LSPAny, _ transform: (String) -> String) -> LSPAny {
    switch value {
    case .string(let string): return .string(transform(string))
    case .array(let elements): return .array(elements.map { map($0, transform) })
    case .object(let members):
      return .object(Dictionary(uniqueKeysWithValues: members.map { (transform($0.key), map($0.value, transform)) }))
    default: return value
    }
  }

  /// `actual` with every value that `expected` has as `"{{any}}"` at the same place
  /// replaced by `"{{any}}"`, so that only the other values are compared.
  static func masking(_ actual: LSPAny, like expected: LSPAny) -> LSPAny {
    if expected == any { return any }
    switch (actual, expected) {
    case (.array(let elements), .array(let patterns)):
      return .array(
        elements.enumerated().map { index, element in
          index < patterns.count ? masking(element, like: patterns[index]) : element
        })
    case (.object(let members), .object(let patterns)):
      return .object(
        Dictionary(
          uniqueKeysWithValues: members.map { key, member in
            (key, patterns[key].map { masking(member, like: $0) } ?? member)
          }))
    default:
      return actual
    }
  }
}
