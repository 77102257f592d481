import DpendCollect
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// The incremental graph (``GraphBuilder`` behind ``AnalysisHost``) must equal the graph
/// built from scratch after every step of random edit sequences: files added, rewritten,
/// half-typed and removed, names and conformances changing, cycles made and broken, Dip,
/// Swinject and Resolver registrations and resolves added, removed and renamed.
struct IncrementalGraphTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 117, 138])
  func randomEditSequencesMatchFromScratchBuilds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let filter = seed % 2 == 0 ? ".*" : "T.*"
    let mode: GenerationMode = seed == 5 ? .library : .application
    let library =
      seed % 3 == 0
      ? [
        Factory(
          key: DependencyKey(name: "P1"), kind: .initializer(type: "LibraryP1", parameters: []),
          range: SourceRange(
            file: "Lib.dpendmodule", start: .init(line: 1, column: 1, offset: 0),
            end: .init(line: 1, column: 1, offset: 0)))
      ] : []
    var settings = AnalysisSettings(
      implicitFilter: try ImplicitFilter(patterns: [filter]), mode: mode, libraryFactories: library, moduleName: "Lib")
    var host = AnalysisHost(settings: settings)
    var texts: [String: String] = [:]
    var fresh: [String: (text: String, summary: FileSummary)] = [:]
    var shapes: [String: UInt64] = [:]
    var stepsWithCycles = 0
    var stepsChangingContainerProblems = 0
    var lastContainerProblems: [Diagnostic] = []
    var stepsWithParameterResolves = 0
    // Chooses container files without changing the choices of the sequence of the other files.
    var containerRandom = SplitMix64(seed: seed &+ 0x5EED)
    // Chooses the steps after which the next run is another process (``HostRestart``).
    var restartRandom = SplitMix64(seed: seed &+ 0x5EA5)
    var restarts = 0
    func newText(_ path: String, keepShape: Bool) -> String {
      if !keepShape || shapes[path] == nil { shapes[path] = random.next() }
      if path.hasPrefix("Sources/Container") { return RandomContainerFile.make(shape: shapes[path]!, &random) }
      let text = RandomSwiftFile.make(shape: shapes[path]!, &random)
      return mode == .library ? RandomSwiftFile.publicly(text) : text
    }
    for step in 0..<250 {
      let path =
        containerRandom.below(3) == 0
        ? "Sources/Container\(containerRandom.below(4)).swift" : "Sources/F\(random.below(8)).swift"
      switch random.below(10) {
      case 0 where texts[path] != nil:
        texts[path] = nil
        host.close(path: path)
        host.remove([path])
      case 1 where texts[path] != nil:
        host.close(path: path)
        // Half-typed: the file cut anywhere.
        let text = texts[path]!
        let cut = text.utf8.index(text.utf8.startIndex, offsetBy: random.below(text.utf8.count + 1))
        texts[path] = String(text[..<cut])
        host.update([(path, texts[path]!)])
      case 2:
        // An edit in an open document: re-parsed incrementally.
        let text = newText(path, keepShape: random.below(3) > 0)
        if host.openText(of: path) == nil { host.open(path: path, text: texts[path] ?? "") }
        let old = host.openText(of: path)!
        host.change(
          path: path, to: text, edits: [TextReplacement(offset: 0, length: old.utf8.count, replacement: text)])
        texts[path] = text
      case 3 where step % 30 == 3:
        settings.implicitFilter = try ImplicitFilter(patterns: [random.below(2) == 0 ? ".*" : "T[0-3]"])
        host.settings = settings
      default:
        texts[path] = newText(path, keepShape: random.below(2) == 0)
        host.close(path: path)
        host.update([(path, texts[path]!)])
      }
      if restartRandom.below(10) == 0 {
        if restarts % 2 == 0 {
          host = try HostRestart.restarted(host, settings: settings, openPaths: Array(texts.keys))
        } else {
          // A first run over the files as they are now, its state streamed, then the next run.
          host = try HostRestart.restartedFromFirstRun(
            texts: texts, settings: settings, collection: host.collection, reader: host.reader)
        }
        restarts += 1
      }
      let incremental = host.graph()
      // Each text summarized from scratch once (a summary depends on the text alone).
      let summaries = texts.map { path, text in
        if let kept = fresh[path], kept.text == text { return kept.summary }
        let summary = SummaryCollector.summarize(path: path, source: text)
        fresh[path] = (text, summary)
        return summary
      }
      let scratch = DependencyGraph(summaries: summaries, settings: settings)
      try expectEqual(incremental, scratch, step: step)
      if scratch.diagnostics.contains(where: { $0.code == .dependencyCycle }) { stepsWithCycles += 1 }
      let containerProblems = scratch.diagnostics.filter {
        Self.containerCodes.contains($0.code) || $0.message.contains("nothing registers")
      }
      if containerProblems != lastContainerProblems { stepsChangingContainerProblems += 1 }
      lastContainerProblems = containerProblems
      if scratch.container.graph.nodes.contains(where: { node in
        node.needs.contains { need in
          if case .parameter? = need.site.type { return need.type != nil } else { return false }
        }
      }) {
        stepsWithParameterResolves += 1
      }
    }
    // The sequences must exercise the cycle check's incremental path, edits changing what the
    // container check finds, and resolves typed by an initializer of another file.
    #expect(stepsWithCycles >= 5, "\(stepsWithCycles) steps with a cycle")
    #expect(restarts >= 10, "\(restarts) restarts")
    #expect(
      stepsChangingContainerProblems >= 50, "\(stepsChangingContainerProblems) steps changing the container's problems")
    #expect(stepsWithParameterResolves >= 30, "\(stepsWithParameterResolves) steps with a parameter-typed resolve")
  }

  /// The codes only the container check reports.
  private static let containerCodes: Set<DiagnosticCode> = [
    .registeredAsConcreteType, .unregisteredOptionalResolve, .argumentCountMismatch, .duplicateRegistration,
  ]

  /// An extension written through a typealias extends whatever the alias's target names
  /// from the alias's scope: `Outer.A` is `Store` until a file declares `Outer.Store`, which
  /// the extension then makes a configuration. The update resolves it again although its
  /// own name (`A`) did not change.
  @Test func anExtensionThroughATypealiasFollowsWhatItsTargetNowNames() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]))
    let host = AnalysisHost(settings: settings)
    var texts = [
      "Alias.swift": "enum Outer {\n  typealias A = Store\n}\n",
      "Conformance.swift": "import DpendRuntime\nextension Outer.A: DependencyConfiguration {}\n",
      "Store.swift": "protocol Logger {}\n",
    ]
    host.update(texts.map { ($0.key, $0.value) })
    #expect(host.graph().resolved.isEmpty)
    texts["Store.swift"]! += """
      extension Outer {
        final class Store {
          init() {}
          func logger() -> DependencyRegistration<Logger> { DependencyRegistration(scope: .unique) { fatalError() } }
        }
      }

      """
    host.update([("Store.swift", texts["Store.swift"]!)])
    let scratch = DependencyGraph(
      summaries: texts.keys.sorted().map { SummaryCollector.summarize(path: $0, source: texts[$0]!) },
      settings: settings)
    #expect(scratch.resolved[DependencyKey(name: "Logger")] != nil)
    try expectEqual(host.graph(), scratch, step: 1)
  }

  @Test func aCycleMadeByOneEditIsFoundAndItsFixClearsIt() throws {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"])))
    // 1️⃣ is where the parameter closing the cycle is typed.
    let acyclic = MarkedText("protocol B {}\nfinal class BImpl: B { init(1️⃣) {} }")
    host.update([("A.swift", "protocol A {}\nfinal class AImpl: A { init(b: B) {} }"), ("B.swift", acyclic.text)])
    #expect(host.graph().diagnostics.isEmpty)
    host.open(path: "B.swift", text: acyclic.text)
    let cyclic = "protocol B {}\nfinal class BImpl: B { init(a: A) {} }"
    host.change(
      path: "B.swift", to: cyclic,
      edits: [TextReplacement(offset: acyclic.offset("1️⃣"), length: 0, replacement: "a: A")])
    #expect(host.graph().diagnostics.map(\.message) == ["dependency cycle: A -> B -> A"])
    host.change(
      path: "B.swift", to: acyclic.text,
      edits: [TextReplacement(offset: acyclic.offset("1️⃣"), length: "a: A".utf8.count, replacement: "")])
    #expect(host.graph().diagnostics.isEmpty)
  }

  @Test func aDeclarationEditCollectsOnlyTheFilesThatLookedUpAChangedName() throws {
    let builder = GraphBuilder(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"])))
    func set(_ path: String, _ text: String) {
      builder.set([SummaryCollector.summarize(path: path, source: text)])
    }
    set("A.swift", "protocol A {}\nfinal class AImpl: A { init() {} }")
    set("B.swift", "protocol B {}\nfinal class BImpl: B { init(a: A) {} }")
    set("C.swift", "protocol C {}\nfinal class CImpl: C { init(b: B) {} }")
    set("D.swift", "struct Unrelated { let value: Int }")
    _ = builder.graph()
    #expect(builder.lastCollectedPaths == ["A.swift", "B.swift", "C.swift", "D.swift"])
    // A conformance added: only AImpl's own file looked `AImpl` up.
    set("A.swift", "protocol A {}\nprotocol Extra {}\nfinal class AImpl: A, Extra { init() {} }")
    #expect(builder.graph().diagnostics.isEmpty)
    #expect(builder.lastCollectedPaths == ["A.swift"])
    // The protocol renamed: B's parameter named it.
    set("A.swift", "protocol A2 {}\nfinal class AImpl: A2 { init() {} }")
    let graph = builder.graph()
    #expect(builder.lastCollectedPaths == ["A.swift", "B.swift"])
    #expect(
      graph.diagnostics.map(\.message) == ["missing dependency: nothing provides 'A', needed by 'BImpl.init(a:)'"])
    // A body edit: the interface is unchanged, one file is collected.
    set("C.swift", "protocol C {}\nfinal class CImpl: C { init(b: B) { print(1) } }")
    _ = builder.graph()
    #expect(builder.lastCollectedPaths == ["C.swift"])
  }

  /// A file watches the types it declares by their whole names: a class renamed, with a
  /// type nested in it under a name nested in every class (`State`), collects only its own
  /// file, and the graph is the one built from scratch. A type declared again under the
  /// same whole name elsewhere (the first file in path order has it) collects both.
  @Test func aNestedTypeOfACommonNameRenamedCollectsOnlyItsFile() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]))
    let builder = GraphBuilder(settings: settings)
    var texts = [
      "A.swift": "protocol A {}\nfinal class AImpl: A { struct State {} }",
      "B.swift": "protocol B {}\nfinal class BImpl: B { init(a: A) {}\n  struct State {} }",
      "C.swift": "final class CImpl { init(b: B) {} }\nextension CImpl { struct State {} }",
    ]
    func set(_ path: String, _ text: String) {
      texts[path] = text
      builder.set([SummaryCollector.summarize(path: path, source: text)])
    }
    func expectFresh() {
      let fresh = GraphBuilder(settings: settings)
      fresh.set(texts.map { SummaryCollector.summarize(path: $0.key, source: $0.value) })
      let graph = builder.graph()
      #expect(graph.diagnostics == fresh.graph().diagnostics)
      #expect(graph.resolved == fresh.graph().resolved)
    }
    for (path, text) in texts { set(path, text) }
    _ = builder.graph()
    set("A.swift", "protocol A {}\nfinal class DiskAImpl: A { struct State {} }")
    expectFresh()
    #expect(builder.lastCollectedPaths == ["A.swift"])
    // `BImpl` declared in `A.swift` too: `A.swift` comes first, so it is `A.swift`'s.
    set("A.swift", "protocol A {}\nfinal class DiskAImpl: A { struct State {} }\nfinal class BImpl: B {}")
    expectFresh()
    #expect(builder.lastCollectedPaths == ["A.swift", "B.swift"])
    #expect(builder.graph().resolved[DependencyKey(name: "B")]?.range.file == "A.swift")
  }

  @Test func aOneGraphBuilderDropsTheSymbolTableAndBuildsItsNextGraphFromScratch() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]))
    let oneGraph = GraphBuilder(settings: settings)
    oneGraph.buildsOneGraph = true
    let kept = GraphBuilder(settings: settings)
    func set(_ path: String, _ text: String) {
      let summary = SummaryCollector.summarize(path: path, source: text)
      oneGraph.set([summary])
      kept.set([summary])
    }
    set("A.swift", "protocol A {}\nprotocol B {}\nfinal class BImpl: B { init(a: A) {} }")
    // The container check reads `BImpl`'s initializer through the symbol table: `c.resolve()`
    // is typed by its parameter.
    set(
      "Assembly.swift",
      """
      import Dip

      let container = DependencyContainer { c in
        c.register { BImpl(a: try c.resolve()) as B }
      }
      """)
    let graph = oneGraph.graph()
    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'A', needed by 'BImpl.init(a:)'",
        "missing dependency: nothing registers 'A', needed by 'B'",
      ])
    #expect(graph.diagnostics == kept.graph().diagnostics)
    #expect(oneGraph.symbols.isEmpty)
    #expect(!kept.symbols.isEmpty)
    // The next graph is built from scratch, every file collected again.
    set("B.swift", "final class AImpl: A {}")
    let unregistered = ["missing dependency: nothing registers 'A', needed by 'B'"]
    #expect(oneGraph.graph().diagnostics.map(\.message) == unregistered)
    #expect(oneGraph.lastCollectedPaths == ["A.swift", "Assembly.swift", "B.swift"])
    #expect(kept.graph().diagnostics.map(\.message) == unregistered)
    #expect(kept.lastCollectedPaths == ["B.swift"])

    // One that keeps no summaries (the command line's) drops them after the file analyses,
    // unless the container check reads them (it reads `BImpl`'s initializer in A.swift); the
    // answer is the same.
    let summaries = ["A.swift", "Assembly.swift", "B.swift"].compactMap { kept.graph().summary(of: $0) }
    #expect(summaries.count == 3)
    for files in [summaries, summaries.filter { $0.path == "A.swift" }] {
      let reported = GraphBuilder(settings: settings)
      reported.buildsOneGraph = true
      reported.keepsSummaries = false
      reported.set(files)
      let all = GraphBuilder(settings: settings)
      all.set(files)
      let graph = reported.graph()
      #expect(graph.diagnostics == all.graph().diagnostics)
      #expect(!graph.diagnostics.isEmpty)
      let container = files.count == 3
      #expect((graph.summary(of: "A.swift") != nil) == container)
      #expect(graph.summary(of: "Assembly.swift") == all.graph().summary(of: "Assembly.swift"))
      #expect(graph.containerIndex.registrations.count == (container ? 1 : 0))
    }
  }

  @Test func anEditedRegistrationCollectsOnlyItsFile() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: []))
    let builder = GraphBuilder(settings: settings)
    var texts: [String: String] = [:]
    func set(_ path: String, _ text: String) {
      texts[path] = text
      builder.set([SummaryCollector.summarize(path: path, source: text)])
    }
    func fromScratch() -> DependencyGraph {
      DependencyGraph(
        summaries: texts.map { SummaryCollector.summarize(path: $0.key, source: $0.value) }, settings: settings)
    }
    set(
      "Services.swift",
      """
      protocol Store {}
      protocol Feed {}
      protocol Clock {}
      final class StoreImpl: Store {}
      final class FeedImpl: Feed { init(store: Store) {} }
      final class ClockImpl: Clock { init(feed: Feed) {} }
      """)
    set(
      "Container.swift",
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { StoreImpl() as Store }
        c.register { FeedImpl(store: try c.resolve()) as Feed }
      }
      """)
    set(
      "Assembly.swift",
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Feed.self) { _ in FeedImpl(store: StoreImpl()) }
        container.register(Clock.self) { r in ClockImpl(feed: r.resolve(Feed.self)!) }
      }
      """)
    set("Other.swift", "struct Unrelated { let value: Int }")
    #expect(builder.graph().diagnostics.isEmpty)
    #expect(builder.lastCollectedPaths == ["Assembly.swift", "Container.swift", "Other.swift", "Services.swift"])
    // The Dip registration tagged: the untagged resolve of its own container misses it.
    set(
      "Container.swift",
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton, tag: "remote") { StoreImpl() as Store }
        c.register { FeedImpl(store: try c.resolve()) as Feed }
      }
      """)
    var graph = builder.graph()
    #expect(builder.lastCollectedPaths == ["Container.swift"])
    #expect(graph.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Store', needed by 'Feed'"])
    #expect(graph.container == fromScratch().container)
    // The Swinject registration named: the resolve in its own file misses it.
    set(
      "Assembly.swift",
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Feed.self, name: "main") { _ in FeedImpl(store: StoreImpl()) }
        container.register(Clock.self) { r in ClockImpl(feed: r.resolve(Feed.self)!) }
      }
      """)
    graph = builder.graph()
    #expect(builder.lastCollectedPaths == ["Assembly.swift"])
    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Feed', needed by 'Clock'",
        "missing dependency: nothing registers 'Store', needed by 'Feed'",
      ])
    #expect(graph.container == fromScratch().container)
    // The initializer typing the Dip resolve relabelled in another file: that file is read
    // again, the container's is not, and the resolve can no longer be typed.
    set(
      "Services.swift",
      """
      protocol Store {}
      protocol Feed {}
      protocol Clock {}
      final class StoreImpl: Store {}
      final class FeedImpl: Feed { init(storage: Store) {} }
      final class ClockImpl: Clock { init(feed: Feed) {} }
      """)
    graph = builder.graph()
    #expect(builder.lastCollectedPaths == ["Services.swift"])
    #expect(graph.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Feed', needed by 'Clock'"])
    #expect(graph.container.resolvesUnread == 1)
    #expect(graph.container == fromScratch().container)
  }

  @Test func editingARegistrationInAnOpenDocumentParsesOnlyThatDocument() throws {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    let services = "protocol Store {}\nprotocol Feed {}\nfinal class StoreImpl: Store {}\nfinal class FeedImpl: Feed {}"
    // 1️⃣ is the registered type, renamed by the edit.
    let container = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(1️⃣Store.self) { _ in StoreImpl() }
        container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }
      }
      """)
    host.update([
      ("Services.swift", services), ("Assembly.swift", container.text),
      ("Other.swift", "import Dip\n\nlet other = DependencyContainer { c in c.register { FeedImpl() as Feed } }"),
    ])
    #expect(host.graph().diagnostics.isEmpty)
    // The global container `other` joins the vocabulary (SPEC 8.2); the only file naming it
    // imports Dip, so it reads alike and is not read again.
    #expect(host.vocabulary.containerValues == ["other": .dip])
    #expect(host.parseCount == 3)
    host.open(path: "Assembly.swift", text: container.text)
    let renamed = container.text.replacing("register(Store.self)", with: "register(StoreImpl.self)")
    host.change(
      path: "Assembly.swift", to: renamed,
      edits: [TextReplacement(offset: container.offset("1️⃣"), length: "Store".utf8.count, replacement: "StoreImpl")])
    #expect(host.parseCount == 5)
    #expect(
      host.graph().diagnostics.map(\.message) == [
        "'StoreImpl' is registered as 'StoreImpl', not as 'Store', which is resolved"
      ])
  }

  @Test func aContainerValueReadsAgainOnlyTheFilesThatCallItsName() throws {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.update([
      ("Services.swift", "protocol Store {}\nfinal class StoreImpl: Store {}\nfinal class Router {}"),
      // Swinject's `container` parameter hides Dip's global of that name.
      (
        "Assembly.swift",
        "import Swinject\n\nfunc assemble(container: Container) {\n  container.register(Store.self) { _ in StoreImpl() }\n}"
      ),
      (
        "Global.swift",
        "import Dip\n\nlet container = DependencyContainer { c in c.register { StoreImpl() as Store } }"
      ),
      // No import: only the global makes this a resolve.
      ("Main.swift", "let router: Router = try! container.resolve()\nlet name = \"container\""),
      ("Words.swift", "// the container resolves the router\nlet note = \"container.resolve\""),
    ])
    #expect(host.vocabulary.containerValues == ["container": .dip])
    // Only Main.swift calls `resolve` on the name `container` free of a parameter: it alone is
    // read again, though three others write the word (SPEC 8.2).
    #expect(host.parseCount == 6)
    #expect(
      host.graph().diagnostics.map { "\($0.range.file):\($0.range.start.line) \($0.message)" } == [
        "Main.swift:1 missing dependency: nothing registers 'Router'"
      ])
  }

  /// Compares field by field; a failure names the step and the differing entries only.
  private func expectEqual(_ incremental: DependencyGraph, _ scratch: DependencyGraph, step: Int) throws {
    func difference<T: Hashable>(_ name: String, _ left: [T], _ right: [T]) -> String? {
      guard left != right else { return nil }
      let onlyLeft = left.filter { !right.contains($0) }
      let onlyRight = right.filter { !left.contains($0) }
      return "step \(step), \(name): incremental only \(onlyLeft), from scratch only \(onlyRight)"
    }
    let differences = [
      difference("diagnostics", incremental.diagnostics.map(\.message), scratch.diagnostics.map(\.message)),
      difference("diagnostics", incremental.diagnostics, scratch.diagnostics),
      difference("resolved", lines(incremental.resolved), lines(scratch.resolved)),
      difference(
        "resolved", incremental.resolved.sorted { $0.key < $1.key }.map(\.value),
        scratch.resolved.sorted { $0.key < $1.key }.map(\.value)),
      difference(
        "candidates", incremental.candidates.sorted { $0.key < $1.key }.map(\.value),
        scratch.candidates.sorted { $0.key < $1.key }.map(\.value)),
      difference("unprovided", incremental.unprovidedKeys, scratch.unprovidedKeys),
      difference("factories", incremental.localFactories.map(\.summaryLine), scratch.localFactories.map(\.summaryLine)),
      difference("factories", incremental.localFactories, scratch.localFactories),
      difference("configurations", incremental.configurations.map(\.name), scratch.configurations.map(\.name)),
      difference("configurations", incremental.configurations, scratch.configurations),
      incremental.cycleComponents == scratch.cycleComponents ? nil : "step \(step), cycle components",
      difference("container unread", incremental.container.unread, scratch.container.unread),
      difference(
        "container registrations", incremental.container.graph.nodes.map(\.registration),
        scratch.container.graph.nodes.map(\.registration)),
      difference("container graph", incremental.container.graph.nodes, scratch.container.graph.nodes),
      incremental.container == scratch.container ? nil : "step \(step), container report",
    ].compactMap { $0 }
    if let first = differences.first {
      Issue.record("\(first)")
      throw Stop()
    }
  }

  private func lines(_ resolved: [DependencyKey: Factory]) -> [String] {
    resolved.values.map(\.summaryLine).sorted()
  }

  private struct Stop: Error {}
}

/// Random but plausible Swift files over a small set of names, so that files refer to each
/// other: protocols, implementations with dependencies (tagged, optional, defaulted),
/// conformances added by extensions, typealiases, nested types and configurations.
enum RandomSwiftFile {
  /// A file whose declarations come from `shape` and whose parameters come from
  /// `random`: the same shape with other parameters is an edit that keeps the file's interface.
  static func make(shape: UInt64, _ parameterRandom: inout SplitMix64) -> String {
    var random = SplitMix64(seed: shape)
    var text = "import DpendRuntime\n"
    for _ in 0..<(1 + random.below(4)) {
      switch random.below(10) {
      case 0:
        text += "protocol P\(random.below(6)) {}\n"
      case 1:
        text += "extension T\(random.below(6)): P\(random.below(6)) {}\n"
      case 2:
        text += "typealias A\(random.below(3)) = P\(random.below(6))\n"
      case 3:
        text += "struct Outer\(random.below(2)) {\n  final class Inner: P\(random.below(6)) {\n"
        text += "    init(\(parameters(&parameterRandom))) {}\n  }\n}\n"
      case 7:
        // A marker reached through a typealias, or a name shadowing one.
        text += random.below(3) == 0 ? "protocol Conf0 {}\n" : "typealias Conf0 = DependencyConfiguration\n"
      case 8:
        // Registrations added to a configuration declared in another file.
        let provided = "P\(random.below(6))"
        text += "extension C\(random.below(2)) {\n"
        text +=
          "  func extra\(random.below(3))(\(parameters(&parameterRandom))) -> DependencyRegistration<\(provided)> {\n"
        text += "    DependencyRegistration(scope: .unique) { fatalError() }\n  }\n}\n"
      case 9:
        // A nested protocol shadowing a top-level one inside `Outer`.
        text += "struct Outer\(random.below(2)) {\n  protocol P\(random.below(6)) {}\n}\n"
      case 4:
        let marker = random.below(3) == 0 ? "Conf0" : "DependencyConfiguration"
        text += "final class C\(random.below(2)): \(marker) {\n  init() {}\n"
        for _ in 0..<random.below(3) {
          let provided = "P\(random.below(6))"
          let tag = random.below(3) == 0 ? "tag: Tag\(random.below(2)).self, " : ""
          text +=
            "  func make\(random.below(4))(\(parameters(&parameterRandom))) -> DependencyRegistration<\(provided)> {\n"
          text += "    DependencyRegistration(\(tag)scope: .singleton) { fatalError() }\n  }\n"
        }
        if random.below(4) == 0 { text += "  func helper() -> Int { 0 }\n" }
        text += "}\n"
      default:
        let conformance = random.below(4) == 0 ? "" : ": P\(random.below(6))"
        text += "final class T\(random.below(6))\(conformance) {\n  init(\(parameters(&parameterRandom))) {}\n}\n"
      }
    }
    return text
  }

  /// `text` with every declaration public, for library mode.
  static func publicly(_ text: String) -> String {
    var result = text
    for (plain, exported) in [
      ("protocol ", "public protocol "), ("final class ", "public final class "),
      ("struct Outer", "public struct Outer"),
      ("typealias ", "public typealias "), ("  init(", "  public init("), ("  func ", "  public func "),
    ] {
      result = result.replacing(plain, with: exported)
    }
    return result
  }

  private static func parameters(_ random: inout SplitMix64) -> String {
    (0..<random.below(3)).map { index in
      let name =
        switch random.below(10) {
        case 0, 1: "A\(random.below(3))"
        case 2: "Outer\(random.below(2)).Inner"
        default: "P\(random.below(6))"
        }
      switch random.below(6) {
      case 0: return "p\(index): \(name)?"
      case 1: return "p\(index): \(name) = nil"
      case 2: return "p\(index): Tagged<\(name), Tag\(random.below(2))>"
      default: return "p\(index): \(name)"
      }
    }.joined(separator: ", ")
  }
}

/// Random Dip, Swinject and Resolver files over the names of ``RandomSwiftFile`` (`P0`…`P5` registered,
/// `T0`…`T5` constructed, their initializers' `p0:`…`p2:` typing resolves): registrations by
/// every form the dialects read (scopes, tags and names, `#if`, `.implements`, `Impl.init`,
/// closure parameters, `$0`, `initCompleted`, computed names), resolves elsewhere, and now and
/// then a type declared among them. The shape chooses the forms; `parameterRandom` the names,
/// so the same shape with other parameters renames keys, tags and needs.
enum RandomContainerFile {
  static func make(shape: UInt64, _ parameterRandom: inout SplitMix64) -> String {
    var random = SplitMix64(seed: shape)
    func p() -> String { "P\(parameterRandom.below(6))" }
    func t() -> String { "T\(parameterRandom.below(6))" }
    func tag() -> String { "\"t\(parameterRandom.below(2))\"" }
    let style = random.below(3)
    let isSwinject = style == 0
    var text = isSwinject ? "import Swinject\n\n" : style == 1 ? "import Dip\n\n" : "import Resolver\n\n"
    if style == 2 {
      text += "extension Resolver {\n  static func register\(random.below(3))() {\n"
      for _ in 0..<(1 + random.below(4)) {
        switch random.below(6) {
        case 0: text += "    register { \(t())(p0: resolve(), p1: resolve()) as \(p()) }.scope(.application)\n"
        case 1: text += "    register(\(p()).self, name: \(tag())) { \(t())() }\n"
        case 2: text += "    register { () -> \(p()) in \(t())(p0: resolve(name: \(tag()))) }\n"
        case 3: text += "    #if DEBUG\n      register { \(t())() }.implements(\(p()).self)\n    #endif\n"
        case 4:
          text +=
            "    register { \(t())(p0: resolve()) as \(p()) }.resolveProperties { _, x in _ = optional() as \(p())? }\n"
        default: text += "    register(name: .computed) { \(t())() as \(p()) }\n"
        }
      }
      text += "  }\n}\n"
      for index in 0..<random.below(3) {
        text += "final class Screen\(index) {\n  @Injected var a: \(p())\n  @OptionalInjected var b: \(p())?\n}\n"
      }
    } else if isSwinject {
      text += "final class Assembly\(random.below(3)): Assembly {\n  func assemble(container: Container) {\n"
      for _ in 0..<(1 + random.below(4)) {
        switch random.below(9) {
        case 0:
          text +=
            "    container.register(\(p()).self) { r in \(t())(p0: r.resolve(\(p()).self)!) }.inObjectScope(.container)\n"
        case 1:
          text += "    container.register(\(p()).self, name: \(tag())) { _ in \(t())() }\n"
        case 2:
          text +=
            "    container.register(\(p()).self) { (r, id: String) in \(t())(p0: r.resolve(\(p()).self, name: \(tag()))!) }\n"
        case 3:
          text += "    container.register(\(p()).self) { r in \(t())(p0: r.resolve(\(p()).self)!) }\n"
          text += "      .initCompleted { r, x in _ = r.resolve(\(p()).self)! }\n"
        case 4:
          text += "    container.autoregister(\(p()).self, initializer: \(t()).init)\n"
        case 5:
          text += "    #if DEBUG\n      container.register(\(t()).self) { r in \(t())(p0: r ~> \(p()).self) }\n"
          text += "    #else\n      container.register(\(p()).self) { _ in \(t())() }\n    #endif\n"
        case 6:
          text += "    container.register(\(p()).self, name: kind) { _ in \(t())() }\n"
        case 7:
          text += "    container.register(\(p()).self) { r in \(t())(p0: r.resolve(\(p()).self)) }\n"
        default:
          text += "    container.register(\(t()).self) { r in \(t())(p0: r.resolve(\(p()).self, argument: 1)!) }\n"
        }
      }
      text += "  }\n}\n"
      for index in 0..<random.below(3) {
        let resolve =
          random.below(2) == 0
          ? "r.resolve(\(p()).self)!" : "r.resolve(\(p()).self, name: \(tag()), argument: \"id\")"
        text += "func use\(index)(_ r: Resolver) { _ = \(resolve) }\n"
      }
    } else {
      text += "let container\(random.below(3)) = DependencyContainer { c in\n"
      for _ in 0..<(1 + random.below(4)) {
        switch random.below(9) {
        case 0:
          text += "  c.register(.singleton) { \(t())(p0: try c.resolve(), p1: try c.resolve()) as \(p()) }\n"
        case 1:
          text += "  c.register(tag: \(tag())) { \(t())(p0: try c.resolve() as \(p())) as \(p()) }\n"
        case 2:
          text += "  c.register { (a: \(p()), b: \(p())?) -> \(p()) in \(t())(p0: a) }\n"
        case 3:
          text += "  #if DEBUG\n    c.register(.eagerSingleton) { \(t())() }\n  #endif\n"
        case 4:
          text += "  c.register(type: \(p()).self, factory: \(t()).init)\n"
        case 5:
          text +=
            "  c.register(.shared) { \(t())(p0: try c.resolve(tag: \(tag()))) as \(p()) }.implements(\(p()).self)\n"
        case 6:
          text += "  c.register(tag: tagName) { \(t())() as \(p()) }\n"
        case 7:
          text += "  c.register(.unique) { \(t())(p0: $0, p1: $1) as \(p()) }\n"
        default:
          text += "  c.register { Outer\(parameterRandom.below(2)).Inner(p0: try c.resolve()) as \(p()) }\n"
        }
      }
      text += "}\n"
      for index in 0..<random.below(3) {
        // With runtime arguments, a factory's parameters are those arguments, no needs.
        let resolve =
          random.below(2) == 0
          ? "let x = try container0.resolve(tag: \(tag())) as \(p())"
          : random.below(2) == 0
            ? "let x = try container0.resolve(arguments: \"id\", 2) as \(p())"
            : "let x: \(p())? = try? container0.resolve()"
        text += "func use\(index)() throws {\n  \(resolve)\n  _ = x\n}\n"
      }
    }
    if random.below(4) == 0 {
      text += "final class \(t()): \(p()) {\n  init(p0: \(p()), p1: \(p())? = nil) {}\n}\n"
    }
    return text
  }
}
