import DpendAnalysis
import DpendModel
import Testing

/// SPEC 2 and 4: in library mode only public types and initializers are exported, and
/// keys the library needs but does not provide are its requirements, not errors.
struct LibraryModeTests {
  @Test func onlyPublicTypesAndInitializersAreCollected() throws {
    let library = try analyze(
      ["Kit.swift": SpecExamples.library], filters: [".*Impl"], mode: .library, moduleName: "Kit")
    let application = try analyze(["Kit.swift": SpecExamples.library], filters: [".*Impl"])

    #expect(library.localFactories.map(\.summaryLine) == ["A ← AImpl.init()", "B ← BImpl.init(a:)"])
    #expect(library.localFactories.map(\.requiredModules) == [["Kit"], ["Kit"]])
    #expect(
      application.localFactories.map(\.summaryLine) == [
        "A ← AImpl.init()", "B ← BImpl.init(a:)", "B ← BImpl.init(debug:)", "C ← CImpl.init(b:)",
      ])
    #expect(application.localFactories.map(\.requiredModules) == [[], [], [], []])
  }

  @Test func unprovidedKeysAreRequirementsWithoutErrors() throws {
    let source = """
      public protocol Feed {}
      public protocol Logger {}
      public final class FeedImpl: Feed {
        public init(store: Store, logger: Logger, clock: Clock?) {}
      }
      """
    let library = try analyze(["Feed.swift": source], filters: [".*Impl"], mode: .library)
    let application = try analyze(["Feed.swift": source], filters: [".*Impl"])

    #expect(library.diagnostics == [])
    #expect(library.hasErrors == false)
    #expect(library.unprovidedKeys == [DependencyKey(name: "Logger"), DependencyKey(name: "Store")])
    #expect(application.unprovidedKeys == library.unprovidedKeys)
    #expect(application.diagnostics.map(\.code) == [.missingDependency, .missingDependency])
  }

  @Test func publicTypeWithImplicitInitializerIsNotExported() throws {
    // Swift makes the implicit `init()` of a public class internal.
    let graph = try analyze(
      ["Kit.swift": "public protocol A {}\npublic final class AImpl: A {}"], filters: [".*Impl"], mode: .library)

    #expect(graph.localFactories == [])
  }

  @Test func internalProtocolsAreNotExportedAsKeys() throws {
    let graph = try analyze(
      [
        "Kit.swift": """
        public protocol Store {}
        protocol Cache {}
        public final class DiskStoreImpl: Store, Cache {
          public init() {}
        }
        public final class MemoryImpl: Cache {
          public init() {}
        }
        """
      ], filters: [".*Impl"], mode: .library)

    #expect(
      graph.localFactories.map(\.summaryLine) == ["Store ← DiskStoreImpl.init()", "MemoryImpl ← MemoryImpl.init()"])
  }

  @Test func publicConfigurationExportsItsPublicRegistrations() throws {
    let graph = try analyze(
      [
        "Network.swift": """
        import DpendRuntime

        public final class NetworkConfiguration: DependencyConfiguration {
          public init() {}
          init(debug: Bool) {}
          public func client(session: Session) -> DependencyRegistration<HTTPClient> {
            DependencyRegistration(scope: .singleton) { HTTPClient(session: session) }
          }
          func session() -> DependencyRegistration<Session> { DependencyRegistration { Session() } }
        }
        final class InternalConfiguration: DependencyConfiguration {
          func clock() -> DependencyRegistration<Clock> { DependencyRegistration { Clock() } }
        }
        """
      ], mode: .library, moduleName: "Network")

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "NetworkConfiguration ← NetworkConfiguration.init()",
        "HTTPClient ← NetworkConfiguration.client(session:)",
      ])
    #expect(graph.unprovidedKeys == [DependencyKey(name: "Session")])
    #expect(graph.diagnostics == [])
  }

  @Test func libraryFactoriesProvideKeysAndTheirProtocolsForTheApplication() throws {
    let kit = LibraryModule.encode(
      try analyze(["Kit.swift": SpecExamples.library], filters: [".*Impl"], mode: .library, moduleName: "Kit")
        .localFactories)
    let libraries = try LibraryModule.decode(kit, file: "Vendor/Kit.dpendmodule")
    let graph = try analyze(
      [
        "App.swift": """
        final class ScreenImpl {
          init(b: B) {}
        }
        final class LoggingAImpl: A {}
        """
      ], filters: [".*Impl"], libraries: libraries)

    #expect(graph.libraryFactories == libraries)
    // `A` is a key of the library, so `LoggingAImpl` provides it and competes with `AImpl`.
    #expect(
      graph.resolved.sorted { $0.key < $1.key }.map(\.value.summaryLine) == [
        "A ← LoggingAImpl.init()", "B ← BImpl.init(a:)", "ScreenImpl ← ScreenImpl.init(b:)",
      ])
    #expect(
      graph.diagnostics.map(\.message) == [
        "ambiguous provider: 'A' is provided by 'LoggingAImpl' and 'AImpl'; using 'LoggingAImpl.init()'"
      ])
    #expect(
      graph.diagnostics.first?.notes.map(\.range.compilerLocation) == [
        "App.swift:4:13", "Vendor/Kit.dpendmodule:1:1",
      ])
  }
}
