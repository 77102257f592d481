import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A file whose container code gains or loses a registration nothing resolves, or a resolve
/// something registered answers, keeps the answer with its counts changed and its ranges
/// moved (``UnchangedGraph/ContainerChange``); a registration or resolve that may change
/// what the container check finds does not.
struct ContainerChangeTests {
  typealias Support = UnchangedGraphTests

  static let path = "Sources/AppAssembly.swift"

  /// `Feed` needs `Store` and `Logger`; nothing registers `Logger`, a protocol: one error.
  static let assembly = """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
        container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, logger: r.resolve(Logger.self)!) }
      }
    }

    """

  static let files = [
    "Sources/Types.swift": """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    protocol Logger {}
    final class StoreImpl: Store {}
    final class ClockImpl: Clock {
      init() {}
      init(store: Store) {}
    }
    final class LoggerImpl: Logger {}
    final class FeedImpl: Feed { init(store: Store, logger: Logger) {} }

    """,
    "Sources/Screen.swift": "import Swinject\n\nfunc show(_ r: Resolver) { _ = r.resolve(Feed.self)! }\n",
    path: assembly,
  ].merging(UnchangedContainerTests.launch) { a, _ in a }

  /// The assembly with `lines` at the top of `assemble(container:)`.
  static func inserting(_ lines: String, into text: String = assembly) -> String {
    text.replacing("func assemble(container: Container) {\n", with: "func assemble(container: Container) {\n" + lines)
  }

  @Test func aRegistrationNothingResolvesKeepsTheAnswerWithItsCountsAndRangesMoved() throws {
    let settings = try Support.settings("Nothing")
    let before = UnchangedContainerTests.answer(Support.graph(Self.files, settings))
    #expect(
      before.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Logger', needed by 'Feed'"])
    #expect(before.diagnostics.map(\.range.start.line) == [6])
    #expect(before.registrationsRead == 2 && before.resolvesChecked == 3)

    // A named registration of a key nothing resolves: one more read, the error a line down.
    let named = try #require(
      UnchangedContainerTests.kept(
        Self.files, Self.path,
        to: Self.inserting("    container.register(Clock.self, name: \"debug\") { _ in ClockImpl() }\n"), settings))
    #expect(named.registrationsRead == 3 && named.resolvesChecked == 3)
    #expect(named.diagnostics.map(\.range.start.line) == [7])
    #expect(named.diagnostics.flatMap(\.notes).map(\.range.start.line) == [7])
    // With a need something registers: one more resolve checked too.
    let needing = try #require(
      UnchangedContainerTests.kept(
        Self.files, Self.path,
        to: Self.inserting(
          "    container.register(Clock.self, name: \"debug\") { r in ClockImpl(store: r.resolve(Store.self)!) }\n"),
        settings))
    #expect(needing.registrationsRead == 3 && needing.resolvesChecked == 4)
    // A resolve something registers, outside registrations.
    let resolving = try #require(
      UnchangedContainerTests.kept(
        Self.files, "Sources/Screen.swift",
        to: Self.files["Sources/Screen.swift"]! + "func store(_ r: Resolver) { _ = r.resolve(Store.self)! }\n",
        settings))
    #expect(resolving.registrationsRead == 2 && resolving.resolvesChecked == 4)
    #expect(resolving.diagnostics == before.diagnostics)
  }

  /// A need typed by the initializer it is passed to (`ClockImpl(store: r.resolve()!)`): the
  /// initializer is looked up as the check looks it up, and recorded among its lookups, so
  /// that a later change of `ClockImpl` makes the answer "maybe".
  @Test func aNeedTypedByAnInitializerIsLookedUpAsTheCheckDoes() throws {
    let settings = try Support.settings("Nothing")
    let text = Self.inserting(
      "    container.register(Clock.self, name: \"debug\") { r in ClockImpl(store: r.resolve()!) }\n")
    let kept = try #require(UnchangedContainerTests.kept(Self.files, Self.path, to: text, settings))
    #expect(kept.registrationsRead == 3 && kept.resolvesChecked == 4)
    let outcome = try #require(Support.check(Self.files, Self.path, to: text, settings))
    #expect(outcome.watched.containerLookedUp(StableHash.of("ClockImpl"[...])))
    // Labels no initializer of `ClockImpl` takes: the resolve cannot be typed.
    let unread = Self.inserting(
      "    container.register(Clock.self, name: \"debug\") { r in ClockImpl(cache: r.resolve()!) }\n")
    #expect(Support.check(Self.files, Self.path, to: unread, settings) == nil)
  }

  @Test func aRegistrationNothingResolvesRemovedKeepsTheAnswer() throws {
    let settings = try Support.settings("Nothing")
    var files = Self.files
    files[Self.path] = Self.inserting(
      "    container.register(Clock.self, name: \"debug\") { r in ClockImpl(store: r.resolve(Store.self)!) }\n")
    let removed = try #require(UnchangedContainerTests.kept(files, Self.path, to: Self.assembly, settings))
    #expect(removed.registrationsRead == 2 && removed.resolvesChecked == 3)
    #expect(removed.diagnostics.map(\.range.start.line) == [6])
  }

  @Test func whatMayChangeTheContainerCheckMakesItMaybe() throws {
    let settings = try Support.settings("Nothing")
    for lines in [
      // A key something resolves (`Store`, by `Feed`'s factory), a first registration of a
      // needed key (`Logger`), or one added twice (a duplicate).
      "    container.register(Store.self, name: nil) { _ in StoreImpl() }\n",
      "    container.register(Logger.self) { _ in LoggerImpl() }\n",
      "    container.register(Clock.self, name: \"a\") { _ in ClockImpl() }\n"
        + "    container.register(Clock.self, name: \"a\") { _ in ClockImpl() }\n",
      // Unnamed, while `Logger`, unnamed, is a protocol nothing registers: the check looks
      // for a type conforming to it among the unnamed registrations.
      "    container.register(Clock.self) { _ in ClockImpl() }\n",
      // A need nothing registers, or under a name nothing registers.
      "    container.register(Clock.self, name: \"a\") { r in ClockImpl(logger: r.resolve(Logger.self)!) }\n",
      "    container.register(Clock.self, name: \"a\") { r in ClockImpl(store: r.resolve(Store.self, name: \"x\")!) }\n",
      // Under `#if`, auto-wired, or with a name the collector cannot read.
      "    #if DEBUG\n    container.register(Clock.self, name: \"a\") { _ in ClockImpl() }\n    #endif\n",
      "    container.autoregister(Clock.self, name: \"a\", initializer: ClockImpl.init)\n",
      "    container.register(Clock.self, name: kind) { _ in ClockImpl() }\n",
    ] {
      let text = Self.inserting(lines)
      #expect(Support.check(Self.files, Self.path, to: text, settings) == nil, "\(lines)")
    }
    // A resolve cast to another type, or of a key nothing registers, outside registrations.
    for line in [
      "func store(_ r: Resolver) { _ = r.resolve(Store.self) as? StoreImpl }\n",
      "func clock(_ r: Resolver) { _ = r.resolve(Clock.self)! }\n",
    ] {
      let text = Self.files["Sources/Screen.swift"]! + line
      #expect(Support.check(Self.files, "Sources/Screen.swift", to: text, settings) == nil, "\(line)")
    }
    // Without the keys of the container code, only code that moved keeps the answer.
    #expect(
      Support.check(
        Self.files, Self.path,
        to: Self.inserting("    container.register(Clock.self, name: \"a\") { _ in ClockImpl() }\n"),
        settings, keys: false) == nil)
  }

  /// Resolver's `.implements(Reader.self, name:)` is a second registration at the first
  /// one's ranges, its needs included: removing it changes the error of their shared need
  /// (one consumer fewer) at a range that stays, so the answer cannot be kept (found in
  /// review).
  @Test func whatGoesAtTheRangesOfWhatStaysMakesItMaybe() throws {
    let settings = try Support.settings("Nothing")
    let services = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Feed(store: resolve(Store.self)) as FeedProtocol }
            .implements(Reader.self, name: "reader")
        }
      }

      """
    let files = [
      "Sources/Types.swift":
        "protocol FeedProtocol {}\nprotocol Reader {}\nstruct Store {}\nfinal class Feed: FeedProtocol, Reader {}\n",
      "Sources/Services.swift": services,
    ]
    let without = services.replacing("\n      .implements(Reader.self, name: \"reader\")", with: "")
    #expect(without != services)
    let before = Support.graph(files, settings).diagnostics.map(\.message)
    var after = files
    after["Sources/Services.swift"] = without
    #expect(before == ["missing dependency: nothing registers 'Store', needed by 'FeedProtocol' and 'Reader'"])
    #expect(
      Support.graph(after, settings).diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Store', needed by 'FeedProtocol'"
      ])
    #expect(Support.check(files, "Sources/Services.swift", to: without, settings) == nil)
    // And back: the copy comes at the ranges of the registration that stays.
    #expect(Support.check(after, "Sources/Services.swift", to: services, settings) == nil)
  }

  /// A registration removed whose need is in an error: the check's outcome has no place for
  /// the error's range, so no answer is made from it.
  @Test func aRemovedNeedInAnErrorMakesNoAnswer() throws {
    let settings = try Support.settings("Nothing")
    var files = Self.files
    files[Self.path] = Self.inserting(
      "    container.register(Clock.self, name: \"a\") { r in ClockImpl(logger: r.resolve(Logger.self)!) }\n")
    let before = UnchangedContainerTests.answer(Support.graph(files, settings))
    #expect(before.diagnostics.flatMap(\.notes).map(\.range.start.line) == [5, 7])
    let outcome = try #require(Support.check(files, Self.path, to: Self.assembly, settings))
    #expect(outcome.registrationsRead == -1 && outcome.resolvesChecked == -1)
    #expect(outcome.answer(after: before) == nil)
  }

  @Test func theFactsCountWhatTheCheckRead() throws {
    let settings = try Support.settings("Nothing")
    let facts = try #require(Support.graph(Self.files, settings).keyFacts.container)
    #expect(facts.isResolved(type: "Store", name: nil) && facts.isResolved(type: "Feed", name: nil))
    #expect(facts.isResolved(type: "Logger", name: nil) && !facts.isResolved(type: "Clock", name: nil))
    #expect(facts.resolved.counts.reduce(0, +) == 3)
    // Two registrations, each by its key with and without its runtime-argument count.
    #expect(facts.registered.hashes.count == 4)
    let store = Dialect.allCases.filter { dialect in
      facts.registered.count(
        of: ContainerKeyFacts.registeredHash(type: "Store", name: nil, dialect: dialect, argumentCount: 0)) == 1
    }
    #expect(store.count == 1)
    #expect(facts.identities.hashes.count == 2 && facts.identities.counts == [1, 1])
    // `Logger`, unnamed, is a protocol nothing registers.
    #expect(facts.isScanned(nil) && !facts.isScanned("\"debug\""))
  }

  @Test func theLongestCommonSubsequenceMatchesWhatStayed() {
    func bytes(_ text: String) -> [[UInt8]] { text.map { [UInt8($0.asciiValue!)] } }
    let matching = UnchangedGraph.ContainerChange.matching
    #expect(matching(bytes("abc"), bytes("abc"))!.map { [$0.0, $0.1] } == [[0, 0], [1, 1], [2, 2]])
    #expect(matching(bytes("abc"), bytes("axbc"))!.map { [$0.0, $0.1] } == [[0, 0], [1, 2], [2, 3]])
    #expect(matching(bytes("abxc"), bytes("ac"))!.map { [$0.0, $0.1] } == [[0, 0], [3, 1]])
    #expect(matching(bytes("aab"), bytes("ab"))!.map { [$0.0, $0.1] } == [[0, 0], [2, 1]])
    #expect(matching(bytes("xaby"), bytes("zabw"))!.map { [$0.0, $0.1] } == [[1, 1], [2, 2]])
    #expect(matching([], bytes("ab"))!.isEmpty)
    let long = (0..<300).map { [UInt8($0 % 200), UInt8($0 / 200)] }
    #expect(matching(long, long.reversed()) == nil)
  }
}
