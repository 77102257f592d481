import DpendGenerate
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

@Suite struct GenerateTests {
  @Test func theTextIsWhatTheCommandLineWrites() throws {
    let app = MarkedText("protocol Store {}\nfinal class StoreImpl: Store {}\n")
    let ide = try ide(["App.swift": app])
    #expect(
      ide.generateRegistrations(outputFile: "Generated.swift", container: .swinject)
        == .ready(path: "Generated.swift", text: GeneratedOutput.text(for: ide.graph, container: .swinject)))
    #expect(
      ide.generateRegistrations(outputFile: nil, container: .dip)
        == .disabled(reason: "no output file: set 'outputFile' in .dpend.json"))
  }

  @Test func errorsDisableIt() throws {
    let app = MarkedText("final class FeedImpl { init(store: Store, clock: Clock) {} }\n")
    #expect(
      try ide(["App.swift": app]).generateRegistrations(outputFile: "G.swift", container: .dip)
        == .disabled(reason: "analysis found 2 errors"))
  }

  @Test func replacingAFileReplacesItsWholeTextOrCreatesIt() {
    #expect(IDE.replaceFile(path: "G.swift", with: "new", current: nil) == .create(path: "G.swift", text: "new"))
    #expect(
      IDE.replaceFile(path: "G.swift", with: "new", current: "old\r\ntext")
        == .edit(
          path: "G.swift", replacements: [TextReplacement(offset: 0, length: 9, replacement: "new")],
          lines: LineTable("old\r\ntext")))
  }
}
