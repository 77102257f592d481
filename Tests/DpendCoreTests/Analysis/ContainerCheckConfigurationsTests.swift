import DpendCollect
import DpendModel
import Testing

@testable import DpendAnalysis

/// The container check's configurations checked on all cores (`parallelLookups`) give what
/// checking them one after the other gives: the same diagnostics, and the same names looked
/// up, in the same order, so that a kept answer watches what the check read in every
/// configuration.
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

  @Test func bothCoresGiveTheDiagnosticsAndLookedUpNamesOfOneAfterTheOther() throws {
    let summaries = Self.files.keys.sorted().map {
      SummaryCollector.summarize(
        path: $0, source: Self.files[$0]!, settings: CollectionSettings(dialects: [.thesis, .swinject]))
    }
    let indexed = summaries.map { IndexedSummary($0) }
    let symbols = SymbolTable(
      files: indexed.map { (path: $0.stored.path, interface: $0.interface) }, libraryFactories: [])
    let shelf = SummaryShelf(Dictionary(uniqueKeysWithValues: indexed.map { ($0.stored.path, $0.stored) }))
    func lookup(_ watch: NameWatch) -> ContainerTypeLookup {
      ContainerTypeLookup(symbols: symbols, summaries: shelf, watch: watch)
    }
    let oneAfterTheOther = NameWatch()
    let sequential = ContainerCheck(lookup: lookup(oneAfterTheOther)).run(summaries)
    let onAllCores = NameWatch()
    var check = ContainerCheck(lookup: lookup(onAllCores))
    check.parallelLookups = (lookup, onAllCores)
    let parallel = check.run(summaries)

    #expect(sequential.report.configurations == [[], ["DEBUG"]])
    #expect(
      sequential.diagnostics.map(\.message) == [
        "in configuration with no condition set: missing dependency: nothing registers 'Clock'",
        "in configuration with no condition set: 'FileStore' is registered as 'FileStore', not as 'Store',"
          + " which is resolved",
        "in configuration 'DEBUG': 'DiskStore' is registered as 'DiskStore', not as 'Store', which is resolved",
      ])
    #expect(parallel.diagnostics == sequential.diagnostics)
    #expect(parallel.report == sequential.report)
    // The names each configuration's check asked about are watched, in configuration order.
    #expect(onAllCores.names == oneAfterTheOther.names)
    #expect(onAllCores.names.contains("DiskStore") && onAllCores.names.contains("FileStore"))
  }
}
