import DpendAnalysis
import DpendCollect
import DpendIDE
import DpendModel
import DpendTestSupport
import Foundation
import Testing

/// The code quick fixes write compiles and runs without a trap: each fix is taken in process
/// from the analysed sources, applied, and the program compiled with `swiftc` against
/// `DpendRuntime`, Swinject and the Dip and Resolver stand-ins (``SwiftCompiler``), then run:
/// dpend's own registration method, Swinject's (with runtime arguments too), Dip's and
/// Resolver's. The stand-ins are not Dip and Resolver: a difference from them is not caught.
@Suite struct QuickFixCompileTests {
  static let services = """
    protocol Store {}
    protocol Clock {}
    protocol Feed { var store: Store { get } }
    final class StoreImpl: Store {}
    final class FeedImpl: Feed {
      let store: Store
      init(store: Store, clock: Clock?) { self.store = store }
    }

    """

  /// `files` with `fix`'s edits applied to `path`.
  static func applying(_ fix: Fix, to files: [String: String], path: String) -> [String: String] {
    var bytes = Array(files[path]!.utf8)
    for case .edit(let edited, let replacements, _) in fix.edits where edited == path {
      for replacement in replacements.reversed() {
        bytes.replaceSubrange(
          replacement.offset..<(replacement.offset + replacement.length), with: Array(replacement.replacement.utf8))
      }
    }
    var fixed = files
    fixed[path] = String(decoding: bytes, as: UTF8.self)
    return fixed
  }

  static func ide(_ files: [String: String], filters: [String] = []) throws -> IDE {
    let summaries = files.sorted { $0.key < $1.key }.map { SummaryCollector.summarize(path: $0.key, source: $0.value) }
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: filters))
    return IDE(graph: DependencyGraph(summaries: summaries, settings: settings))
  }

  /// Compiles `files` (one of them `main.swift`) and returns what the program prints.
  static func run(_ files: [String: String]) throws -> String {
    let workspace = try TemporaryWorkspace(files, prefix: "dpend-fix")
    let compiled = try SwiftCompiler.compileProgram(
      files.keys.sorted().map { workspace.url($0) }, to: workspace.url("app"))
    #expect(compiled.status == 0, "\(compiled.output)")
    let run = try ProcessRunner.run(workspace.url("app"), [], combiningOutput: true)
    #expect(run.status == 0, "\(run.output)")
    return run.output
  }

  @Test func theSwinjectRegistrationRuns() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
      }

      func feed(_ r: Resolver) -> Feed { r.1️⃣resolve(Feed.self)! }

      """)
    let files = [
      "Services.swift": Self.services, "Assembly.swift": assembly.text,
      "main.swift": "import Swinject\n\nlet container = Container()\nassemble(container)\n"
        + "print(type(of: feed(container)), type(of: feed(container).store))\n",
    ]
    let fixes = try Self.ide(files).missingRegistrationFixes(at: [assembly.offset("1️⃣")], in: "Assembly.swift")
    let fix = try #require(fixes.first)
    #expect(try Self.run(Self.applying(fix, to: files, path: "Assembly.swift")) == "FeedImpl StoreImpl\n")
  }

  @Test func theSwinjectRegistrationTakingRuntimeArgumentsRunsInItsNeighboursAssembly() throws {
    let assemblies = MarkedText(
      """
      import Swinject

      protocol Detail { var id: Int { get } }
      final class SystemClock: Clock {}
      final class DetailImpl: Detail {
        let id: Int
        init(store: Store, id: Int, _ title: String) { self.id = id }
      }

      final class ServiceAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }

          container.register(Clock.self) { _ in SystemClock() }
        }
      }

      final class FeedAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }
        }
      }

      func detail(_ r: Resolver, id: Int) -> Detail { r.1️⃣resolve(Detail.self, arguments: id, "Inbox")! }

      """)
    let files = [
      "Services.swift": Self.services, "Assembly.swift": assemblies.text,
      "main.swift": "import Swinject\n\nlet assembler = Assembler([ServiceAssembly(), FeedAssembly()])\n"
        + "let made = detail(assembler.resolver, id: 7)\nprint(type(of: made), made.id)\n",
    ]
    let fixes = try Self.ide(files).missingRegistrationFixes(at: [assemblies.offset("1️⃣")], in: "Assembly.swift")
    let fix = try #require(fixes.first)
    let fixed = Self.applying(fix, to: files, path: "Assembly.swift")
    #expect(
      fixed["Assembly.swift"]!.contains(
        """
            container.register(Clock.self) { _ in SystemClock() }

            container.register(Detail.self) { (r, id: Int, argument2: String) in \
        DetailImpl(store: r.resolve(Store.self)!, id: id, argument2) }
          }
        """))
    #expect(try Self.run(fixed) == "DetailImpl 7\n")
  }

  @Test func theDipRegistrationRuns() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { StoreImpl() as Store }
      }

      func feed() throws -> Feed { try container.1️⃣resolve() as Feed }

      """)
    let files = [
      "Services.swift": Self.services, "Container.swift": container.text,
      "main.swift": "print(type(of: try feed()), type(of: try feed().store))\n",
    ]
    let fixes = try Self.ide(files).missingRegistrationFixes(at: [container.offset("1️⃣")], in: "Container.swift")
    let fix = try #require(fixes.first)
    #expect(try Self.run(Self.applying(fix, to: files, path: "Container.swift")) == "FeedImpl StoreImpl\n")
  }

  @Test func theResolverRegistrationRuns() throws {
    let injection = MarkedText(
      """
      import Resolver

      final class SystemClock: Clock {}

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { StoreImpl() as Store }
          register { SystemClock() as Clock }
        }
      }

      final class FeedScreen {
        @Injected var feed: 1️⃣Feed
      }

      """)
    let files = [
      "Services.swift": Self.services, "Injection.swift": injection.text,
      "main.swift": "let screen = FeedScreen()\nprint(type(of: screen.feed), type(of: screen.feed.store))\n",
    ]
    let fixes = try Self.ide(files).missingRegistrationFixes(at: [injection.offset("1️⃣")], in: "Injection.swift")
    let fix = try #require(fixes.first)
    let fixed = Self.applying(fix, to: files, path: "Injection.swift")
    #expect(
      fixed["Injection.swift"]
        == """
        import Resolver

        final class SystemClock: Clock {}

        extension Resolver: ResolverRegistering {
          public static func registerAllServices() {
            register { StoreImpl() as Store }
            register { SystemClock() as Clock }
            register { FeedImpl(store: resolve(), clock: optional()) as Feed }
          }
        }

        final class FeedScreen {
          @Injected var feed: Feed
        }

        """)
    let diagnostics = try Self.ide(fixed).graph.diagnostics
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(try Self.run(fixed) == "FeedImpl StoreImpl\n")
  }

  @Test func theRegistrationMethodRuns() throws {
    let feed = MarkedText(
      """
      import DpendRuntime

      enum Disk: DependencyTag {}
      protocol Store {}
      protocol Cache {}
      final class MemoryCache: Cache {}
      final class DiskStore: Store { init(_ cache: Tagged<Cache, Disk>, retries: Int = 3) {} }
      final class FeedImpl { init(store: 1️⃣Store) {} }

      """)
    let files = [
      "Feed.swift": feed.text,
      "Configuration.swift": "import DpendRuntime\n\nfinal class AppConfiguration: DependencyConfiguration {\n}\n",
      "main.swift": "import DpendRuntime\n\n"
        + "print(type(of: try AppConfiguration().store(cache: Tagged(MemoryCache())).makeInstance()))\n",
    ]
    let fixes = try Self.ide(files, filters: [".*Impl"]).missingDependencyFixes(
      at: [feed.offset("1️⃣")], in: "Feed.swift"
    ) { _ in false }
    let fix = try #require(fixes.first)
    #expect(try Self.run(Self.applying(fix, to: files, path: "Configuration.swift")) == "DiskStore\n")
  }
}
