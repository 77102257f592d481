import DpendProtocol
import DpendTestSupport
import Foundation

/// Workspaces, documents and expected diagnostics the server tests share.
enum ServerFixtures {
  static let configuration = #"{"implicitFilters": [".*Impl"]}"#

  /// `Sources/Feed.swift` of ``missingStore()``: `FeedImpl` needs `Store` (1️⃣ stands in it),
  /// which nothing provides; 0️⃣ stands in the first line.
  static let feed = MarkedText("protocol Feed {0️⃣}\nfinal class FeedImpl: Feed {\n  init(store: S1️⃣tore) {}\n}\n")

  /// A temporary workspace folder holding `files` (relative path → text).
  static func workspace(_ files: [String: String]) throws -> TemporaryWorkspace {
    try TemporaryWorkspace(files, prefix: "dpend-lsp")
  }

  /// A workspace whose `Sources/Feed.swift` (``feed``) needs `Store`, which `Sources/Store.swift`
  /// declares but nothing provides.
  static func missingStore() throws -> TemporaryWorkspace {
    try workspace([
      ".dpend.json": configuration, "Sources/Feed.swift": feed.text, "Sources/Store.swift": "protocol Store {}\n",
    ])
  }

  /// The diagnostic ``feed`` gets in ``missingStore()``.
  static let missingStoreDiagnostic = missingDependency(
    "Store", neededBy: "FeedImpl.init(store:)", at: feed.lspRange(of: "Store", containing: "1️⃣"))

  /// A `missing-dependency` error: nothing provides `key`, which `consumer` needs at `range`.
  static func missingDependency(_ key: String, neededBy consumer: String, at range: DpendProtocol.Range) -> Diagnostic {
    Diagnostic(
      range: range, severity: Diagnostic.error, code: "missing-dependency", source: "dpend",
      message: "missing dependency: nothing provides '\(key)', needed by '\(consumer)'", relatedInformation: nil)
  }

  /// The empty range at the start of a file: where a new file's text goes, and where problems
  /// of a whole file are shown.
  static let startOfFile = DpendProtocol.Range(
    start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))

  /// A client that can watch files (dynamic registration of `workspace/didChangeWatchedFiles`).
  static let watchingClient = ClientCapabilities(
    workspace: .init(didChangeWatchedFiles: .init(dynamicRegistration: true)))

  /// A client that applies edits creating files, in order.
  static let creatingClient = ClientCapabilities(
    workspace: .init(workspaceEdit: .init(documentChanges: true, resourceOperations: ["create"])))

  /// A server started on `workspace` (kept alive as long as the client) and initialized.
  static func start(
    _ workspace: TemporaryWorkspace, capabilities: ClientCapabilities = ClientCapabilities(),
    arguments: [String] = ["lsp", "--debounce", "10"]
  ) throws -> TestLSPClient {
    let client = try TestLSPClient(arguments: arguments)
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: capabilities)
    return client
  }
}
