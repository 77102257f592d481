import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// The first index as a client sees it: progress with the file count, reports and the time; a
/// request the user asks while it runs is told how far it is, not left unanswered; the
/// editor's own requests wait for it.
@Suite struct IndexingProgressTests {
  /// `count` files, each a protocol and its implementation: enough that indexing them takes a
  /// while in a debug build.
  static func manyFiles(_ count: Int) throws -> TemporaryWorkspace {
    var files = [".dpend.json": #"{"implicitFilters": [".*Impl"]}"#]
    for index in 0..<count {
      files["Sources/File\(index).swift"] =
        "protocol Service\(index) {}\nfinal class Service\(index)Impl: Service\(index) {\n  init() {}\n}\n"
    }
    return try ServerFixtures.workspace(files)
  }

  @Test func progressCountsTheFilesAndEndsWithTheTime() throws {
    let workspace = try Self.manyFiles(300)
    let client = try ServerFixtures.start(
      workspace, capabilities: ClientCapabilities(window: .init(workDoneProgress: true)))
    _ = try client.waitForServerRequest(WorkDoneProgressCreateRequest.self)
    let begin = try client.waitForNotification(ProgressNotification.self)
    #expect(begin.value == .begin(title: "dpend: indexing", message: "300 files", percentage: 0))
    var reports: [WorkDoneProgress] = []
    var next = try client.waitForNotification(ProgressNotification.self, timeout: 60)
    while next.value.kind == "report" {
      reports.append(next.value)
      next = try client.waitForNotification(ProgressNotification.self, timeout: 60)
    }
    // Each report counts more files than the one before, the last all of them.
    #expect(reports.last == .report(message: "300 of 300 files read", percentage: 100))
    let percentages = reports.compactMap(\.percentage)
    #expect(percentages == percentages.sorted() && Set(percentages).count == percentages.count)
    for report in reports {
      let read = try #require(report.message?.wholeMatch(of: /(\d+) of 300 files read/)?.1)
      #expect(Int(read)! * 100 / 300 == report.percentage)
    }
    let end = try #require(next.value.message)
    #expect(next.value.kind == "end")
    #expect(end.wholeMatch(of: /indexed 300 files in \d+ ms/) != nil, "\(end)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aHoverDuringTheIndexIsToldHowFarItIsAndLensesWait() throws {
    let workspace = try Self.manyFiles(600)
    let client = try ServerFixtures.start(
      workspace, arguments: ["lsp", "--debounce", "10", "--indexing-grace", "0"])
    let uri = workspace.uri("Sources/File0.swift")
    let hover = client.start(HoverRequest(textDocument: .init(uri: uri), position: Position(line: 0, character: 10)))
    let lenses = client.start(CodeLensRequest(textDocument: .init(uri: uri)))
    guard case .failure(let error) = try client.response(to: hover, timeout: 60) else {
      Issue.record("the hover was answered before the index was done")
      return
    }
    #expect(error.code == -32803)
    // Told how far the index is: the files read once they are found, or that they are being found.
    let told =
      /dpend is still indexing the workspace \(((\d+) of 600 files read|finding its files and build targets), \d+\.\d s so far\): ask again when it is done/
    let match = try #require(error.message.wholeMatch(of: told), "\(error.message)")
    #expect(match.2.map { Int($0)! <= 600 } ?? true)
    // The editor's own request is answered once the index is done, with the whole graph.
    let answered = try client.response(to: lenses, timeout: 60).get()
    #expect(answered?.map(\.command?.title) == ["0 resolves · needs nothing"])
    // Afterwards a hover is answered.
    let later = try client.send(
      HoverRequest(textDocument: .init(uri: uri), position: Position(line: 1, character: 14)), timeout: 60)
    #expect(
      later?.contents.value
        == "`Service0Impl` is a provider\n\n`Service0Impl.init()` provides `Service0`\n- scope: `unique`\n- needs: nothing"
    )
    #expect(try client.shutdownAndExit() == 0)
  }
}
