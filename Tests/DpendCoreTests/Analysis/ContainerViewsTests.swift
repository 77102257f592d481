import DpendCollect
import DpendModel
import Testing

@testable import DpendAnalysis

/// What a graph makes of container code besides its diagnostics (``ContainerViews``): the
/// tree's registrations graph and the editor's index only when asked for, the index made
/// when first read and answering for the graph's own facts; the diagnostics, counts and names
/// looked up the same whatever is asked.
struct ContainerViewsTests {
  static let files = [
    "Services.swift": """
    protocol Store {}
    protocol Feed {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }
    protocol Clock {}

    """,
    "Assembly.swift": """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
        container.autoregister(Feed.self, initializer: FeedImpl.init)
      }
    }

    """,
  ]

  static func summaries(_ files: [String: String]) -> [FileSummary] {
    files.keys.sorted().map { SummaryCollector.summarize(path: $0, source: files[$0]!) }
  }

  static func graph(_ views: ContainerViews, _ files: [String: String] = files) -> DependencyGraph {
    let builder = GraphBuilder(settings: AnalysisSettings())
    builder.containerViews = views
    builder.set(summaries(files))
    return builder.graph()
  }

  @Test func theTreeAndTheIndexAreMadeOnlyWhenAskedFor() {
    let both = Self.graph([.tree, .editor])
    // Made when first read, not with the graph.
    #expect(!both.lazyContainerIndex.isMade)
    #expect(
      both.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"])
    #expect(both.container.graph.nodes.map { $0.registration.types } == [["Store"], ["Feed"]])
    #expect(both.containerIndex.registrations.map(\.types) == [["Store"], ["Feed"]])
    #expect(both.lazyContainerIndex.isMade)
    #expect(both.containerIndex.sites.map(\.type) == ["Store", "Clock"])
    for views: ContainerViews in [.editor, .tree, []] {
      let graph = Self.graph(views)
      #expect(graph.diagnostics == both.diagnostics, "\(views)")
      #expect(graph.container.registrationsRead == 2 && graph.container.resolvesChecked == 2, "\(views)")
      #expect(graph.container.graph.nodes.count == (views.contains(.tree) ? 2 : 0), "\(views)")
      #expect(graph.containerIndex.sites.count == (views.contains(.editor) ? 2 : 0), "\(views)")
    }
  }

  /// The index is made from the graph's facts and declarations, even when it is first read
  /// after the builder moved on to another graph.
  @Test func anIndexMadeLaterIsOfItsOwnGraph() throws {
    let builder = GraphBuilder(settings: AnalysisSettings())
    builder.containerViews = .editor
    builder.set(Self.summaries(Self.files))
    let first = builder.graph()
    var changed = Self.files
    changed["Assembly.swift"] = changed["Assembly.swift"]!.replacing(
      "    container.register(Store.self) { _ in StoreImpl() }\n", with: "")
    changed["Services.swift"] = changed["Services.swift"]!.replacing("clock: Clock", with: "clock: Store")
    builder.set(Self.summaries(changed))
    let second = builder.graph()
    #expect(second.containerIndex.registrations.map(\.types) == [["Feed"]])
    #expect(second.containerIndex.sites.map(\.type) == ["Store", "Store"])
    let index = first.containerIndex
    #expect(index.registrations.map(\.types) == [["Store"], ["Feed"]])
    #expect(index.sites.map(\.type) == ["Store", "Clock"])
    #expect(index.registrations(answering: index.sites[0]).map(\.types) == [["Store"]])
    #expect(index.registrations(answering: index.sites[1]).isEmpty)
  }

  /// The container check keeps decoded only what it reads again at the next build: each
  /// container file's registrations and resolves, and the declarations of the files declaring
  /// the types it looked up (their methods left out); no whole summary.
  @Test func theContainerCheckKeepsOnlyThePartsItReads() throws {
    let builder = GraphBuilder(settings: AnalysisSettings())
    builder.containerViews = .editor
    builder.set(Self.summaries(Self.files).map { IndexedSummary(StoredSummary($0)) })
    let graph = builder.graph()
    #expect(graph.diagnostics.count == 1)
    let shelf = graph.files.summaries
    #expect(shelf.decodedPaths == [])
    #expect(shelf.partsDecoded.containerCode == ["Assembly.swift"])
    #expect(shelf.partsDecoded.declarations == ["Services.swift"])
    let code = try #require(shelf.containerCode(of: "Assembly.swift"))
    #expect(code.registrations.map(\.types) == [["Store"], ["Feed"]] && code.types.isEmpty)
    // A method of the type looked up is not kept; its initializers are.
    let withMethod = Self.files["Services.swift"]!.replacing(
      "init(store: Store, clock: Clock) {}", with: "init(store: Store, clock: Clock) {}\n  func refresh() {}")
    let summary = SummaryCollector.summarize(path: "Services.swift", source: withMethod)
    builder.set([IndexedSummary(StoredSummary(summary))])
    let edited = builder.graph()
    let declarations = try #require(edited.files.summaries.declarations(of: "Services.swift"))
    let feed = try #require(declarations.types.first { $0.name == "FeedImpl" })
    #expect(feed.methods.isEmpty && feed.initializers.map(\.signature) == ["init(store:clock:)"])
    #expect(summary.types.first { $0.name == "FeedImpl" }?.methods.map(\.name) == ["refresh"])
    #expect(edited.diagnostics == graph.diagnostics)
  }

  /// The check, the editor's index and the tree ask one rule who answers a resolve: a generic
  /// registered without its arguments answers a specialization, and where Swinject counts
  /// runtime arguments only the registration taking the resolve's count answers it.
  @Test func theCheckTheIndexAndTheTreeAskOneRuleWhoAnswers() throws {
    let files = [
      "Assembly.swift": """
      import Swinject

      final class Cache<Value> {}
      protocol Store {}
      final class StoreImpl: Store { init(size: Int = 0) {} }
      final class Feed { init(cache: Cache<Int>, store: Store) {} }

      func assemble(_ c: Container) {
        c.register(Cache.self) { _ in Cache<Int>() }
        c.register(Store.self) { _ in StoreImpl() }
        c.register(Store.self) { _, size in StoreImpl(size: size) }
        c.register(Feed.self) { r in
          Feed(cache: r.resolve(Cache<Int>.self)!, store: r.resolve(Store.self, argument: 4)!)
        }
      }

      """
    ]
    let graph = Self.graph([.tree, .editor], files)
    #expect(graph.diagnostics == [])
    let index = graph.containerIndex
    let tree = graph.container.graph
    let feed = try #require(tree.nodes.first { $0.registration.types == ["Feed"] })
    #expect(feed.needs.map(\.type) == ["Cache<Int>", "Store"])
    // By place in the registrations: `Cache`, then the store taking one argument.
    #expect(feed.needs.map { tree.registrations(answering: $0) } == [[0], [2]])
    #expect(
      index.sites.filter { $0.consumer != nil }.map { index.registrations(answering: $0).map(\.range) }
        == feed.needs.map { tree.registrations(answering: $0).map { tree.nodes[$0].registration.range } })
  }
}
