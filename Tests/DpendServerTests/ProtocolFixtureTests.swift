import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Replays every `protocol-fixtures/*.json` against the real `dpend lsp`.
///
/// With `DPEND_RECORD_FIXTURES=1` the expected server messages are rewritten from what the
/// server said instead of compared; review the diff before committing it.
@Suite struct ProtocolFixtureTests {
  /// How long each server step, the exit and the end of the output may take.
  static let stepTimeout: TimeInterval = 5

  static let recording = ProcessInfo.processInfo.environment["DPEND_RECORD_FIXTURES"] == "1"

  /// The fixtures that must exist: deleting one fails this suite.
  static let required = ["code-actions", "diagnostics", "errors", "hover-definition-references", "lifecycle"]

  @Test func theRequiredFixturesExist() {
    let missing = Self.required.filter { !ProtocolFixture.names.contains($0) }
    #expect(missing.isEmpty, "missing fixtures in \(ProtocolFixture.directory.path): \(missing)")
  }

  @Test(arguments: ProtocolFixture.names)
  func replay(_ name: String) throws {
    var fixture = try ProtocolFixture(named: name)
    let workspace = try ServerFixtures.workspace(fixture.files)
    let placeholders = FixturePlaceholders(root: workspace.root)
    let client = try TestLSPClient(answersServerRequests: false)
    client.keepAlive(workspace)
    defer { client.stop() }

    for (index, step) in fixture.steps.enumerated() {
      switch step {
      case .client(let message):
        client.send(json: placeholders.fill(message))
      case .clientRaw(let bytes):
        client.writeRaw(Array(bytes.utf8))
      case .server(let expected):
        let kind = ServerMessageKind(expected)!
        let what = "step \(index + 1), \(kind)"
        let received: LSPAny
        do {
          received = try client.takeJSON(what, timeout: Self.stepTimeout) { ServerMessageKind($0) == kind }
        } catch {
          // Nothing came in time, or the server ended: say which, and show what did come.
          let pending = client.untakenMessages().map { FixtureJSON.print(placeholders.abstract($0), keys: .readable) }
          let comment =
            "\(name).json: \(what) did not arrive within \(Self.stepTimeout) s (\(error)); received and not matched:\n"
            + pending.joined(separator: "\n")
          Issue.record(Comment(rawValue: comment))
          return
        }
        let actual = FixturePlaceholders.masking(placeholders.abstract(received), like: expected)
        if Self.recording {
          fixture.steps[index] = .server(actual)
        } else if FixtureJSON.canonical(actual) != FixtureJSON.canonical(expected) {
          let diff = FixtureJSON.diff(expected: FixtureJSON.canonical(expected), actual: FixtureJSON.canonical(actual))
          Issue.record("\(name).json: \(what) differs (- expected, + actual):\n\(diff)")
        }
      }
    }

    #expect(try client.waitForExit(timeout: Self.stepTimeout) == 0, "\(name).json: the server's exit status")
    let leftovers = try client.leftovers(timeout: Self.stepTimeout)
    let unexpected = leftovers.messages.filter { $0["method"] != .string("window/logMessage") }
    if !unexpected.isEmpty {
      let listed = unexpected.map { FixtureJSON.print(placeholders.abstract($0), keys: .readable) }
      Issue.record(
        Comment(rawValue: "\(name).json: the server sent messages no step expects:\n" + listed.joined(separator: "\n")))
    }
    if !leftovers.invalidBodies.isEmpty {
      let listed = leftovers.invalidBodies.joined(separator: "\n")
      Issue.record(Comment(rawValue: "\(name).json: the server sent bodies that are not JSON-RPC messages:\n" + listed))
    }

    if Self.recording {
      let text = fixture.text
      if (try? String(contentsOf: fixture.url, encoding: .utf8)) != text {
        try text.write(to: fixture.url, atomically: true, encoding: .utf8)
      }
    }
  }
}
