import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// A new session whose inputs are those of the last run publishes that run's kept answer
/// before it builds the graph: exactly what the graph then publishes, and never an answer
/// of other inputs.
@Suite struct KeptAnswerTests {
  /// A missing `Store` after a comment with non-ASCII text (UTF-16 columns differ from
  /// UTF-8 ones), and a cycle, whose diagnostics carry related locations.
  static let files = [
    ".dpend.json": ServerFixtures.configuration,
    "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {\n  /* é🙂 */ init(store: Store) {}\n}\n",
    "Sources/Store.swift": "protocol Store {}\n",
    "Sources/Cycle.swift":
      "protocol A {}\nprotocol B {}\n/* 🎉 */ final class AImpl: A { init(b: B) {} }\n"
      + "/* 🎉 */ final class BImpl: B { init(a: A) {} }\n",
  ]

  /// What one session published until the graph was built, by URI in order, and its log lines.
  struct Session {
    var published: [String: [[DpendProtocol.Diagnostic]]] = [:]
    var logs: [String] = []

    /// The log line of a kept answer published, if any.
    var keptLine: String? { logs.first { $0.hasPrefix("published the kept answer") } }
  }

  /// Runs a session up to the answer of a hover, which waits for the first graph (the server
  /// publishes before it answers waiting requests), and shuts it down.
  static func session(_ workspace: TemporaryWorkspace) throws -> Session {
    let client = try ServerFixtures.start(workspace)
    _ = try client.send(
      HoverRequest(
        textDocument: .init(uri: workspace.uri("Sources/Feed.swift")), position: Position(line: 0, character: 0)))
    var session = Session()
    for message in client.untakenMessages() {
      guard case .string(let method)? = message["method"], let params = message["params"] else { continue }
      if method == PublishDiagnosticsNotification.method {
        let notification = try params.decodeExactly(PublishDiagnosticsNotification.self, what: method)
        session.published[notification.uri, default: []].append(notification.diagnostics)
      } else if method == LogMessageNotification.method {
        session.logs.append(try params.decodeExactly(LogMessageNotification.self, what: method).message)
      }
    }
    #expect(try client.shutdownAndExit() == 0)
    return session
  }

  @Test func aNewSessionPublishesTheKeptAnswerFirstAndTheGraphAddsNothing() throws {
    let workspace = try ServerFixtures.workspace(Self.files)
    let feed = workspace.uri("Sources/Feed.swift")
    let cycle = workspace.uri("Sources/Cycle.swift")
    let first = try Self.session(workspace)
    #expect(first.keptLine == nil)
    let missingStore = ServerFixtures.missingDependency(
      "Store", neededBy: "FeedImpl.init(store:)",
      at: DpendProtocol.Range(start: Position(line: 2, character: 24), end: Position(line: 2, character: 29)))
    #expect(first.published[feed] == [[missingStore]])
    #expect(first.published[cycle]?.count == 1)
    #expect(first.published[cycle]?.first?.first?.relatedInformation?.isEmpty == false)
    #expect(first.published.count == 2)

    // Nothing changed: the same diagnostics, once, from the kept answer before the graph.
    let second = try Self.session(workspace)
    #expect(second.published == first.published)
    let kept = try #require(second.keptLine)
    #expect(kept.hasPrefix("published the kept answer (no input changed since dpend last ran) in "))
    let indexed = try #require(second.logs.firstIndex { $0.hasPrefix("indexed 3 files in ") })
    #expect(try #require(second.logs.firstIndex(of: kept)) < indexed)

    // Store provided on disk: the kept answer is of other inputs and is never published.
    try workspace.write("Sources/StoreImpl.swift", "final class StoreImpl: Store {}\n")
    let third = try Self.session(workspace)
    #expect(third.keptLine == nil)
    #expect(third.published[feed] == nil)
    #expect(third.published[cycle] == first.published[cycle])
    // That session kept its own answer, which the next one publishes.
    let fourth = try Self.session(workspace)
    #expect(fourth.keptLine != nil)
    #expect(fourth.published == third.published)
  }
}
