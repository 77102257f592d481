import DpendCollect
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// The incremental graph (``GraphBuilder`` behind ``AnalysisHost``) must equal the graph
/// built from scratch after every step of random edit sequences: files added, rewritten,
/// half-typed and removed, names and conformances changing, cycles made and broken.
struct IncrementalGraphTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6])
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
    let host = AnalysisHost(settings: settings)
    var texts: [String: String] = [:]
    var shapes: [String: UInt64] = [:]
    var stepsWithCycles = 0
    func newText(_ path: String, keepShape: Bool) -> String {
      if !keepShape || shapes[path] == nil { shapes[path] = random.next() }
      let text = RandomSwiftFile.make(shape: shapes[path]!, &random)
      return mode == .library ? RandomSwiftFile.publicly(text) : text
    }
    for step in 0..<250 {
      let path = "Sources/F\(random.below(8)).swift"
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
      let incremental = host.graph()
      let scratch = DependencyGraph(
        summaries: texts.map { SummaryCollector.summarize(path: $0.key, source: $0.value) }, settings: settings)
      try expectEqual(incremental, scratch, step: step)
      if scratch.diagnostics.contains(where: { $0.code == .dependencyCycle }) { stepsWithCycles += 1 }
    }
    // The sequences must exercise the cycle check's incremental path.
    #expect(stepsWithCycles >= 5, "\(stepsWithCycles) steps with a cycle")
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
