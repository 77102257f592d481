import DpendModel
import DpendTestSupport
import DpendWorkspace
import Testing

/// `.dpend.json`'s container settings change what is collected: when they change, every file
/// is read again, open documents included, and the answer is the one a fresh start gives.
@Suite struct ContainerSettingsReloadTests {
  static let screen = """
    protocol Clock {}
    final class Screen {
      @Inject var clock: Clock
    }

    """
  static let settings = MarkedText(
    """
    final class Settings {
      @Inject var clock: 1️⃣Clock
      let other: Clock = 2️⃣inject()
    }
    """)

  @Test func namingHelpersInDpendJSONReadsEveryFileAgain() throws {
    let folder = try TemporaryWorkspace(["Screen.swift": Self.screen])
    defer { folder.remove() }
    let workspace = Workspace(root: folder.root.path)
    workspace.apply(.reload)
    #expect(workspace.analyze().diagnostics == [])
    workspace.apply(.openDocument(path: folder.path("Settings.swift"), text: Self.settings.text, version: 1))
    #expect(workspace.analyze().diagnostics == [])

    try folder.write(".dpend.json", #"{"injectWrappers": ["Inject"], "resolveFunctions": ["inject"]}"#)
    #expect(
      workspace.apply(.disk([FileChange(path: folder.path(".dpend.json"), kind: .changed)]))
        == .reloaded(reason: ".dpend.json changed"))
    // One diagnostic for the key, with a note at every site: the open document's too.
    let diagnostics = workspace.analyze().diagnostics
    #expect(diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock'"])
    #expect(
      diagnostics.first?.notes.map { "\($0.range.file.split(separator: "/").last!) \($0.range.start)" } == [
        "Screen.swift \(SourcePosition(line: 3, column: 22, offset: 60))",
        "Settings.swift \(Self.settings.position("1️⃣"))", "Settings.swift \(Self.settings.position("2️⃣"))",
      ])

    try folder.write(".dpend.json", "{}")
    workspace.apply(.disk([FileChange(path: folder.path(".dpend.json"), kind: .changed)]))
    #expect(workspace.analyze().diagnostics == [])
  }
}
