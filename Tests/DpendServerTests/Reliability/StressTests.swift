import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// A thousand real edits to an open document interleaved with hovers, definitions and
/// cancellations: every request gets exactly one answer, and the end state is exact.
@Suite struct StressTests {
  static let editCount = 1_000
  /// The document: the missing dependency (1️⃣ in it), then the line the edits change (2️⃣).
  static let document = MarkedText(
    "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: St1️⃣ore) {}\n}\n2️⃣// ")

  @Test func editsRequestsAndCancellationsInterleaved() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Feed.swift")
    _ = try client.waitForDiagnostics(uri)
    // The last line is the one edited: a comment, so every state in between has the error.
    client.openDocument(Self.document, uri: uri)
    let editedLine = Self.document.lspPosition("2️⃣").line
    var tail = "// "

    var random = SplitMix64(seed: 0x5EED_0F_5E55)
    var requests: [RequestID] = []
    var cancelled: Set<RequestID> = []
    let cursor = TextDocumentPositionParams(textDocument: .init(uri: uri), position: Self.document.lspPosition("1️⃣"))
    let started = Date()
    for version in 2...(Self.editCount + 1) {
      let range: (start: Int, end: Int, text: String)
      if version == Self.editCount + 1 {
        range = (0, tail.utf16.count, "final class StoreImpl: Store {}")  // the last edit provides Store
      } else if random.below(3) == 0 && tail.count > 3 {
        let start = 3 + random.below(tail.count - 3)
        range = (start, min(tail.count, start + 1 + random.below(3)), "")
      } else {
        let start = 3 + random.below(tail.count - 2)
        range = (start, start, random.pick(["a", "b ", "xyz", " ", "q1"]))
      }
      let characters = Array(tail)
      tail = String(characters[..<range.start]) + range.text + String(characters[range.end...])
      // The line holds ASCII only: characters are UTF-16 units.
      let edit = DpendProtocol.Range(
        start: Position(line: editedLine, character: range.start), end: Position(line: editedLine, character: range.end)
      )
      client.changeDocument(uri, version: version, [.init(range: edit, text: range.text)])
      if random.below(2) == 0 {
        if random.below(2) == 0 {
          requests.append(client.start(HoverRequest(textDocument: cursor.textDocument, position: cursor.position)).id)
        } else {
          requests.append(
            client.start(DefinitionRequest(textDocument: cursor.textDocument, position: cursor.position)).id)
        }
      }
      // Cancel a request sent a moment ago: it may be waiting for the analysis or answered.
      if random.below(3) == 0, let id = requests.suffix(4).randomElement(using: &random), !cancelled.contains(id) {
        cancelled.insert(id)
        client.notify(CancelRequestNotification(id: id))
      }
    }

    var results = 0
    var cancellations = 0
    for id in requests {
      switch try client.response(id, timeout: 60) {
      case .success: results += 1
      case .failure(let error):
        #expect(error == .requestCancelled, "\(id)")
        #expect(cancelled.contains(id), "\(id) was not cancelled")
        cancellations += 1
      }
    }
    let answered = Date()
    // Exactly one response each: none is left over.
    let extra = client.untakenResponses().filter { response in requests.contains { $0.json == response["id"] } }
    #expect(extra == [])

    // The server applied every edit: the last one provided Store, published for its version.
    let published = try client.waitForNotification(PublishDiagnosticsNotification.self, timeout: 60) {
      $0.uri == uri && $0.diagnostics.isEmpty
    }
    #expect(published.version == Self.editCount + 1)
    let hover = try client.send(HoverRequest(textDocument: cursor.textDocument, position: cursor.position))
    #expect(
      hover
        == Hover(
          contents: MarkupContent(markdown: "`Store` is provided by `StoreImpl.init()` (scope: `unique`)"),
          range: Self.document.lspRange(of: "Store", containing: "1️⃣")))
    #expect(try client.shutdownAndExit() == 0)
    #expect(try client.leftovers().invalidBodies == [])
    print(
      """
      stress: \(Self.editCount) edits, \(requests.count) requests (\(cancelled.count) cancellations sent): \
      \(results) results, \(cancellations) cancelled; all answered after \
      \(String(format: "%.2f", answered.timeIntervalSince(started))) s
      """)
  }
}
