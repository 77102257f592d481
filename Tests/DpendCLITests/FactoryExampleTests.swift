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

  /// A definition used but defined in a module dpend does not analyse: no error, no red box,
  /// and the tree says where it is not; `--verbose` lists the definition dpend cannot read.
  @Test func aDefinitionOutsideTheSourcesIsNeitherMissingNorAnError() throws {
    let workspace = try TemporaryWorkspace([
      "Container.swift": """
      import Factory

      extension Container {
        var feed: Factory<Feed> { self { Feed(api: self.remoteAPI()) }.cached }
        var legacy: Factory<Feed> { makeLegacyFactory() }
      }

      """
    ])
    let tree = try workspace.run("tree")
    #expect(
      tree.stdout == """
        \\Container.feed ← Feed (cached) [Factory] — Container.swift:4
        └── \\Container.remoteAPI (not in the analysed sources)
        \\Container.legacy (unread: the definition's body is not 'self { … }', 'Factory(self) { … }' or \
        'self.promised()': its needs are unknown) [Factory] — Container.swift:5

        """)
    let dot = try workspace.run("tree", "--format", "dot")
    #expect(!dot.stdout.contains("color=red"))
    #expect(!dot.stdout.contains("remoteAPI"))
    let analysis = try workspace.run("analyze", "--verbose")
    #expect(
      analysis.stdout == """
        Container.swift:5:7: note: unread registration: the definition's body is not 'self { … }', \
        'Factory(self) { … }' or 'self.promised()': its needs are unknown [unread-registration]

        """)
    // `tree` wrote the summary cache and the host state: `analyze` parses nothing, and its
    // graph is the state's.
    #expect(
      analysis.stderr == """
        summary cache: 1 reused, 0 parsed
        host state: the kept state updated with 0 changed files
        0 errors, 0 warnings
        container code: 1 registration read, 1 unread; 1 resolve site checked, 0 unread; 1 configuration analysed
        unread, by reason:
            1  registration: the definition's body is not 'self { … }', 'Factory(self) { … }' or 'self.promised()': its needs are unknown

        """)
    #expect(analysis.status == 0)
  }
}
