import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A builder that makes one graph after another (the server's) checks again only the types
/// an edit touches (``ContainerStage``), and the graph is always the one built from scratch.
struct ContainerStageTests {
  static let collection = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver])

  /// A builder making what the server's makes, with `files`.
  static func builder(_ files: [String: String], _ settings: AnalysisSettings) -> GraphBuilder {
    let builder = GraphBuilder(settings: settings)
    builder.containerViews = .editor
    builder.set(
      files.keys.sorted().map { SummaryCollector.summarize(path: $0, source: files[$0]!, settings: collection) })
    return builder
  }

  /// The graph of `builder` after `path` became `text` in `files`, compared with the graph
  /// built from scratch; returns how many types the container check checked again, in all
  /// configurations.
  static func change(
    _ builder: GraphBuilder, _ files: inout [String: String], _ path: String, to text: String?,
    _ settings: AnalysisSettings, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    files[path] = text
    if let text {
      builder.set([SummaryCollector.summarize(path: path, source: text, settings: collection)])
    } else {
      builder.remove([path])
    }
    let graph = builder.graph()
    let fresh = Self.builder(files, settings).graph()
    #expect(graph.diagnostics == fresh.diagnostics, comment, sourceLocation: sourceLocation)
    #expect(graph.container == fresh.container, comment, sourceLocation: sourceLocation)
    let (index, freshIndex) = (graph.containerIndex, fresh.containerIndex)
    #expect(index.registrations == freshIndex.registrations, comment, sourceLocation: sourceLocation)
    #expect(index.sites == freshIndex.sites, comment, sourceLocation: sourceLocation)
    #expect(
      index.sites.map { index.registrations(answering: $0) }
        == freshIndex.sites.map { freshIndex.registrations(answering: $0) }, comment, sourceLocation: sourceLocation)
    return builder.lastContainerCheckTypes
  }

  @Test func aChangeChecksOnlyTheTypesOfTheFilesItTyped() throws {
    let settings = AnalysisSettings()
    var files = ContainerWorkspaces.files
    files["Sources/Other.swift"] = "struct Other {}\n"
    let builder = Self.builder(files, settings)
    let first = builder.graph()
    var checked: [Int] = []
    #expect(builder.lastContainerCheckTypes > 0)
    #expect(first.diagnostics.map(\.range.start.line) == [6])
    let assembly = ContainerWorkspaces.assembly
    let path = "Sources/AppAssembly.swift"
    // Nothing changed; a file without container code; a helper beside the registrations.
    #expect(builder.graph().diagnostics == first.diagnostics && builder.lastContainerCheckTypes == 0)
    checked.append(
      Self.change(builder, &files, "Sources/Other.swift", to: "struct Other { let a = 1 }\n", settings, "other"))
    checked.append(Self.change(builder, &files, path, to: assembly + "final class Helper {}\n", settings, "helper"))
    // Lines above, and a method before the registrations: the error moves down 3 lines.
    let moved = "// Services.\n\n" + assembly.replacing("  func assemble", with: "  func name() {}\n  func assemble")
    checked.append(Self.change(builder, &files, path, to: moved, settings, "moved"))
    #expect(builder.graph().diagnostics.map(\.range.start.line) == [9])
    // A registration removed, a file with container code added or removed, a declaration the
    // check read rewritten: the check runs.
    checked.append(
      Self.change(
        builder, &files, path, to: moved.replacing("container.register(Store.self) { _ in StoreImpl() }", with: ""),
        settings, "removed"))
    checked.append(
      Self.change(
        builder, &files, "Sources/More.swift",
        to: "import Swinject\nfunc more(_ c: Container) { c.register(Clock.self) { _ in ClockImpl() } }\n", settings,
        "added"))
    #expect(
      builder.graph().diagnostics.map(\.message) == ["missing dependency: nothing registers 'Store', needed by 'Feed'"])
    checked.append(Self.change(builder, &files, "Sources/More.swift", to: nil, settings, "deleted"))
    let types = files["Sources/Types.swift"]!
    checked.append(
      Self.change(
        builder, &files, "Sources/Types.swift", to: types.replacing("clock: Clock", with: "time: Clock"), settings,
        "initializer"))
    // No initializer takes `store:clock:` any more: both resolves passed to it are unread.
    #expect(builder.graph().container.resolvesUnread == 2)
    // A protocol nothing looked up, declared beside them: no declaration the typing or the
    // checks read changed, so nothing is typed or checked again.
    checked.append(
      Self.change(
        builder, &files, "Sources/Types.swift", to: files["Sources/Types.swift"]! + "protocol Unread {}\n", settings,
        "unread"))
    // Another one: the digests kept are the last edit's text's, so nothing again.
    checked.append(
      Self.change(
        builder, &files, "Sources/Types.swift", to: files["Sources/Types.swift"]! + "protocol Unread2 {}\n",
        settings, "unread again"))
    // A file without container code checks nothing; each edit of the assembly, or of a
    // declaration its typing read, checks the assembly's types again in both configurations.
    #expect(checked == [0, 6, 6, 6, 6, 6, 6, 0, 0])
  }

  /// A registration nothing resolves added, then removed, and the first registration of a
  /// needed key: each checks the assembly's types, the counts and the error follow.
  @Test func aRegistrationAddedOrRemovedChecksTheAssemblysTypes() throws {
    let settings = AnalysisSettings()
    var files = FeedAssembly.files
    let builder = Self.builder(files, settings)
    let first = builder.graph()
    #expect(first.diagnostics.map(\.range.start.line) == [6] && first.container.registrationsRead == 2)
    var checked: [Int] = []
    let path = FeedAssembly.path
    let added = FeedAssembly.inserting(
      "    container.register(Clock.self, name: \"debug\") { r in ClockImpl(store: r.resolve(Store.self)!) }\n")
    checked.append(Self.change(builder, &files, path, to: added, settings, "added"))
    let graph = builder.graph()
    #expect(graph.diagnostics.map(\.range.start.line) == [7])
    #expect(graph.container.registrationsRead == 3 && graph.container.resolvesChecked == 4)
    checked.append(Self.change(builder, &files, path, to: FeedAssembly.assembly, settings, "removed"))
    #expect(builder.graph().container.registrationsRead == 2)
    let needed = FeedAssembly.inserting("    container.register(Logger.self) { _ in LoggerImpl() }\n")
    checked.append(Self.change(builder, &files, path, to: needed, settings, "needed"))
    #expect(builder.graph().diagnostics.isEmpty)
    // The assembly's types only, each time.
    #expect(checked == [4, 4, 3])
  }

  /// In an assembly nothing dpend reads makes (counted as reached), an edit asks again which
  /// registrations run; when the answer comes out the same, only the assembly's types are
  /// checked again, not the screen's `Clock`, and the note saying it is counted as reached
  /// follows the registration that is now first.
  @Test func anEditThatLeavesTheReachedGatesAsTheyWereChecksOnlyItsTypes() throws {
    let settings = AnalysisSettings()
    var files = FeedAssembly.files.filter { $0.key != "Sources/Launch.swift" }
    files["Sources/Clock.swift"] = "import Swinject\n\nfunc clock(_ r: Resolver) { _ = r.resolve(Clock.self) }\n"
    let builder = Self.builder(files, settings)
    let first = builder.graph()
    #expect(first.container.unread.map(\.range.start.line) == [5])
    let path = FeedAssembly.path
    let needed = FeedAssembly.inserting("    container.register(Logger.self) { _ in LoggerImpl() }\n")
    let checked = Self.change(builder, &files, path, to: needed, settings, "needed")
    let graph = builder.graph()
    #expect(graph.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock'"])
    #expect(graph.container.unread.map(\.range.start.line) == [5])
    // Store, Feed and Logger: the file's; Clock is not checked again.
    #expect(checked == 3)
  }

  /// `Feed`'s registration, which something resolves, gains a need of a key whose
  /// registration needs nothing, then changes scope, then a need closes a cycle: each checks
  /// the assembly's types, and the cycle is found.
  @Test func aRegistrationEditedInPlaceChecksTheAssemblysTypes() throws {
    let settings = AnalysisSettings()
    var files = FeedAssembly.files
    let builder = Self.builder(files, settings)
    #expect(builder.graph().container.resolvesChecked == 3)
    var checked: [Int] = []
    let path = FeedAssembly.path
    let feed = FeedAssembly.feed
    let gained = feed.replacing("FeedImpl(", with: "FeedImpl(cache: r.resolve(Store.self)!, ")
    checked.append(
      Self.change(builder, &files, path, to: files[path]!.replacing(feed, with: gained), settings, "gained"))
    #expect(builder.graph().container.resolvesChecked == 4)
    let scoped = files[path]!.replacing(gained, with: gained + ".inObjectScope(.container)")
    checked.append(Self.change(builder, &files, path, to: scoped, settings, "scoped"))
    let cycle = files[path]!.replacing(
      "{ _ in StoreImpl() }", with: "{ r in StoreImpl(feed: r.resolve(Feed.self)!) }")
    checked.append(Self.change(builder, &files, path, to: cycle, settings, "cycle"))
    #expect(builder.graph().diagnostics.contains { $0.code == .dependencyCycle })
    #expect(checked == [3, 3, 3])
  }

  /// Cycles are looked for only from the edges an edit adds, while there is none: a need that
  /// closes none, or a registration removed, looks for nothing; a need closing one finds it,
  /// and while it stands every edit looks again.
  @Test func cyclesAreLookedForOnlyFromAddedEdges() throws {
    let settings = AnalysisSettings()
    var files = FeedAssembly.files
    let builder = Self.builder(files, settings)
    _ = builder.graph()
    #expect(builder.lastContainerCycleSearch)
    let path = FeedAssembly.path
    let feed = FeedAssembly.feed
    let gained = feed.replacing("FeedImpl(", with: "FeedImpl(cache: r.resolve(Store.self)!, ")
    var searched: [Bool] = []
    _ = Self.change(builder, &files, path, to: files[path]!.replacing(feed, with: gained), settings, "gained")
    searched.append(builder.lastContainerCycleSearch)
    let cycle = files[path]!.replacing(
      "{ _ in StoreImpl() }", with: "{ r in StoreImpl(feed: r.resolve(Feed.self)!) }")
    _ = Self.change(builder, &files, path, to: cycle, settings, "cycle")
    searched.append(builder.lastContainerCycleSearch)
    #expect(
      builder.graph().diagnostics.map(\.message).filter { $0.hasPrefix("dependency cycle") } == [
        "dependency cycle: Feed -> Store -> Feed"
      ])
    _ = Self.change(builder, &files, "Sources/Other.swift", to: "struct Other {}\n", settings, "other")
    searched.append(builder.lastContainerCycleSearch)
    let broken = files[path]!.replacing(
      "{ r in StoreImpl(feed: r.resolve(Feed.self)!) }", with: "{ _ in StoreImpl() }")
    _ = Self.change(builder, &files, path, to: broken, settings, "broken")
    searched.append(builder.lastContainerCycleSearch)
    _ = Self.change(builder, &files, path, to: files[path]!.replacing(gained, with: feed), settings, "lost")
    searched.append(builder.lastContainerCycleSearch)
    #expect(!builder.graph().diagnostics.contains { $0.code == .dependencyCycle })
    #expect(searched == [false, true, true, true, false])
  }

  /// The constructions are in the cycle graph only while some file has a property-wrapper
  /// resolve: the first wrappers, closing a cycle through registrations of another file, make
  /// the graph again with them and find it; the last ones gone make it again without.
  @Test func theFirstPropertyWrappersBringTheConstructionsIntoTheCycleGraph() throws {
    let settings = AnalysisSettings()
    let types = "Sources/Types.swift"
    let plain = """
      import Resolver
      protocol Feed {}
      final class Session {}
      final class LiveFeed: Feed {}

      """
    var files = [
      types: plain,
      "Sources/Registrations.swift": """
      import Resolver
      extension Resolver {
        static func registerSessions() {
          register { Session() }
          register { LiveFeed() as Feed }
        }
      }

      """,
    ]
    let builder = Self.builder(files, settings)
    _ = builder.graph()
    var found: [[String]] = []
    let wrapped = plain.replacing("final class Session {}", with: "final class Session { @Injected var feed: Feed }")
      .replacing("final class LiveFeed: Feed {}", with: "final class LiveFeed: Feed { @Injected var session: Session }")
    for (label, text) in [("wrapped", wrapped), ("plain", plain)] {
      _ = Self.change(builder, &files, types, to: text, settings, "\(label)")
      #expect(builder.containerStage.cyclesOfEverySite() == builder.containerStage.cycles)
      found.append(builder.graph().diagnostics.filter { $0.code == .dependencyCycle }.map(\.message))
    }
    #expect(found == [["dependency cycle: Feed -> Session -> Feed"], []])
  }

  /// A gate-shaped function of a name no gate had, calling a registration function nothing
  /// called, reaches it once something calls the new function: the reach is worked out again
  /// because a body the last check did not know appeared, though no mention of a known gate
  /// changed; taking the call away leaves it unreached again.
  @Test func aNewGateShapedFunctionReachesTheRegistrationFunctionItCalls() throws {
    let settings = AnalysisSettings()
    var files = [
      "Sources/App.swift": """
      import Swinject
      final class Audio {}
      final class Video {}
      func registerAudio(_ c: Container) { c.register(Audio.self) { _ in Audio() } }
      func registerVideo(_ c: Container) { c.register(Video.self) { _ in Video() } }
      let container = Container()
      func main() {
        registerAudio(container)
        _ = container.resolve(Video.self)!
      }

      """
    ]
    let builder = Self.builder(files, settings)
    var found = [builder.graph().diagnostics.map(\.message)]
    let setUp = """
      import Swinject
      func setUp(_ c: Container) { registerVideo(c) }
      func start() { setUp(container) }

      """
    _ = Self.change(builder, &files, "Sources/SetUp.swift", to: setUp, settings, "set up")
    found.append(builder.graph().diagnostics.map(\.message))
    let uncalled = setUp.replacing("func start() { setUp(container) }\n", with: "")
    _ = Self.change(builder, &files, "Sources/SetUp.swift", to: uncalled, settings, "uncalled")
    found.append(builder.graph().diagnostics.map(\.message))
    let missing = "missing dependency: nothing registers 'Video'"
    #expect(found == [[missing], [], [missing]])
  }

  /// A property wrapper resolving when its owner is made closes a cycle through every
  /// registration constructing the owner, in whichever file each is: a wrapper closing none
  /// looks for nothing; one gained in one file makes the cycle with a registration of
  /// another, a registration constructing another type breaks it, and both are found from
  /// the edges those files added alone. Each step's
  /// cycles equal those of a search of every site (``ContainerStage/cyclesOfEverySite()``).
  @Test func aPropertyWrapperClosesACycleThroughTheRegistrationsOfAnotherFile() throws {
    let settings = AnalysisSettings()
    let types = "Sources/Types.swift"
    let registrations = "Sources/Registrations.swift"
    let plain = """
      import Resolver
      protocol Feed {}
      final class Session { @Injected var feed: Feed }
      final class LiveFeed: Feed {}
      final class OtherFeed: Feed {}
      final class Logger {}

      """
    var files = [
      types: plain,
      registrations: """
      import Resolver
      extension Resolver {
        static func registerSessions() {
          register { Session() }
          register { LiveFeed() as Feed }
          register { Logger() }
        }
      }

      """,
    ]
    let builder = Self.builder(files, settings)
    _ = builder.graph()
    func cycles() -> [String] {
      #expect(builder.containerStage.cyclesOfEverySite() == builder.containerStage.cycles)
      return builder.graph().diagnostics.filter { $0.code == .dependencyCycle }.map(\.message)
    }
    var searched = [builder.lastContainerCycleSearch]
    var found = [cycles()]
    let logged = plain.replacing(
      "@Injected var feed: Feed", with: "@Injected var feed: Feed; @Injected var logger: Logger")
    _ = Self.change(builder, &files, types, to: logged, settings, "logged")
    searched.append(builder.lastContainerCycleSearch)
    found.append(cycles())
    let wrapped = logged.replacing(
      "final class LiveFeed: Feed {}", with: "final class LiveFeed: Feed { @Injected var session: Session }")
    _ = Self.change(builder, &files, types, to: wrapped, settings, "wrapped")
    searched.append(builder.lastContainerCycleSearch)
    found.append(cycles())
    let other = files[registrations]!.replacing("LiveFeed() as Feed", with: "OtherFeed() as Feed")
    _ = Self.change(builder, &files, registrations, to: other, settings, "other")
    searched.append(builder.lastContainerCycleSearch)
    found.append(cycles())
    _ = Self.change(builder, &files, types, to: logged, settings, "unwrapped")
    searched.append(builder.lastContainerCycleSearch)
    found.append(cycles())
    #expect(found == [[], [], ["dependency cycle: Feed -> Session -> Feed"], [], []])
    #expect(searched == [true, false, true, true, false])
  }

  /// A workspace with more build configurations than one edge's mask holds (70 flags: 71
  /// configurations, in two banks of 64) keeps its cycles on the graph too: a need that
  /// closes a cycle under the last flag (configuration 70, in the second bank) is found from
  /// the edge it adds, an edit elsewhere then looks again only because the cycle stands, the
  /// fix clears it, and an edit elsewhere after that looks for nothing; each step equals a
  /// search of every site and a graph from scratch.
  @Test func aCycleUnderTheSeventiethFlagIsFoundFromItsEdge() throws {
    let settings = AnalysisSettings()
    let flags = (0..<70).map { "F\($0)" }
    let services = flags.map { "final class S\($0.dropFirst()) {}" }.joined(separator: "\n")
    let registrations = flags.map { flag in
      "    #if \(flag)\n    container.register(S\(flag.dropFirst()).self) { _ in S\(flag.dropFirst())() }\n    #endif"
    }.joined(separator: "\n")
    let path = "Sources/Flags.swift"
    func assembly(_ needs: String) -> String {
      """
      import Swinject
      protocol Feed {}
      protocol Store {}
      final class FeedImpl: Feed { init(store: Store) {} }
      final class StoreImpl: Store { init() {} }
      \(services)
      final class FlagsAssembly: Assembly {
        func assemble(container: Container) {
      \(registrations)
          #if F69
          container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }
          container.register(Store.self) { \(needs) }
          #endif
        }
      }
      func main() { _ = FlagsAssembly() }

      """
    }
    var files = [path: assembly("_ in StoreImpl()")]
    let builder = Self.builder(files, settings)
    func cycles() -> [String] {
      #expect(builder.containerStage.cyclesOfEverySite() == builder.containerStage.cycles)
      return builder.graph().diagnostics.filter { $0.code == .dependencyCycle }.map(\.message)
    }
    _ = builder.graph()
    #expect(builder.containerStage.configurations.count == 71)
    var searched = [builder.lastContainerCycleSearch]
    var found = [cycles()]
    for (label, text) in [
      ("cycle", assembly("r in _ = r.resolve(Feed.self); return StoreImpl()")), ("fixed", assembly("_ in StoreImpl()")),
    ] {
      _ = Self.change(builder, &files, path, to: text, settings, "\(label)")
      searched.append(builder.lastContainerCycleSearch)
      found.append(cycles())
      if label == "cycle" {
        _ = Self.change(builder, &files, "Sources/Other.swift", to: "struct Other {}\n", settings, "other")
        searched.append(builder.lastContainerCycleSearch)
        found.append(cycles())
      }
    }
    _ = Self.change(builder, &files, "Sources/Other.swift", to: "struct Other { let a = 1 }\n", settings, "again")
    searched.append(builder.lastContainerCycleSearch)
    let cycle = "in configuration 'F69': dependency cycle: Feed -> Store -> Feed"
    #expect(found == [[], [cycle], [cycle], []])
    #expect(searched == [true, true, true, true, false])
  }

  /// The random files with a registration edited in place at each step
  /// (``ContainerWorkspaces/registrationEdited(in:_:)``), the registrations needing
  /// nothing beside them: each graph equals the one built from scratch.
  @Test(arguments: [91, 92, 93, 94])
  func registrationsEditedInPlaceGiveTheGraphBuiltFromScratch(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try ContainerWorkspaces.settings(seed % 2 == 0 ? ".*" : "T.*")
    var files = ContainerWorkspaces.randomWorkspace(&random).merging(ContainerWorkspaces.leaves) { a, _ in a }
    let builder = Self.builder(files, settings)
    _ = builder.graph()
    var partial = 0
    for step in 0..<50 {
      let path = "Sources/Container\(random.below(3)).swift"
      let text = ContainerWorkspaces.registrationEdited(in: files[path]!, &random)
      let types = Self.change(builder, &files, path, to: text, settings, "step \(step)")
      if types < Self.builder(files, settings).checkedTypesFromScratch() { partial += 1 }
    }
    #expect(partial >= 30, "\(partial) of 50 edits checked fewer types than a check from scratch")
  }

  @Test func aBuilderDrawingTheTreeDrawsItAfterAGraphThatChecksNothing() throws {
    let builder = GraphBuilder(settings: AnalysisSettings())
    builder.set(
      ContainerWorkspaces.files.map {
        SummaryCollector.summarize(path: $0.key, source: $0.value, settings: Self.collection)
      })
    _ = builder.graph()
    let before = builder.graph()
    #expect(builder.lastContainerCheckTypes == 0)
    #expect(before.container.graph.nodes.count == 3)
  }

  /// Random files with container code and without, edited one at a time
  /// (``ContainerWorkspaces/randomEdit(of:container:step:_:)``), removed, and added
  /// again with container code: each graph equals the one built from scratch, diagnostics,
  /// container report, names looked up and the editor's index included, and many builds
  /// keep the check.
  @Test(arguments: [51, 52, 53, 54])
  func randomEditsGiveTheGraphBuiltFromScratch(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try ContainerWorkspaces.settings(seed % 2 == 0 ? ".*" : "T.*")
    var files = ContainerWorkspaces.randomWorkspace(&random)
    let builder = Self.builder(files, settings)
    _ = builder.graph()
    var partial = 0
    for step in 0..<60 {
      let container = random.below(2) == 0
      let path = container ? "Sources/Container\(random.below(3)).swift" : "Sources/F\(random.below(4)).swift"
      // A file removed, or one removed before added again; else an edit of it.
      let text: String? =
        random.below(8) == 0 || files[path] == nil
        ? (files[path] == nil ? RandomContainerFile.make(shape: random.next(), &random) : nil)
        : ContainerWorkspaces.randomEdit(of: files[path]!, container: container, step: step, &random)
      let types = Self.change(builder, &files, path, to: text, settings, "step \(step)")
      if types < Self.builder(files, settings).checkedTypesFromScratch() { partial += 1 }
    }
    #expect(partial >= 20, "\(partial) of 60 edits checked fewer types than a check from scratch")
  }
}

extension GraphBuilder {
  /// How many types the first graph's container check checks, in all configurations.
  fileprivate func checkedTypesFromScratch() -> Int {
    _ = graph()
    return lastContainerCheckTypes
  }
}
