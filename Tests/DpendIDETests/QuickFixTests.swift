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
    final class DiskStore: Store {
      init(clock: Clock, _ cache: Tagged<Cache, Disk>, retries: Int = 3) {}
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
        func store2(clock: Clock, cache: Tagged<Cache, Disk>) -> DependencyRegistration<Store> {
          DependencyRegistration { DiskStore(clock: clock, cache) }
        }

      """
    #expect(
      fixes == [
        Fix(
          title: "Register 'Store' in AppConfiguration making 'DiskStore'", isPreferred: true,
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
    #expect(
      replacements.first?.replacement.hasPrefix(
        "\n  func store(clock: Clock, cache: Tagged<Cache, Disk>) -> DependencyRegistration<Store> {") == true)
  }

  @Test func withoutAConfigurationANewFileIsOfferedWhereNoneExists() throws {
    let ide = try ide(["Sources/Feed.swift": Self.feed])
    let offset = Self.feed.position("1️⃣").offset
    let fixes = ide.missingDependencyFixes(at: [offset], in: "Sources/Feed.swift") { _ in false }
    #expect(
      fixes == [
        Fix(
          title: "Register 'Store' in a new DependencyRegistrations configuration making 'DiskStore'",
          isPreferred: true,
          edits: [
            .create(
              path: "Sources/DependencyRegistrations.swift",
              text: """
                import DpendRuntime

                final class DependencyRegistrations: DependencyConfiguration {
                  func store(clock: Clock, cache: Tagged<Cache, Disk>) -> DependencyRegistration<Store> {
                    DependencyRegistration { DiskStore(clock: clock, cache) }
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

  @Test func aConcreteKeyIsConstructedItselfAndTheFixedConfigurationParses() throws {
    let feed = MarkedText("final class FeedImpl {\n  init(store: 1️⃣DiskStore) {}\n}\nfinal class DiskStore {}\n")
    let configuration = MarkedText(
      "import DpendRuntime\n\nfinal class AppConfiguration: DependencyConfiguration {\n1️⃣}\n")
    let files = ["Feed.swift": feed, "Configuration.swift": configuration]
    let ide = try ide(files)
    let fixes = ide.missingDependencyFixes(at: [feed.offset("1️⃣")], in: "Feed.swift") { _ in false }
    #expect(fixes.map(\.title) == ["Register 'DiskStore' in AppConfiguration"])
    let fixed = try #require(fixes.first.map { applying($0, to: configuration.text, path: "Configuration.swift") })
    #expect(
      fixed
        == "import DpendRuntime\n\nfinal class AppConfiguration: DependencyConfiguration {\n"
        + "  func diskStore() -> DependencyRegistration<DiskStore> {\n    DependencyRegistration { DiskStore() }\n  }\n}\n"
    )
    #expect(parsesCleanly(fixed))
    let after = try analysed(["Feed.swift": feed, "Configuration.swift": MarkedText(fixed)])
    #expect(!after.graph.diagnostics.contains { $0.code == .missingDependency })
  }

  @Test func aKeyWithoutExactlyOneImplementationGetsNoFix() throws {
    let feed = MarkedText(
      """
      protocol Store {}
      protocol Clock {}
      final class FeedImpl {
        init(store: 1️⃣Store, clock: 2️⃣Clock) {}
      }
      final class DiskStore: Store {}
      final class MemoryStore: Store {}

      """)
    let ide = try ide(["Feed.swift": feed])
    #expect(
      ide.missingDependencyFixes(at: [feed.offset("1️⃣"), feed.offset("2️⃣")], in: "Feed.swift") { _ in false } == [])
  }
}

/// The IDE of `files`, for a test whose local `ide` hides the function.
private func analysed(_ files: [String: MarkedText]) throws -> IDE { try ide(files) }
