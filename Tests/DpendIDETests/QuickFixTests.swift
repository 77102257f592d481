import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

@Suite struct QuickFixTests {
  static let feed = MarkedText(
    """
    protocol Feed {}
    protocol Store {}
    final class FeedImpl: Feed {
      init(store: 1️⃣Store, clock: 2️⃣Clock?) {}
    }
    """)

  @Test func aStubIsAddedOnItsOwnLineBeforeTheConfigurationsBrace() throws {
    let configuration = MarkedText(
      """
      import DpendRuntime

      final class AppConfiguration: DependencyConfiguration {
        func store() -> DependencyRegistration<Int> { DependencyRegistration { 1 } }
      1️⃣}
      """)
    let ide = try ide(["Feed.swift": Self.feed, "Configuration.swift": configuration])
    let fixes = ide.missingDependencyFixes(at: [Self.feed.position("1️⃣").offset], in: "Feed.swift") { _ in false }
    let stub = """
        func store2() -> DependencyRegistration<Store> {
          DependencyRegistration { fatalError("TODO: make a Store") }
        }

      """
    #expect(
      fixes == [
        Fix(
          title: "Register 'Store' in AppConfiguration", isPreferred: true,
          edits: [
            .edit(
              path: "Configuration.swift",
              replacements: [TextReplacement(offset: configuration.position("1️⃣").offset, length: 0, replacement: stub)],
              lines: LineTable(configuration.text))
          ])
      ])
  }

  @Test func aBraceSharingItsLineGetsALineBreakFirst() throws {
    let configuration = MarkedText(
      "import DpendRuntime\nfinal class AppConfiguration: DependencyConfiguration { 1️⃣}\n")
    let ide = try ide(["Feed.swift": Self.feed, "Configuration.swift": configuration])
    let fixes = ide.missingDependencyFixes(at: [Self.feed.position("1️⃣").offset], in: "Feed.swift") { _ in false }
    guard case .edit(_, let replacements, _)? = fixes.first?.edits.first else {
      Issue.record("no edit: \(fixes)")
      return
    }
    #expect(replacements.map(\.offset) == [configuration.position("1️⃣").offset])
    #expect(replacements.first?.replacement.hasPrefix("\n  func store() -> DependencyRegistration<Store> {") == true)
  }

  @Test func withoutAConfigurationANewFileIsOfferedWhereNoneExists() throws {
    let ide = try ide(["Sources/Feed.swift": Self.feed])
    let offset = Self.feed.position("1️⃣").offset
    let fixes = ide.missingDependencyFixes(at: [offset], in: "Sources/Feed.swift") { _ in false }
    #expect(
      fixes == [
        Fix(
          title: "Register 'Store' in a new DependencyRegistrations configuration", isPreferred: true,
          edits: [
            .create(
              path: "Sources/DependencyRegistrations.swift",
              text: """
                import DpendRuntime

                final class DependencyRegistrations: DependencyConfiguration {
                  func store() -> DependencyRegistration<Store> {
                    DependencyRegistration { fatalError("TODO: make a Store") }
                  }
                }

                """)
          ])
      ])
    // The file exists already: nothing is offered rather than overwriting it.
    #expect(ide.missingDependencyFixes(at: [offset], in: "Sources/Feed.swift") { _ in true } == [])
  }

  @Test func anOptionalOrProvidedDependencyGetsNoFix() throws {
    let ide = try ide(["Sources/Feed.swift": Self.feed])
    #expect(
      ide.missingDependencyFixes(at: [Self.feed.position("2️⃣").offset], in: "Sources/Feed.swift") { _ in false } == [])
    #expect(ide.missingDependencyFixes(at: [0], in: "Sources/Feed.swift") { _ in false } == [])
  }
}
