import DpendAnalysis
import DpendHost
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// The editor in a file read through a container alias (SPEC 10): a feature module that
/// imports only the module declaring `typealias DependencyContainer = Dip.DependencyContainer`.
/// Hover, definition, references and the quick fix work there as in a file importing Dip.
@Suite struct ContainerAliasSiteTests {
  static let services = """
    protocol Store {}
    protocol Clock {}
    protocol Feed {}
    final class StoreImpl: Store {}
    final class SystemClock: Clock {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }

    """

  static let extensionModule = """
    import Dip

    public typealias DependencyContainer = Dip.DependencyContainer

    """

  /// 1️⃣ registers `Store`; 2️⃣ resolves it; 3️⃣ resolves `Clock`, which nothing registers; 4️⃣ the
  /// last registration's line ends.
  static let feature = MarkedText(
    """
    import DependencyContainerExtension

    enum FeedModule {
      static func provideDependencies(to container: DependencyContainer) {
        container.1️⃣register { StoreImpl() as Store }
        container.register { FeedImpl(store: try container.2️⃣resolve(), clock: try container.3️⃣resolve()) as Feed }
    4️⃣  }
    }

    """)

  static func workspace() throws -> IDE {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.containerViews = .editor
    host.update([
      ("Services.swift", services), ("DependencyContainerModule.swift", extensionModule),
      ("FeedModule.swift", feature.text),
    ])
    return IDE(graph: host.graph())
  }

  @Test func aResolveIsHoveredAndLeadsToItsRegistration() throws {
    let ide = try Self.workspace()
    let registration = Self.feature.range("1️⃣", covering: "register", in: "FeedModule.swift")
    let offset = Self.feature.offset("2️⃣")
    #expect(
      ide.hover(at: offset, in: "FeedModule.swift")
        == HoverResult(
          markdown: "Resolves `Store`\n\nAnswered by:\n- `Store`, default scope, at `FeedModule.swift:5`",
          range: Self.feature.range("2️⃣", covering: "resolve", in: "FeedModule.swift")))
    #expect(ide.providers(at: offset, in: "FeedModule.swift") == [registration])
    #expect(
      ide.consumers(at: Self.feature.offset("1️⃣"), in: "FeedModule.swift", includeDeclaration: false) == [
        Self.feature.range("2️⃣", covering: "resolve", in: "FeedModule.swift")
      ])
  }

  @Test func aNeedNothingRegistersGetsItsRegistration() throws {
    let ide = try Self.workspace()
    let fixes = ide.missingRegistrationFixes(at: [Self.feature.offset("3️⃣")], in: "FeedModule.swift")
    #expect(
      fixes == [
        Fix(
          title: "Register 'SystemClock' as 'Clock'", isPreferred: true,
          edits: [
            .edit(
              path: "FeedModule.swift",
              replacements: [
                TextReplacement(
                  offset: Self.feature.offset("4️⃣"), length: 0,
                  replacement: "    container.register { SystemClock() as Clock }\n")
              ],
              lines: LineTable(Self.feature.text))
          ])
      ])
  }
}
