import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// Workspaces with container code the container stage's tests edit: a Swinject assembly
/// with a conditional registration (``assembly``), and random files in every container
/// dialect (``randomWorkspace(_:)``) with the edits the incremental harness makes.
enum ContainerWorkspaces {
  static let collection = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver])

  /// Settings with `filter` as the implicit filter.
  static func settings(_ filter: String) throws -> AnalysisSettings {
    AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [filter]))
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

/// An assembly whose `Feed` needs `Store` and `Logger`, resolved from another file; nothing
/// registers `Logger`, a protocol: one error.
enum FeedAssembly {
  static let path = "Sources/AppAssembly.swift"

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
  ].merging(ContainerWorkspaces.launch) { a, _ in a }

  /// The assembly with `lines` at the top of `assemble(container:)`.
  static func inserting(_ lines: String, into text: String = assembly) -> String {
    text.replacing("func assemble(container: Container) {\n", with: "func assemble(container: Container) {\n" + lines)
  }

  /// `Feed`'s registration, which `Screen.swift` resolves.
  static let feed =
    "container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, logger: r.resolve(Logger.self)!) }"
}
