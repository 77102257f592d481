import DpendTestSupport
import Foundation
import Testing

/// The Factory example app, analysed with no settings at all: its one deliberate mistake (two
/// definitions that need each other), and nothing else — the `.onTest { }` and
/// `.onPreview { }` overrides close no cycle.
@Suite struct FactoryExampleTests {
  @Test func theFactoryAppsCycle() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Factory"])
    #expect(
      result.stdout == """
        Tests/Example/Factory/AppContainer.swift:16:54: error: dependency cycle: \\Container.feed -> \
        \\Container.player -> \\Container.feed [dependency-cycle]
        Tests/Example/Factory/AppContainer.swift:16:54: note: '\\Container.feed' resolves '\\Container.player'
        Tests/Example/Factory/AppContainer.swift:20:35: note: '\\Container.player' resolves '\\Container.feed'

        """)
    #expect(
      result.stderr == """
        1 error, 0 warnings
        container code: 6 registrations read, 0 unread; 10 resolve sites checked, 0 unread; 1 configuration analysed

        """)
    #expect(result.status == 1)
  }

  /// `dpend tree`, in text and in DOT (`Goldens/tree-factory.*`; `DPEND_UPDATE_GOLDENS=1`
  /// rewrites them): a section per definition, with its scope and what it makes.
  @Test func theFactoryAppsTree() throws {
    let text = try runDpend(["tree", "--workspace", "Tests/Example/Factory"])
    #expect(text.status == 0)
    #expect(text.stderr == "")
    try expectGolden(text.stdout, named: "tree-factory.txt")
    let dot = try runDpend(["tree", "--workspace", "Tests/Example/Factory", "--format", "dot"])
    #expect(dot.status == 0)
    #expect(dot.stderr == "")
    try expectGolden(dot.stdout, named: "tree-factory.dot")
  }
}
