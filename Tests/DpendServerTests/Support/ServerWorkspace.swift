import Foundation

/// A temporary workspace folder for one server test, removed when the test ends.
final class ServerWorkspace {
  let root: URL

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// The `file://` URI of `path`, as the server writes it.
  func uri(_ path: String) -> String { url(path).absoluteString }

  func write(_ path: String, _ text: String) throws {
    let file = url(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  func remove(_ path: String) throws { try FileManager.default.removeItem(at: url(path)) }
}

/// Workspaces the server tests share.
enum ServerFixtures {
  static let configuration = #"{"implicitFilters": [".*Impl"]}"#

  /// `FeedImpl` needs `Store`, which `Store.swift` declares but nothing provides.
  static func missingStore() throws -> ServerWorkspace {
    try ServerWorkspace([
      ".dpend.json": configuration,
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n",
      "Sources/Store.swift": "protocol Store {}\n",
    ])
  }
}
