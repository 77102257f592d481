import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A file with container code whose registrations and resolves are the same but for their
/// positions keeps the answer, the container check's ranges moved with them; any other
/// change of its container code, or of a declaration the container check read, does not.
struct UnchangedContainerTests {
  typealias Support = UnchangedGraphTests

  /// The answer a graph gives (diagnostics, unread facts and container counts).
  static func answer(_ graph: DependencyGraph) -> AnalysisAnswer {
    var answer = AnalysisAnswer(diagnostics: graph.diagnostics, unread: graph.container.unread)
    answer.registrationsRead = graph.container.registrationsRead
    answer.registrationsUnread = graph.container.registrationsUnread
    answer.resolvesChecked = graph.container.resolvesChecked
    answer.resolvesUnread = graph.container.resolvesUnread
    answer.configurations = graph.container.configurations
    return answer
  }

  /// The answer after `path` went from its text in `files` to `text`, made from the answer
  /// before by the check's outcome; `nil` when the check says "maybe". When it is not `nil`
  /// it is the answer of the graph built from scratch after the change.
  static func kept(
    _ files: [String: String], _ path: String, to text: String, _ settings: AnalysisSettings,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> AnalysisAnswer? {
    guard let outcome = Support.check(files, path, to: text, settings) else { return nil }
    var after = files
    after[path] = text
    let graph = Support.graph(after, settings)
    let answer = outcome.answer(after: Self.answer(Support.graph(files, settings)))
    #expect(answer == Self.answer(graph), sourceLocation: sourceLocation)
    // The names the file analyses looked up, exactly; the container check's may be more than
    // a fresh one's (a registration removed was looked up for): watched in vain, a name only
    // makes a later run build the graph.
    #expect(outcome.watched.hashes == graph.watchedNames.hashes, sourceLocation: sourceLocation)
    #expect(outcome.watched.counts == graph.watchedNames.counts, sourceLocation: sourceLocation)
    #expect(
      Set(graph.watchedNames.containerLookups).isSubset(of: outcome.watched.containerLookups),
      sourceLocation: sourceLocation)
    return answer
  }

  static let assembly = """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
        container.register(Feed.self) { r in FeedImpl(store: r.resolve()!, clock: r.resolve()!) }
        #if DEBUG
        container.register(Clock.self) { _ in ClockImpl() }
        #endif
      }
    }

    """

  static let files = [
    "Sources/Types.swift": """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    final class StoreImpl: Store {}
    final class ClockImpl: Clock {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }

    """,
    "Sources/AppAssembly.swift": assembly,
  ].merging(launch) { a, _ in a }

  /// What the app applies and calls at launch: every assembly and registration function the
  /// harness writes, so that each is reached (SPEC 8.6) and none only counted as reached.
  static let launch = [
    "Sources/Launch.swift": """
    import Resolver
    import Swinject

    let assemblies: [Assembly] = [AppAssembly(), Assembly0(), Assembly1(), Assembly2(), LeafAssembly()]

    func launch() {
      Resolver.register0()
      Resolver.register1()
      Resolver.register2()
      Resolver.registerLeaves()
    }

    """
  ]

  @Test func containerCodeThatOnlyMovedKeepsTheAnswerWithItsRangesMoved() throws {
    let settings = try Support.settings("Nothing")
    let path = "Sources/AppAssembly.swift"
    let before = Self.answer(Support.graph(Self.files, settings))
    // `Clock` is registered under `DEBUG` only: one error, at the resolve in line 6.
    #expect(
      before.diagnostics.map(\.message) == [
        "in configuration with no condition set: missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
    #expect(before.diagnostics.map(\.range.start.line) == [6])
    #expect(before.registrationsRead == 3 && before.resolvesChecked == 2 && before.configurations == [[], ["DEBUG"]])

    // A helper class and a method appended: the same answer.
    let appended = Self.assembly + "final class Helper {\n  func help() {}\n}\n"
    #expect(Self.kept(Self.files, path, to: appended, settings) == before)
    // Two lines inserted above, and a method added to the assembly: the error moves to line 8.
    let inserted = try #require(
      Self.kept(
        Self.files, path,
        to: "// Registrations.\n\n"
          + Self.assembly.replacing("  func assemble", with: "  func name() -> String { \"app\" }\n  func assemble"),
        settings))
    #expect(inserted.diagnostics.map(\.range.start.line) == [9])
    #expect(inserted.diagnostics.flatMap(\.notes).map(\.range.start.line) == [9])
    // A helper under `#if` in the file with container code: it makes no factory.
    #expect(
      Self.kept(Self.files, path, to: Self.assembly + "#if DEBUG\nfinal class DebugMenu {}\n#endif\n", settings)
        == before)
  }

  @Test func otherContainerCodeOrADeclarationItReadMakesItMaybe() throws {
    let settings = try Support.settings("Nothing")
    let path = "Sources/AppAssembly.swift"
    // A registration added, removed, given a name or another type, or out of its `#if`.
    for text in [
      Self.assembly.replacing("#if DEBUG\n", with: "").replacing("#endif\n", with: ""),
      Self.assembly.replacing("Store.self) { _ in", with: "Store.self, name: \"disk\") { _ in"),
      Self.assembly.replacing("register(Store.self)", with: "register(Clock.self)"),
      Self.assembly.replacing(
        "    #endif\n", with: "    #endif\n    container.register(Clock.self) { _ in ClockImpl() }\n"),
      Self.assembly.replacing("    container.register(Store.self) { _ in StoreImpl() }\n", with: ""),
    ] {
      #expect(text != Self.assembly)
      #expect(Support.check(Self.files, path, to: text, settings) == nil, "\(text)")
    }
    // A declaration the container check read (`FeedImpl`'s initializer types the resolves),
    // in the file with container code or another.
    #expect(
      Support.check(
        Self.files, path, to: Self.assembly + "extension FeedImpl { convenience init() { fatalError() } }\n",
        settings) == nil)
    #expect(
      Support.check(
        Self.files, "Sources/Types.swift",
        to: Self.files["Sources/Types.swift"]!.replacing("clock: Clock", with: "clock: Clock?"), settings) == nil)
    // A class the filter selects under `#if`: its factory holds in some configurations only.
    let selecting = try Support.settings(".*Menu")
    #expect(
      Support.check(
        Self.files, path, to: Self.assembly + "#if DEBUG\nfinal class DebugMenu {}\n#endif\n", selecting) == nil)
    #expect(Self.kept(Self.files, path, to: Self.assembly + "final class DebugMenu {}\n", selecting) != nil)
  }

  /// Random files with container code (the incremental-graph harness's), each step an edit
  /// of one of them that keeps its container code or not: whenever the check says
  /// "unchanged", the graph built from scratch gives the answer made from the kept one, the
  /// names looked up and the keys provided and needed.
  @Test(arguments: [41, 42, 43, 44])
  func containerFilesEditedGiveTheGraphsAnswer(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try Support.settings(seed % 2 == 0 ? ".*" : "T.*")
    var texts = Self.randomWorkspace(&random)
    var kept = 0
    var moved = 0
    var maybe = 0
    var withErrors = 0
    var counted = 0
    for step in 0..<60 {
      let path = "Sources/Container\(random.below(3)).swift"
      var after = texts
      after[path] = Self.randomEdit(of: after[path]!, container: true, step: step, &random)
      let before = Support.graph(texts, settings)
      let graph = Support.graph(after, settings)
      if let outcome = Support.check(texts, path, to: after[path]!, settings) {
        kept += 1
        if outcome.moves[path]!.contains(where: { $0.key != $0.value }) { moved += 1 }
        if !graph.diagnostics.isEmpty { withErrors += 1 }
        if outcome.registrationsRead != 0 || outcome.resolvesChecked != 0 { counted += 1 }
        if !Self.expectKept(outcome, before, graph, "step \(step)") { maybe += 1 }
      } else {
        maybe += 1
      }
      texts = after
    }
    #expect(kept >= 10, "\(kept) kept")
    #expect(moved >= 5, "\(moved) kept with positions moved")
    #expect(maybe >= 5, "\(maybe) maybe")
    #expect(withErrors >= 5, "\(withErrors) kept with diagnostics")
    #expect(counted >= 1, "\(counted) kept with registrations or resolves added or removed")
    print(
      "unchanged container code, seed \(seed): \(kept) kept (\(moved) moved, \(counted) with container code added or removed), \(maybe) maybe"
    )
  }

  /// The same random files, each step a registration added or removed, or a resolve added
  /// (``registrationAddedOrRemoved(in:_:)``): whenever the check says "unchanged", the graph
  /// built from scratch gives the answer made from the kept one (counts included), the
  /// names looked up and the keys, the container's among them.
  @Test(arguments: [61, 66, 69, 71])
  func registrationsAddedAndRemovedGiveTheGraphsAnswer(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try Support.settings(seed % 2 == 0 ? ".*" : "T.*")
    var texts = Self.randomWorkspace(&random)
    var counted = 0
    var removed = 0
    var typed = 0
    var maybe = 0
    for step in 0..<40 {
      let path = "Sources/Container\(random.below(3)).swift"
      var after = texts
      after[path] =
        random.below(4) == 0
        ? after[path]! + "func useQ\(step)(_ r: Resolver) { _ = r.resolve(P\(random.below(6)).self)! }\n"
        : Self.registrationAddedOrRemoved(in: after[path]!, &random)
      let before = Support.graph(texts, settings)
      let graph = Support.graph(after, settings)
      if let outcome = Support.check(texts, path, to: after[path]!, settings) {
        guard Self.expectKept(outcome, before, graph, "step \(step)") else {
          maybe += 1
          texts = after
          continue
        }
        if outcome.registrationsRead != 0 || outcome.resolvesChecked != 0 { counted += 1 }
        if outcome.registrationsRead < 0 { removed += 1 }
        // A need typed by `T1`'s initializer added.
        func typedNeeds(_ text: String) -> Int {
          text.components(separatedBy: "(p0: r.resolve()!)").count
            + text.components(separatedBy: "(p0: try c.resolve())").count
        }
        if typedNeeds(after[path]!) > typedNeeds(texts[path]!) { typed += 1 }
      } else {
        maybe += 1
      }
      texts = after
    }
    #expect(counted >= 8, "\(counted) kept with registrations or resolves added or removed")
    #expect(removed >= 1, "\(removed) kept with a registration removed")
    #expect(maybe >= 5, "\(maybe) maybe")
    print(
      "container code added or removed, seed \(seed): \(counted) kept (\(removed) removing, \(typed) typed by an initializer), \(maybe) maybe"
    )
  }

  /// The same random files, each step a registration edited in place
  /// (``registrationEdited(in:_:)``: a need gained, lost or changed, a scope changed), or one
  /// time in four a registration added or removed: whenever the check says "unchanged", the
  /// graph built from scratch gives the answer made from the kept one, counts, names looked
  /// up and keys included.
  @Test(arguments: [104, 111, 114, 156])
  func registrationsEditedInPlaceGiveTheGraphsAnswer(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try Support.settings(seed % 2 == 0 ? ".*" : "T.*")
    var texts = Self.randomWorkspace(&random).merging(Self.leaves) { first, _ in first }
    var edited = 0
    var needs = 0
    var maybe = 0
    for step in 0..<50 {
      let path = "Sources/Container\(random.below(3)).swift"
      var after = texts
      let inPlace = random.below(4) != 0
      after[path] =
        inPlace
        ? Self.registrationEdited(in: after[path]!, &random)
        : Self.registrationAddedOrRemoved(in: after[path]!, &random)
      let before = Support.graph(texts, settings)
      let graph = Support.graph(after, settings)
      if let outcome = Support.check(texts, path, to: after[path]!, settings),
        Self.expectKept(outcome, before, graph, "step \(step)")
      {
        if inPlace && texts[path] != after[path] { edited += 1 }
        if inPlace && outcome.resolvesChecked != 0 { needs += 1 }
      } else {
        maybe += 1
      }
      texts = after
    }
    #expect(edited >= 8, "\(edited) kept with a registration edited in place")
    #expect(needs >= 2, "\(needs) kept with a need gained or lost")
    #expect(maybe >= 5, "\(maybe) maybe")
    print("registrations edited in place, seed \(seed): \(edited) kept (\(needs) with needs changed), \(maybe) maybe")
  }

  /// A registration of `L0` needing nothing in each dialect of the random files: a key no
  /// edge of the cycle check leaves, so that a need of it gained closes no cycle.
  static let leaves = [
    "Sources/LeafSwinject.swift":
      "import Swinject\n\nfinal class LeafAssembly: Assembly {\n  func assemble(container: Container) {\n    container.register(L0.self) { _ in T0() }\n  }\n}\n",
    "Sources/LeafDip.swift": "import Dip\n\nlet leaves = DependencyContainer { c in\n  c.register { T0() as L0 }\n}\n",
    "Sources/LeafResolver.swift":
      "import Resolver\n\nextension Resolver {\n  static func registerLeaves() {\n    register { T0() as L0 }\n  }\n}\n",
  ]

  /// `text` with one of its registrations edited in place at random: a need gained (of a
  /// `P` key or `L0`, put first), the need gained last removed, the first written `P` key of a need
  /// changed, or its scope changed (Swinject's `.inObjectScope`, Dip's scope argument,
  /// Resolver's `.scope`).
  static func registrationEdited(in text: String, _ random: inout SplitMix64) -> String {
    var lines = text.components(separatedBy: "\n")
    let candidates = lines.indices.filter {
      lines[$0].contains("register") && !lines[$0].contains("func ") && !lines[$0].contains("Resolver {")
    }
    guard !candidates.isEmpty else { return text }
    let index = candidates[random.below(candidates.count)]
    var line = lines[index]
    func resolve(_ key: String) -> String {
      text.contains("import Swinject")
        ? "r.resolve(\(key).self)!" : text.contains("import Dip") ? "try c.resolve() as \(key)" : "resolve(\(key).self)"
    }
    let key = random.below(3) == 0 ? "L0" : "P\(random.below(6))"
    switch random.below(5) {
    case 0, 1:
      // A need gained: the first initializer call given a labelled argument first.
      guard let call = line.firstMatch(of: /T[0-9]\(/) else { return text }
      let rest = line[call.range.upperBound...].hasPrefix(")") ? "" : ", "
      line.replaceSubrange(call.range, with: line[call.range] + "q: \(resolve(key))" + rest)
    case 2:
      // The need gained last removed, else the first written key of a need changed.
      let gained = (["L0"] + (0..<6).map { "P\($0)" }).flatMap { ["q: \(resolve($0)), ", "q: \(resolve($0))"] }
      if let need = gained.first(where: line.contains) {
        line = line.replacing(need, with: "", maxReplacements: 1)
      } else if let written = line.firstMatch(of: /resolve\(P[0-9]/) {
        line.replaceSubrange(written.range, with: "resolve(\(key)")
      }
    case 3:
      // A scope changed.
      let scopes = [".singleton", ".shared", ".unique", ".eagerSingleton"]
      if line.contains(".inObjectScope(.container)") {
        line = line.replacing(".inObjectScope(.container)", with: "")
      } else if line.contains("container.register") {
        line += ".inObjectScope(.container)"
      } else if let scope = scopes.first(where: { line.contains("register(\($0)") }) {
        line = line.replacing("register(\(scope)", with: "register(\(scopes[random.below(scopes.count)])")
      } else if line.contains(".scope(.application)") {
        line = line.replacing(".scope(.application)", with: ".scope(.graph)")
      } else if line.contains("register") && !line.contains(".scope(") {
        line += ".scope(.application)"
      }
    default:
      // The first written key of a need changed.
      guard let written = line.firstMatch(of: /resolve\(P[0-9]/) else { return text }
      line.replaceSubrange(written.range, with: "resolve(\(key)")
    }
    lines[index] = line
    return lines.joined(separator: "\n")
  }

  /// Whether `outcome` (of a change from the graph `before` to `graph`, built from scratch)
  /// makes an answer: one whose range has no place after the change (a diagnostic at code
  /// the change removed) makes none, and the answer is not kept. When it makes one, it is
  /// `graph`'s, and so are the names looked up and the keys. The container check's lookups
  /// may be more than `graph`'s: a registration or resolve removed may have been looked up
  /// for, and a name watched in vain only makes a later check say "maybe".
  static func expectKept(
    _ outcome: UnchangedGraph.Outcome, _ before: DependencyGraph, _ graph: DependencyGraph, _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard let answer = outcome.answer(after: Self.answer(before)) else { return false }
    #expect(answer == Self.answer(graph), comment, sourceLocation: sourceLocation)
    #expect(outcome.watched.hashes == graph.watchedNames.hashes, comment, sourceLocation: sourceLocation)
    #expect(outcome.watched.counts == graph.watchedNames.counts, comment, sourceLocation: sourceLocation)
    #expect(
      Set(graph.watchedNames.containerLookups).isSubset(of: outcome.watched.containerLookups), comment,
      sourceLocation: sourceLocation)
    #expect(outcome.keys == graph.keyFacts, comment, sourceLocation: sourceLocation)
    return true
  }

  /// Four files of dpend's own dialect and three with container code (Dip, Swinject or
  /// Resolver), the incremental-graph harness's.
  static func randomWorkspace(_ random: inout SplitMix64) -> [String: String] {
    var files: [String: String] = [:]
    for index in 0..<4 { files["Sources/F\(index).swift"] = RandomSwiftFile.make(shape: random.next(), &random) }
    for index in 0..<3 {
      files["Sources/Container\(index).swift"] = RandomContainerFile.make(shape: random.next(), &random)
    }
    return files.merging(launch) { a, _ in a }
  }

  /// `text` with a registration of a key nothing else in the harness names (`Q0`…`Q8`)
  /// added at the top of its container's body (perhaps needing a `P` key, written or typed
  /// by `T1`'s initializer, perhaps named),
  /// or, one time in three, the first such registration removed.
  static func registrationAddedOrRemoved(in text: String, _ random: inout SplitMix64) -> String {
    var lines = text.components(separatedBy: "\n")
    if random.below(3) == 0, let index = lines.firstIndex(where: { $0.contains("Q") && $0.contains("register") }) {
      lines.remove(at: index)
      return lines.joined(separator: "\n")
    }
    let key = "Q\(random.below(9))"
    let need = "P\(random.below(6))"
    let name = random.below(2) == 0 ? "" : ", name: \"q\(random.below(2))\""
    if let index = lines.firstIndex(where: { $0.contains("func assemble(container: Container) {") }) {
      // Needing nothing, a named type, or the type of `T1`'s initializer's parameter.
      let factory = ["_ in T1()", "r in T1(p0: r.resolve(\(need).self)!)", "r in T1(p0: r.resolve()!)"][random.below(3)]
      lines.insert("    container.register(\(key).self\(name)) { \(factory) }", at: index + 1)
    } else if let index = lines.firstIndex(where: { $0.contains("  static func register") }) {
      // Resolver, perhaps declaring it a second key too (a second registration at its ranges).
      let factory = ["T1()", "T1(p0: resolve(\(need).self))", "T1(p0: resolve())"][random.below(3)]
      let implements = random.below(2) == 0 ? "" : ".implements(\(key)Other.self)"
      lines.insert("    register(\(key).self\(name)) { \(factory) }\(implements)", at: index + 1)
    } else if let index = lines.firstIndex(where: { $0.contains("DependencyContainer { c in") }) {
      let factory = ["T1()", "T1(p0: try c.resolve() as \(need))", "T1(p0: try c.resolve())"][random.below(3)]
      lines.insert("  c.register(tag: \"q\") { \(factory) as \(key) }", at: index + 1)
    }
    return lines.joined(separator: "\n")
  }

  /// `text` edited at random: rewritten (as a file with container code, or not), a protocol
  /// put above, a comment above and a helper class below, an extension under `#if` below, a
  /// line broken in each `{ _ in` closure, or random declarations appended.
  static func randomEdit(of text: String, container: Bool, step: Int, _ random: inout SplitMix64) -> String {
    let block = RandomSwiftFile.make(shape: random.next(), &random).replacing("import DpendRuntime\n", with: "")
    switch random.below(9) {
    case 7 where container: return Self.registrationAddedOrRemoved(in: text, &random)
    case 8 where container:
      let resolve = "func useQ\(random.below(9))(_ r: Resolver) { _ = r.resolve(P\(random.below(6)).self)! }\n"
      return text.contains("import Swinject") ? text + resolve : text
    case 0:
      return container
        ? RandomContainerFile.make(shape: random.next(), &random) : RandomSwiftFile.make(shape: random.next(), &random)
    case 1: return "protocol Unread\(random.below(3)) {}\n\n" + text
    case 2: return "// \(step)\n" + text + "final class Helper\(random.below(3)) {}\n"
    case 3: return text + "#if DEBUG\nextension Helper\(random.below(3)) {\n  func debug() {}\n}\n#endif\n"
    case 4: return text.replacing("{ _ in", with: "{ _ in\n  ")
    default: return text + block
    }
  }
}
