import DpendAnalysis
import DpendHost
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// The editor on resolves read through the typing of SPEC 10 — a getter's type, a default
/// argument's, a resolver held in a local, a capture, a container value made from another —
/// in files that import no container: hover, definition, references and the quick fix work on
/// them as on the library's own calls.
@Suite struct ContextTypedSiteTests {
  static let services = MarkedText(
    """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store) {} }

    """)

  /// 1️⃣ registers `Store`; 2️⃣ the last registration's line ends.
  static let assembly = MarkedText(
    """
    @_exported import Swinject

    enum AppDI {
      static let assembler = Assembler([AppAssembly()])
      static let resolver = assembler.resolver
    }

    extension Resolver {
      func resolve<Service>() -> Service { resolve(Service.self)! }
    }

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.1️⃣register(Store.self) { _ in StoreImpl() }
    2️⃣  }
    }

    """)

  /// 1️⃣ a getter's type; 2️⃣ a default argument's; 3️⃣ a resolver in a local; 4️⃣ a capture;
  /// 5️⃣ a need nothing registers.
  static let screen = MarkedText(
    """
    final class Screen {
      var store: Store { AppDI.resolver.1️⃣resolve() }

      init(cache: Store = AppDI.resolver.2️⃣resolve()) {}

      func open() {
        let r = AppDI.resolver
        _ = r.3️⃣resolve(Store.self)!
        run { [c = AppDI.resolver] in _ = c.4️⃣resolve(Store.self)! }
        _ = r.5️⃣resolve(Feed.self)!
      }

      func run(_ body: () -> Void) { body() }
    }
    """)

  /// The files as the server analyses them: the vocabulary inferred from every file first.
  static func workspace() throws -> IDE {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.containerViews = .editor
    host.update([("Services.swift", services.text), ("DI.swift", assembly.text), ("Screen.swift", screen.text)])
    return IDE(graph: host.graph())
  }

  @Test func everyShapeIsHoveredAndLeadsToItsRegistration() throws {
    let ide = try Self.workspace()
    let registration = Self.assembly.range("1️⃣", covering: "register", in: "DI.swift")
    for marker in ["1️⃣", "2️⃣", "3️⃣", "4️⃣"] {
      let offset = Self.screen.offset(marker)
      #expect(
        ide.hover(at: offset, in: "Screen.swift")
          == HoverResult(
            markdown: "Resolves `Store`\n\nAnswered by:\n- `Store`, default scope, at `DI.swift:14`",
            range: Self.screen.range(marker, covering: "resolve", in: "Screen.swift")),
        "\(marker)")
      #expect(ide.providers(at: offset, in: "Screen.swift") == [registration], "\(marker)")
    }
    let sites = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { Self.screen.range($0, covering: "resolve", in: "Screen.swift") }
    #expect(
      ide.consumers(at: Self.assembly.offset("1️⃣"), in: "DI.swift", includeDeclaration: false) == sites)
  }

  @Test func aNeedNothingRegistersGetsTheRegistrationInTheAssembly() throws {
    let ide = try Self.workspace()
    let fixes = ide.missingRegistrationFixes(at: [Self.screen.offset("5️⃣")], in: "Screen.swift")
    let stub = "    container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }\n"
    #expect(
      fixes == [
        Fix(
          title: "Register 'FeedImpl' as 'Feed'", isPreferred: true,
          edits: [
            .edit(
              path: "DI.swift",
              replacements: [TextReplacement(offset: Self.assembly.offset("2️⃣"), length: 0, replacement: stub)],
              lines: LineTable(Self.assembly.text))
          ])
      ])
  }
}
