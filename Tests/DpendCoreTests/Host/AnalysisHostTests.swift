import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

struct AnalysisHostTests {
  private func workspace(files: Int) throws -> AnalysisHost {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"])))
    host.update(
      (0..<files).map { index in
        (
          path: "Sources/File\(index).swift",
          text: "protocol Service\(index) {}\nfinal class Service\(index)Impl: Service\(index) {}\n"
        )
      })
    return host
  }

  @Test func anEditReparsesOnlyTheEditedFileAndReusesItsUnchangedSyntax() throws {
    let host = try workspace(files: 20)
    #expect(host.parseCount == 20)
    let path = "Sources/Feed.swift"
    let unrelated = (0..<30).map { "struct Unrelated\($0) { let value = \($0) }\n" }.joined()
    let original = MarkedText("protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(1️⃣) {}\n}\n" + unrelated)
    host.open(path: path, text: original.text)
    #expect(host.parseCount == 21)
    // Type a parameter into `init()`.
    let edited = "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Service3) {}\n}\n" + unrelated
    host.change(
      path: path, to: edited,
      edits: [TextReplacement(offset: original.offset("1️⃣"), length: 0, replacement: "store: Service3")])
    #expect(host.parseCount == 22)
    // The 30 unrelated declarations after the edit were reused from the previous tree.
    #expect(try #require(host.reusedBytes(of: path)) >= unrelated.utf8.count)
    let graph = host.graph()
    #expect(graph.resolved[DependencyKey(name: "Feed")]?.displayName == "FeedImpl.init(store:)")
    // Handing the host unchanged disk text parses nothing.
    host.update(
      (0..<20).map {
        ("Sources/File\($0).swift", "protocol Service\($0) {}\nfinal class Service\($0)Impl: Service\($0) {}\n")
      })
    #expect(host.parseCount == 22)
  }

  @Test func openDocumentsOverrideTheDiskUntilClosed() throws {
    let host = try workspace(files: 1)
    host.open(path: "Sources/File0.swift", text: "protocol Service0 {}\n")
    host.update([("Sources/File0.swift", "protocol Service0 {}\nfinal class Service0Impl: Service0 {}\n")])
    #expect(host.graph().localFactories.isEmpty)
    host.close(path: "Sources/File0.swift")
    #expect(host.openText(of: "Sources/File0.swift") == nil)
    host.update([("Sources/File0.swift", "protocol Service0 {}\nfinal class Service0Impl: Service0 {}\n")])
    #expect(host.graph().localFactories.map(\.displayName) == ["Service0Impl.init()"])
  }
}
