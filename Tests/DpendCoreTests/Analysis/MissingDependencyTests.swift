import DpendAnalysis
import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 2: one error per missing key, at its first consumer (file path, then position),
/// with a note at every consumer.
struct MissingDependencyTests {
  @Test func missingKeysSpreadOverSeveralFiles() throws {
    let feed = MarkedText(
      """
      protocol Feed {}
      final class FeedImpl: Feed {
        init(store: 1️⃣Store, clock: 2️⃣Clock) {}
      }
      """)
    let profile = MarkedText(
      """
      final class ProfileImpl {
        init(clock: 3️⃣Clock, feed: Feed, store: 4️⃣Store) {}
      }
      """)
    let app = MarkedText(
      """
      final class AppImpl {
        init(store: 5️⃣Store) {}
      }
      """)
    let files = [
      "Sources/Feed/FeedImpl.swift": feed, "Sources/Profile/ProfileImpl.swift": profile,
      "Sources/App/AppImpl.swift": app,
    ]
    let graph = try analyze(marked: files, filters: [".*Impl"])

    let store1 = feed.range("1️⃣", covering: "Store", in: "Sources/Feed/FeedImpl.swift")
    let clock1 = feed.range("2️⃣", covering: "Clock", in: "Sources/Feed/FeedImpl.swift")
    let clock2 = profile.range("3️⃣", covering: "Clock", in: "Sources/Profile/ProfileImpl.swift")
    let store2 = profile.range("4️⃣", covering: "Store", in: "Sources/Profile/ProfileImpl.swift")
    let store0 = app.range("5️⃣", covering: "Store", in: "Sources/App/AppImpl.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Store', needed by 'AppImpl.init(store:)', "
            + "'FeedImpl.init(store:clock:)' and 'ProfileImpl.init(clock:feed:store:)'",
          range: store0,
          notes: [
            DiagnosticNote(message: "'AppImpl.init(store:)' needs 'Store'", range: store0),
            DiagnosticNote(message: "'FeedImpl.init(store:clock:)' needs 'Store'", range: store1),
            DiagnosticNote(message: "'ProfileImpl.init(clock:feed:store:)' needs 'Store'", range: store2),
          ]),
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Clock', needed by 'FeedImpl.init(store:clock:)' "
            + "and 'ProfileImpl.init(clock:feed:store:)'",
          range: clock1,
          notes: [
            DiagnosticNote(message: "'FeedImpl.init(store:clock:)' needs 'Clock'", range: clock1),
            DiagnosticNote(message: "'ProfileImpl.init(clock:feed:store:)' needs 'Clock'", range: clock2),
          ]),
      ])
    #expect(graph.unprovidedKeys == [DependencyKey(name: "Clock"), DependencyKey(name: "Store")])
  }

  @Test func reportIsTheSameWhateverOrderFilesArriveIn() throws {
    let files = [
      "b.swift": "class BImpl { init(store: Store) {} }",
      "a.swift": "class AImpl { init(store: Store) {} }",
      "c.swift": "class CImpl { init(clock: Clock, store: Store) {} }",
    ]
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]))
    let summaries = files.map { SummaryCollector.summarize(path: $0.key, source: $0.value) }
    let forward = DependencyGraph(summaries: summaries.sorted { $0.path < $1.path }, settings: settings)
    let backward = DependencyGraph(summaries: summaries.sorted { $0.path > $1.path }, settings: settings)

    #expect(forward.diagnostics == backward.diagnostics)
    #expect(forward.localFactories == backward.localFactories)
    #expect(
      forward.diagnostics.map(\.range.compilerLocation) == ["a.swift:1:27", "c.swift:1:27"])
  }

  @Test func manyConsumersAreCountedInTheMessage() throws {
    let graph = try analyze(
      [
        "Consumers.swift": """
        class AImpl { init(store: Store) {} }
        class BImpl { init(store: Store) {} }
        class CImpl { init(store: Store) {} }
        class DImpl { init(store: Store) {} }
        class EImpl { init(store: Store) {} }
        """
      ], filters: [".*Impl"])
    let fourOnly = try analyze(
      [
        "Consumers.swift": """
        class AImpl { init(store: Store) {} }
        class BImpl { init(store: Store) {} }
        class CImpl { init(store: Store) {} }
        class DImpl { init(store: Store) {} }
        """
      ], filters: [".*Impl"])

    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'Store', needed by 'AImpl.init(store:)', 'BImpl.init(store:)', "
          + "'CImpl.init(store:)' and 2 others"
      ])
    #expect(graph.diagnostics.first?.notes.count == 5)
    #expect(
      fourOnly.diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'Store', needed by 'AImpl.init(store:)', 'BImpl.init(store:)', "
          + "'CImpl.init(store:)' and 1 other"
      ])
  }

  @Test func missingTaggedKeyNamesTheTag() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      enum Remote: DependencyTag {}
      final class SyncConfiguration: DependencyConfiguration {
        func sync(store: 1️⃣Tagged<Store, Remote>) -> DependencyRegistration<Sync> {
          DependencyRegistration { Sync(store: store.dependency) }
        }
        func store() -> DependencyRegistration<Store> {
          DependencyRegistration { LocalStore() }
        }
      }
      """)
    let graph = try analyze(marked: ["Sync.swift": source])

    let range = source.range("1️⃣", covering: "Tagged<Store, Remote>", in: "Sync.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Tagged<Store, Remote>', needed by "
            + "'SyncConfiguration.sync(store:)'",
          range: range,
          notes: [
            DiagnosticNote(message: "'SyncConfiguration.sync(store:)' needs 'Tagged<Store, Remote>'", range: range)
          ])
      ])
    #expect(graph.unprovidedKeys == [DependencyKey(name: "Store", tag: "Remote")])
  }

  @Test func typeProvidingTwoKeysIsOneConsumer() throws {
    let source = MarkedText(
      """
      protocol Reader {}
      protocol Writer {}
      class FileImpl: Reader, Writer {
        init(path: 1️⃣Path) {}
      }
      """)
    let graph = try analyze(marked: ["File.swift": source], filters: [".*Impl"])

    let range = source.range("1️⃣", covering: "Path", in: "File.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Path', needed by 'FileImpl.init(path:)'", range: range,
          notes: [DiagnosticNote(message: "'FileImpl.init(path:)' needs 'Path'", range: range)])
      ])
  }

  @Test func configurationWithoutUsableInitializerIsMissing() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      final class ClockConfiguration: DependencyConfiguration {
        private init() {}
        func 1️⃣clock() -> DependencyRegistration<Clock> {
          DependencyRegistration { SystemClock() }
        }
      }
      """)
    let graph = try analyze(marked: ["Clock.swift": source])

    let range = source.range("1️⃣", covering: "clock", in: "Clock.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'ClockConfiguration', needed by 'ClockConfiguration.clock()'",
          range: range,
          notes: [DiagnosticNote(message: "'ClockConfiguration.clock()' needs 'ClockConfiguration'", range: range)])
      ])
  }
}
