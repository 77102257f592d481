import DpendAnalysis
import DpendGenerate
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 1.3: a key is the type as written, resolved: nested names, typealiases,
/// extension conformances, `any P` = `P`, optional and defaulted parameters.
struct KeyResolutionTests {
  @Test func nestedTypesAreQualifiedAndInnerNamesResolveToTheNestedType() throws {
    let source = MarkedText(
      """
      protocol Store {}
      enum Feature {
        protocol Store {}
        final class StoreImpl: Store {}
        final class ViewModelImpl {
          init(store: 1️⃣Store) {}
        }
      }
      final class ScreenImpl {
        init(store: 2️⃣Store, featureStore: 3️⃣Feature.Store) {}
      }
      """)
    let graph = try analyze(marked: ["Feature.swift": source], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "Feature.Store ← Feature.StoreImpl.init()",
        "Feature.ViewModelImpl ← Feature.ViewModelImpl.init(store:)",
        "ScreenImpl ← ScreenImpl.init(store:featureStore:)",
      ])
    #expect(
      graph.localFactories.map { $0.parameters.map(\.dependency.name) } == [
        [], ["Feature.Store"], ["Store", "Feature.Store"],
      ])
    // Only the top-level `Store`, written outside `Feature`, is missing.
    let range = source.range("2️⃣", covering: "Store", in: "Feature.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Store', needed by 'ScreenImpl.init(store:featureStore:)'",
          range: range,
          notes: [DiagnosticNote(message: "'ScreenImpl.init(store:featureStore:)' needs 'Store'", range: range)])
      ])
  }

  /// SPEC 1.3: a module and a type name identify a type; within the module the name is enough.
  @Test func namesQualifiedByTheAnalysedModuleResolveToItsTypes() throws {
    let files = [
      "App.swift": """
      protocol Store {}
      final class StoreImpl: Store {}
      enum App2 { protocol Clock {} }
      final class FeedImpl {
        init(store: App.Store, clock: App.App2.Clock?, other: Other.Store?) {}
      }
      """
    ]
    let graph = try analyze(files, filters: [".*Impl"], moduleName: "App")
    // `Other.Store`, no type being called `Other`, is a module's `Store`: the one the sources
    // declare (SPEC 10), as `App.Store` is without the module's name.
    #expect(
      graph.localFactories.map { $0.parameters.map(\.dependency.name) } == [
        [], ["Store", "App2.Clock", "Store"],
      ])
    #expect(graph.diagnostics.isEmpty)
    let unnamed = try analyze(files, filters: [".*Impl"])
    #expect(unnamed.diagnostics.map(\.message) == [])
    // Two declarations of `Store` in the sources: a module's name tells them apart, and a
    // name nothing declares stays as written.
    let twice = try analyze(
      files.merging(["Other.swift": "protocol Store {}\nfinal class ClockImpl { init(clock: Elsewhere.Clock) {} }\n"]) {
        $1
      }, filters: [".*Impl"])
    #expect(
      twice.localFactories.map { $0.parameters.map(\.dependency.name) } == [
        [], ["App.Store", "App2.Clock", "Other.Store"], ["Elsewhere.Clock"],
      ])
  }

  /// A type nested in one named like the module wins over the module's qualification.
  @Test func aTypeNamedLikeTheModuleKeepsItsNestedNames() throws {
    let graph = try analyze(
      [
        "App.swift": """
        protocol Store {}
        enum App { protocol Store {} }
        final class StoreImpl: App.Store {}
        final class FeedImpl { init(store: App.Store) {} }
        """
      ], filters: [".*Impl"], moduleName: "App")
    #expect(
      graph.localFactories.map(\.summaryLine) == ["App.Store ← StoreImpl.init()", "FeedImpl ← FeedImpl.init(store:)"])
    #expect(graph.diagnostics.isEmpty)
  }

  @Test func typealiasesResolveToWhatTheyName() throws {
    let graph = try analyze(
      [
        "Aliases.swift": """
        typealias Storage = Persistence
        typealias Persistence = Store
        enum Feature {
          protocol Clock {}
          typealias Timer = Clock
        }
        """,
        "Types.swift": """
        protocol Store {}
        class DiskImpl: Storage {}
        class ClockImpl: Feature.Clock {}
        class FeedImpl {
          init(storage: Storage, timer: Feature.Timer) {}
        }
        """,
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "Store ← DiskImpl.init()",
        "Feature.Clock ← ClockImpl.init()",
        "FeedImpl ← FeedImpl.init(storage:timer:)",
      ])
    #expect(
      graph.localFactories[2].dependencies == [DependencyKey(name: "Store"), DependencyKey(name: "Feature.Clock")])
    #expect(graph.diagnostics == [])
  }

  @Test func tagTypesResolveLikeOtherNames() throws {
    let graph = try analyze(
      [
        "Sync.swift": """
        import DpendRuntime

        final class StoreConfiguration: DependencyConfiguration {
          enum Remote: DependencyTag {}
          typealias Storage = Store
          func remote() -> DependencyRegistration<Storage> {
            DependencyRegistration(tag: Remote.self) { RemoteStore() }
          }
        }
        final class SyncImpl {
          init(store: Tagged<Store, StoreConfiguration.Remote>) {}
        }
        """
      ], filters: [".*Impl"])

    // Implicit and explicit factories share one order: file, then position.
    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "StoreConfiguration ← StoreConfiguration.init()",
        "Tagged<Store, StoreConfiguration.Remote> ← StoreConfiguration.remote()",
        "SyncImpl ← SyncImpl.init(store:)",
      ])
    #expect(graph.diagnostics == [])
  }

  @Test func extensionConformanceInAnotherFileProvidesTheProtocol() throws {
    let graph = try analyze(
      [
        "Sources/Store.swift": """
        protocol Store {}
        protocol Cache {}
        final class DiskStoreImpl {}
        """,
        "Sources/DiskStoreImpl+Store.swift": """
        extension DiskStoreImpl: Store {}
        extension DiskStoreImpl: Cache, CustomStringConvertible {
          var description: String { "disk" }
        }
        """,
        "Sources/Feed.swift": """
        final class FeedImpl {
          init(store: Store, cache: Cache) {}
        }
        """,
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "FeedImpl ← FeedImpl.init(store:cache:)",
        "Store ← DiskStoreImpl.init()",
        "Cache ← DiskStoreImpl.init()",
      ])
    #expect(graph.diagnostics == [])
  }

  @Test func anyAndSomeNameTheSameKeyAsThePlainProtocol() throws {
    let graph = try analyze(
      [
        "Types.swift": """
        protocol Store {}
        class StoreImpl: Store {}
        class FeedImpl {
          init(first: any Store, second: some Store, third: Store, fourth: (any  Store)) {}
        }
        """
      ], filters: [".*Impl"])

    let feed = try #require(graph.resolved[DependencyKey(name: "FeedImpl")])
    #expect(feed.parameters.map(\.dependency) == Array(repeating: DependencyKey(name: "Store"), count: 4))
    #expect(feed.dependencies == [DependencyKey(name: "Store")])
    #expect(graph.diagnostics == [])
  }

  @Test func optionalDependencyIsNilWhenNothingProvidesIt() throws {
    let source = MarkedText(
      """
      protocol Logger {}
      class FeedImpl {
        init(logger: 1️⃣Logger?, tracer: 2️⃣Optional<Tracer>) {}
      }
      """)
    let graph = try analyze(marked: ["Feed.swift": source], filters: [".*Impl"])

    #expect(graph.diagnostics == [])
    #expect(graph.unprovidedKeys == [])
    let feed = try #require(graph.resolved[DependencyKey(name: "FeedImpl")])
    #expect(
      feed.parameters == [
        FactoryParameter(
          label: "logger", dependency: DependencyKey(name: "Logger"), isOptional: true,
          range: source.range("1️⃣", covering: "Logger?", in: "Feed.swift")),
        FactoryParameter(
          label: "tracer", dependency: DependencyKey(name: "Tracer"), isOptional: true,
          range: source.range("2️⃣", covering: "Optional<Tracer>", in: "Feed.swift")),
      ])
    #expect(
      GeneratedOutput.text(for: graph) == """
        // Generated by dpend. Do not edit: run `dpend generate` to update this file.
        import Dip

        let dependencyContainer = DependencyContainer { container in
          container.register(.unique) { FeedImpl(logger: nil, tracer: nil) as FeedImpl }
        }

        """)
  }

  @Test func optionalDependencyIsResolvedWhenProvided() throws {
    let graph = try analyze(
      [
        "Feed.swift": """
        protocol Logger {}
        class ConsoleLoggerImpl: Logger {}
        class FeedImpl {
          init(logger: Logger?) {}
        }
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics == [])
    // Registrations come in key order: `FeedImpl` before `Logger`.
    #expect(
      GeneratedOutput.text(for: graph) == """
        // Generated by dpend. Do not edit: run `dpend generate` to update this file.
        import Dip

        let dependencyContainer = DependencyContainer { container in
          container.register(.unique) { FeedImpl(logger: try container.resolve() as Logger) as FeedImpl }
          container.register(.unique) { ConsoleLoggerImpl() as Logger }
        }

        """)
  }

  @Test func parametersWithDefaultValuesAreNotDependencies() throws {
    let graph = try analyze(
      [
        "Feed.swift": """
        protocol Store {}
        class StoreImpl: Store {}
        class FeedImpl {
          init(store: Store, retries: Int = 3, session: URLSession = .shared, tags: String...) {}
        }
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics == [])
    #expect(graph.resolved[DependencyKey(name: "FeedImpl")]?.displayName == "FeedImpl.init(store:)")
    #expect(
      GeneratedOutput.text(for: graph) == """
        // Generated by dpend. Do not edit: run `dpend generate` to update this file.
        import Dip

        let dependencyContainer = DependencyContainer { container in
          container.register(.unique) { FeedImpl(store: try container.resolve() as Store) as FeedImpl }
          container.register(.unique) { StoreImpl() as Store }
        }

        """)
  }
}
