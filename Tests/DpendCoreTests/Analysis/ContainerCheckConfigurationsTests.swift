import DpendCollect
import DpendModel
import Testing

@testable import DpendAnalysis

/// The container check runs in every configuration, and the names it looked up in any of
/// them are watched, so that a kept answer sees a change of what it read.
struct ContainerCheckConfigurationsTests {
  /// `Store` resolved in both configurations but registered only as `DiskStore` (which
  /// conforms to it) in `DEBUG`, and as nothing otherwise; `Clock` missing in the base
  /// configuration only. The conformances of `DiskStore` and `FileStore` are asked about
  /// only by the check of a configuration, for the registered-as-concrete-type error.
  static let files = [
    "Sources/Types.swift": """
    protocol Store {}
    protocol Clock {}
    final class DiskStore: Store {}
    final class FileStore: Store {}
    final class SystemClock: Clock {}
    """,
    "Sources/Assembly.swift": """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        #if DEBUG
          container.register(DiskStore.self) { _ in DiskStore() }
          container.register(Clock.self) { _ in SystemClock() }
        #else
          container.register(FileStore.self) { _ in FileStore() }
        #endif
      }
    }

    func start(_ resolver: Resolver) {
      let store = resolver.resolve(Store.self)!
      let clock = resolver.resolve(Clock.self)!
      _ = (store, clock)
    }
    """,
  ]

  @Test func eachConfigurationIsCheckedAndTheNamesItLookedUpAreWatched() throws {
    let summaries = Self.files.keys.sorted().map {
      SummaryCollector.summarize(
        path: $0, source: Self.files[$0]!, settings: CollectionSettings(dialects: [.thesis, .swinject]))
    }
    let graph = DependencyGraph(summaries: summaries, settings: AnalysisSettings())

    #expect(graph.container.configurations == [[], ["DEBUG"]])
    #expect(
      graph.diagnostics.map(\.message) == [
        "in configuration 'DEBUG': 'DiskStore' is registered as 'DiskStore', not as 'Store', which is resolved",
        "in configuration with no condition set: 'FileStore' is registered as 'FileStore', not as 'Store',"
          + " which is resolved",
        "in configuration with no condition set: missing dependency: nothing registers 'Clock'",
      ])
  }
}
