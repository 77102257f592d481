import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// A thousand real edits to an open document interleaved with hovers, definitions and
/// cancellations: every request gets exactly one answer, and the end state is exact.
@Suite struct StressTests {
  static let editCount = 1_000
  static let head = "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n"

  @Test func editsRequestsAndCancellationsInterleaved() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let uri = workspace.uri("Sources/Feed.swift")
    _ = try client.diagnostics(for: uri)
    // The last line is the one edited: a comment, so every state in between has the error.
    var tail = "// "
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(uri), "languageId": .string("swift"), "version": .int(1), "text": .string(Self.head + tail),
        ])
      ]))

    var random = SplitMix64(seed: 0x5EED_0F_5E55)
    var requests: [RequestID] = []
    var cancelled: Set<RequestID> = []
    let at = #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":16}}"#
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
      client.sendNotification(
        "textDocument/didChange",
        .parse(
          #"{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":{"start":"#
            + #"{"line":4,"character":\#(range.start)},"end":{"line":4,"character":\#(range.end)}},"#
            + #""text":"\#(range.text)"}]}"#))
      if random.below(2) == 0 {
        requests.append(client.sendRequest(random.pick(["textDocument/hover", "textDocument/definition"]), .parse(at)))
      }
      // Cancel a request sent a moment ago: it may be waiting for the analysis or answered.
      if random.below(3) == 0, let id = requests.suffix(4).randomElement(using: &random), !cancelled.contains(id) {
        cancelled.insert(id)
        client.sendNotification("$/cancelRequest", .object(["id": id.json]))
      }
    }
    #expect(tail == "final class StoreImpl: Store {}")

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

    let published = try client.notification("textDocument/publishDiagnostics", timeout: 60) {
      $0["uri"] == .string(uri) && $0["diagnostics"] == .array([])
    }
    #expect(published.json == #"{"diagnostics":[],"uri":"\#(uri)","version":\#(Self.editCount + 1)}"#)
    let hover = try client.request("textDocument/hover", .parse(at))
    #expect(
      hover.json
        == #"{"contents":{"kind":"markdown","value":"`Store` is provided by `StoreImpl.init()` (scope: `unique`)"},"#
        + #""range":{"end":{"character":19,"line":2},"start":{"character":14,"line":2}}}"#)
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
