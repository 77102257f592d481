import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// A typealias naming a library's container type (SPEC 10: typealiases, each file's module):
/// `public typealias DependencyContainer = Dip.DependencyContainer` in a module the feature
/// modules import instead of Dip. The files writing the alias are read as that library's
/// container code, whatever they import; the hard negatives are left alone.
@Suite struct ContainerAliasTests {
  static let extensionModule = """
    import Dip

    public typealias DependencyContainer = Dip.DependencyContainer

    public protocol DependencyContainerModule {
      static func provideDependencies(to container: DependencyContainer)
    }

    """

  static let feature = MarkedText(
    """
    import DependencyContainerExtension

    enum FeedModule: DependencyContainerModule {
      static func provideDependencies(to container: DependencyContainer) {
        container.register { StoreImpl() as Store }
        container.register { FeedImpl(store: try container.resolve(), clock: try container.1️⃣resolve()) as Feed }
      }
    }

    """)

  static func messages(_ graph: DependencyGraph) -> [String] {
    graph.diagnostics.map { "\($0.range.file):\($0.range.start) \($0.message)" }
  }

  @Test func aFileWritingTheAliasIsReadAsTheLibrarysContainerCode() throws {
    let files = [
      "Services.swift": DipDialectTests.services, "DependencyContainerModule.swift": Self.extensionModule,
      "FeedModule.swift": Self.feature.text,
    ]
    let graph = try analyze(files)
    #expect(
      Self.messages(graph) == [
        "FeedModule.swift:\(Self.feature.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
    #expect(graph.container.registrationsRead == 2)
    #expect(graph.container.resolvesChecked == 2)
    #expect(
      graph.container.helpers.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column) \($0.message)" }
        == [
          "DependencyContainerModule.swift:3:18 inferred container alias 'DependencyContainer': it names Dip's container, so the files writing it are read as Dip container code"
        ])
    // Without the alias's module, the feature file is no container code.
    var alone = files
    alone["DependencyContainerModule.swift"] = nil
    #expect(try analyze(alone).container.registrationsRead == 0)
  }

  @Test func anAliasOfAnotherNameTypesTheValuesWrittenWithIt() throws {
    let assembly = MarkedText(
      """
      func assemble(_ c: AppContainer) {
        c.register(Store.self) { _ in StoreImpl() }
        c.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.1️⃣resolve(Clock.self)!) }
      }

      """)
    let graph = try analyze([
      "Services.swift": DipDialectTests.services,
      "Alias.swift": "import Swinject\n\ntypealias AppContainer = Container\n",
      "Assembly.swift": assembly.text,
    ])
    #expect(
      Self.messages(graph) == [
        "Assembly.swift:\(assembly.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
    #expect(graph.container.registrationsRead == 2)
  }

  @Test func aContainerValueTypedByTheAliasReachesTheFilesThatUseIt() throws {
    // The value is a container only once its file is read with the alias; the file using it
    // writes neither the alias nor an import of Dip.
    let use = MarkedText(
      """
      func registerFeed() {
        Locator.container.register { StoreImpl() as Store }
        Locator.container.register { FeedImpl(store: try Locator.container.resolve(), clock: try Locator.container.1️⃣resolve()) as Feed }
      }

      """)
    let graph = try analyze([
      "Services.swift": DipDialectTests.services, "DependencyContainerModule.swift": Self.extensionModule,
      "Locator.swift":
        "import DependencyContainerExtension\n\nenum Locator { static let container = DependencyContainer() }\n",
      "Feed.swift": use.text,
    ])
    #expect(
      Self.messages(graph) == [
        "Feed.swift:\(use.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
    #expect(graph.container.registrationsRead == 2)
  }

  @Test func whatIsNoAliasOfALibrarysContainerIsNotRead() throws {
    // The file's own type of the alias's name, a nested alias, a bare name the declaring
    // file's imports do not make a library's, a generic alias: none reads the feature file.
    let own = """
      final class DependencyContainer {
        func register<T>(_ factory: () -> T) {}
        func resolve<T>() throws -> T { fatalError() }
      }
      enum FeedModule {
        static func provideDependencies(to container: DependencyContainer) {
          container.register { StoreImpl() as Store }
        }
      }

      """
    let withOwn = try analyze([
      "Services.swift": DipDialectTests.services, "DependencyContainerModule.swift": Self.extensionModule,
      "FeedModule.swift": own,
    ])
    #expect(withOwn.container.registrationsRead == 0)
    #expect(withOwn.diagnostics == [])
    for declaration in [
      "import Dip\n\nenum DI { typealias DependencyContainer = Dip.DependencyContainer }\n",
      "import Foundation\n\ntypealias DependencyContainer = DependencyContainer\n",
      "typealias DependencyContainer = Container\n",
      "import Dip\n\ntypealias DependencyContainer<T> = Dip.DependencyContainer\n",
    ] {
      let graph = try analyze([
        "Services.swift": DipDialectTests.services, "Alias.swift": declaration, "FeedModule.swift": Self.feature.text,
      ])
      #expect(graph.container.registrationsRead == 0, "\(declaration)")
      #expect(graph.container.helpers == [], "\(declaration)")
    }
  }

  @Test func editingTheAliasReadsTheFilesWritingItAgainLikeAScratchBuild() throws {
    let host = AnalysisHost(settings: AnalysisSettings())
    let files = [
      ("Services.swift", DipDialectTests.services), ("DependencyContainerModule.swift", Self.extensionModule),
      ("FeedModule.swift", Self.feature.text),
    ]
    // The files the vocabulary's change reads again come from the disk.
    let disk = Locked(Dictionary(uniqueKeysWithValues: files))
    host.reader = { path in disk.withLock { $0[path] } }
    host.update(files)
    let missingClock =
      "FeedModule.swift:\(Self.feature.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
    #expect(Self.messages(host.graph()) == [missingClock])
    // The alias removed: the feature file is no container code any more.
    let removed = "import Dip\n\npublic protocol DependencyContainerModule {}\n"
    disk.withLock { $0["DependencyContainerModule.swift"] = removed }
    host.update([("DependencyContainerModule.swift", removed)])
    #expect(Self.messages(host.graph()) == [])
    #expect(host.graph().container.registrationsRead == 0)
    let scratch = try analyze([
      "Services.swift": DipDialectTests.services, "DependencyContainerModule.swift": removed,
      "FeedModule.swift": Self.feature.text,
    ])
    #expect(host.graph().container == scratch.container)
    // Declared again, in a file of its own.
    let alias = "import Dip\n\npublic typealias DependencyContainer = Dip.DependencyContainer\n"
    disk.withLock { $0["Alias.swift"] = alias }
    host.update([("Alias.swift", alias)])
    #expect(Self.messages(host.graph()) == [missingClock])
    #expect(host.graph().container.registrationsRead == 2)
  }

  @Test func theAliasesOfAFileAreThoseNamingALibrarysContainerType() {
    func alias(_ name: String, _ target: String, scope: String = "") -> TypealiasDeclaration {
      TypealiasDeclaration(name: name, target: target, lookupScope: scope, range: SourceRange())
    }
    let declared = [
      alias("DependencyContainer", "Dip.DependencyContainer"), alias("DI", "Container"),
      alias("Injector", "Resolver"), alias("Nested", "Dip.DependencyContainer", scope: "Outer"),
      alias("Other", "Foo.Container"), alias("Handler", "(Int) -> Void"), alias("Store", "Container.Store"),
    ]
    #expect(
      ContainerAlias.aliases(in: declared, imports: ["Swinject"]).map { "\($0.name) \($0.dialect)" } == [
        "DependencyContainer dip", "DI swinject", "Injector swinject",
      ])
    #expect(
      ContainerAlias.aliases(in: declared, imports: ["Resolver"]).map { "\($0.name) \($0.dialect)" } == [
        "DependencyContainer dip", "Injector resolver",
      ])
    #expect(ContainerAlias.aliases(in: declared, imports: []).map(\.name) == ["DependencyContainer"])
  }
}

/// An alias is written where its whole name is, never inside a longer one.
@Suite struct WholeWordSearchTests {
  @Test func aWordIsFoundOnlyAsAWholeIdentifier() {
    let text = "enum M: DependencyContainerModule { let é_DependencyContainer = 1 }\nfunc f(c: DependencyContainer?) {}"
    #expect(TextSearch.containsWord(text, "DependencyContainer"))
    #expect(!TextSearch.containsWord("enum M: DependencyContainerModule {}", "DependencyContainer"))
    #expect(!TextSearch.containsWord("let é_DependencyContainer = 1", "DependencyContainer"))
    #expect(!TextSearch.containsWord("let xDependencyContainer2 = 1", "DependencyContainer"))
    #expect(TextSearch.containsWord("DependencyContainer", "DependencyContainer"))
    #expect(TextSearch.containsWord("(DependencyContainer)", "DependencyContainer"))
    #expect(!TextSearch.containsWord("Dependency", "DependencyContainer"))
    #expect(!TextSearch.containsWord("anything", ""))
  }
}
