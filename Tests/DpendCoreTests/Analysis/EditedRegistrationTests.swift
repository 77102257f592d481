import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A registration something resolves, edited in place (a need gained or lost, its scope
/// changed), keeps the answer when the container check's findings cannot change: the needs
/// are checked as resolves added or removed, and the cycles stay as they were
/// (``UnchangedGraph/ContainerChange``).
struct EditedRegistrationTests {
  typealias Support = UnchangedGraphTests

  static let path = ContainerChangeTests.path
  static let files = ContainerChangeTests.files
  /// `Feed`'s registration, which `Screen.swift` resolves.
  static let feed =
    "container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, logger: r.resolve(Logger.self)!) }"

  static func editing(_ replacement: String, of original: String = feed, in files: [String: String] = files) -> String {
    let text = files[path]!.replacing(original, with: replacement)
    #expect(text != files[path]!)
    return text
  }

  @Test func aNeedGainedOrLostOrAScopeChangedKeepsTheAnswer() throws {
    let settings = try Support.settings("Nothing")
    let before = UnchangedContainerTests.answer(Support.graph(Self.files, settings))
    #expect(
      before.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Logger', needed by 'Feed'"])
    #expect(before.registrationsRead == 2 && before.resolvesChecked == 3)

    // A need of `Store`, whose registration needs nothing: one more resolve checked.
    let gained = try #require(
      UnchangedContainerTests.kept(
        Self.files, Self.path,
        to: Self.editing(
          "container.register(Feed.self) { r in FeedImpl(cache: r.resolve(Store.self)!, store: r.resolve(Store.self)!, logger: r.resolve(Logger.self)!) }"
        ), settings))
    #expect(gained.registrationsRead == 2 && gained.resolvesChecked == 4)
    #expect(gained.diagnostics.map(\.message) == before.diagnostics.map(\.message))
    // The error's range is the `Logger` resolve, which moved right.
    #expect(gained.diagnostics.map(\.range.start.column) == [before.diagnostics[0].range.start.column + 31])
    // `Store` no longer needed: one fewer.
    let lost = try #require(
      UnchangedContainerTests.kept(
        Self.files, Self.path,
        to: Self.editing("container.register(Feed.self) { r in FeedImpl(logger: r.resolve(Logger.self)!) }"),
        settings))
    #expect(lost.registrationsRead == 2 && lost.resolvesChecked == 2)
    #expect(lost.diagnostics.map(\.range.start.line) == [6])
    // Kept in a container's scope: the same counts.
    let scoped = try #require(
      UnchangedContainerTests.kept(
        Self.files, Self.path, to: Self.editing(Self.feed + ".inObjectScope(.container)"), settings))
    #expect(scoped == before)
  }

  /// A need of a key an edge leaves may close a cycle (`Store` → `Feed` → `Store`), and one
  /// of the registration's own key does (`Feed` → `Feed`): the graph is built.
  @Test func aNeedThatMayCloseACycleMakesItMaybe() throws {
    let settings = try Support.settings("Nothing")
    for (original, replacement) in [
      (
        "container.register(Store.self) { _ in StoreImpl() }",
        "container.register(Store.self) { r in StoreImpl(feed: r.resolve(Feed.self)!) }"
      ),
      (
        Self.feed,
        "container.register(Feed.self) { r in FeedImpl(feed: r.resolve(Feed.self)!, store: r.resolve(Store.self)!, logger: r.resolve(Logger.self)!) }"
      ),
    ] {
      let text = Self.editing(replacement, of: original)
      var after = Self.files
      after[Self.path] = text
      #expect(Support.graph(after, settings).diagnostics.contains { $0.code == .dependencyCycle })
      #expect(Support.check(Self.files, Self.path, to: text, settings) == nil, "\(replacement)")
    }
  }

  /// `A` and `B` need each other, as do `C` and `D`; `B` leads to `C` and `D` to `A`: one
  /// cycle through all four, told as `A -> B -> A`. `D` losing its need of `A`, a step of
  /// no path told, splits it in two: two errors. A need lost while the registrations have a
  /// cycle builds the graph; a scope changed keeps the answer.
  @Test func aNeedLostWhileACycleExistsMakesItMaybe() throws {
    let settings = try Support.settings("Nothing")
    let types = ["A", "B", "C", "D"].map { "protocol \($0) {}\nfinal class \($0)Impl: \($0) {}\n" }.joined()
    let assembly = """
      import Swinject

      final class Cycles: Assembly {
        func assemble(container: Container) {
          container.register(A.self) { r in AImpl(b: r.resolve(B.self)!) }
          container.register(B.self) { r in BImpl(a: r.resolve(A.self)!, c: r.resolve(C.self)!) }
          container.register(C.self) { r in CImpl(d: r.resolve(D.self)!) }
          container.register(D.self) { r in DImpl(c: r.resolve(C.self)!, a: r.resolve(A.self)!) }
        }
      }

      """
    let files = ["Sources/Types.swift": types, Self.path: assembly]
    #expect(Support.graph(files, settings).diagnostics.map(\.message) == ["dependency cycle: A -> B -> A"])
    let split = assembly.replacing(", a: r.resolve(A.self)!", with: "")
    var after = files
    after[Self.path] = split
    #expect(
      Support.graph(after, settings).diagnostics.map(\.message) == [
        "dependency cycle: A -> B -> A", "dependency cycle: C -> D -> C",
      ])
    #expect(Support.check(files, Self.path, to: split, settings) == nil)
    let scoped = assembly.replacing(
      "r.resolve(C.self)!) }\n", with: "r.resolve(C.self)!) }.inObjectScope(.container)\n", maxReplacements: 1)
    #expect(scoped != assembly)
    let kept = try #require(UnchangedContainerTests.kept(files, Self.path, to: scoped, settings))
    #expect(kept.diagnostics.map(\.message) == ["dependency cycle: A -> B -> A"])
  }

  /// A registration nothing resolves is on no cycle: a need it gains or loses keeps the
  /// answer while other registrations have a cycle, and when the need leads to a key an edge
  /// leaves (found in review: paired as edited, it had been held to the rules for
  /// registrations something resolves).
  @Test func aRegistrationNothingResolvesEditedKeepsTheAnswerWhateverTheCycles() throws {
    let settings = try Support.settings("Nothing")
    let types = ["A", "B", "Store", "Probe"].map { "protocol \($0) {}\nfinal class \($0)Impl: \($0) {}\n" }.joined()
    let assembly = """
      import Swinject

      final class Cycles: Assembly {
        func assemble(container: Container) {
          container.register(A.self) { r in AImpl(b: r.resolve(B.self)!) }
          container.register(B.self) { r in BImpl(a: r.resolve(A.self)!) }
          container.register(Store.self) { _ in StoreImpl() }
          container.register(Probe.self) { r in ProbeImpl() }
        }
      }

      """
    let files = ["Sources/Types.swift": types, Self.path: assembly]
    #expect(Support.graph(files, settings).diagnostics.map(\.message) == ["dependency cycle: A -> B -> A"])
    for need in ["store: r.resolve(Store.self)!", "a: r.resolve(A.self)!"] {
      let text = assembly.replacing("ProbeImpl()", with: "ProbeImpl(\(need))")
      let kept = try #require(UnchangedContainerTests.kept(files, Self.path, to: text, settings), "\(need)")
      #expect(kept.resolvesChecked == 3)
      var after = files
      after[Self.path] = text
      #expect(try #require(UnchangedContainerTests.kept(after, Self.path, to: assembly, settings)).resolvesChecked == 2)
    }
  }

  /// Dip names an eager singleton's missing need so in its error: a scope changed to or from
  /// `.eagerSingleton` builds the graph; between others it keeps the answer.
  @Test func anEagerSingletonsScopeIsPartOfItsError() throws {
    let settings = try Support.settings("Nothing")
    let types = "protocol Store {}\nprotocol Feed {}\nfinal class FeedImpl: Feed { init(store: Store) {} }\n"
    let container =
      "import Dip\n\nlet container = DependencyContainer { c in\n  c.register(.singleton) { FeedImpl(store: try c.resolve()) as Feed }\n}\n"
    let files = ["Sources/Types.swift": types, Self.path: container]
    #expect(
      Support.graph(files, settings).diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Store', needed by 'Feed'"
      ])
    let eager = container.replacing(".singleton", with: ".eagerSingleton")
    var after = files
    after[Self.path] = eager
    #expect(
      Support.graph(after, settings).diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Store', needed by the eager singleton 'Feed'"
      ])
    #expect(Support.check(files, Self.path, to: eager, settings) == nil)
    #expect(Support.check(after, Self.path, to: container, settings) == nil)
    let shared = try #require(
      UnchangedContainerTests.kept(files, Self.path, to: container.replacing(".singleton", with: ".shared"), settings))
    #expect(shared.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Store', needed by 'Feed'"])
    // With `Store` registered, nothing resolving `Feed`: a registration removed and one
    // added, every need registered, which keeps the answer.
    var registered = files
    registered[Self.path] = container.replacing(
      "  c.register(.singleton)", with: "  c.register(.unique) { StoreImpl() as Store }\n  c.register(.singleton)")
    registered["Sources/Types.swift"] = types + "final class StoreImpl: Store {}\n"
    #expect(Support.graph(registered, settings).diagnostics.isEmpty)
    let eagerFeed = registered[Self.path]!.replacing(".singleton", with: ".eagerSingleton")
    #expect(UnchangedContainerTests.kept(registered, Self.path, to: eagerFeed, settings) != nil)
  }

  /// The facts count one edge per need of a registration, from each of its keys.
  @Test func theFactsCountTheEdgesLeavingEachKey() throws {
    let settings = try Support.settings("Nothing")
    let facts = try #require(Support.graph(Self.files, settings).keyFacts.container)
    #expect(facts.edges(from: "Feed", name: nil) == 2)
    #expect(facts.edges(from: "Store", name: nil) == 0)
    #expect(!facts.hasCycle && facts.owners.hashes.isEmpty)
  }
}
