import DpendAnalysis
import DpendGenerate
import DpendModel
import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// The registrations `dpend generate` keeps never change what it writes: after a change
/// that only adds or removes providers nothing needs, the code written from the kept
/// registrations with those providers applied is the code of a graph built from scratch.
@Suite struct KeptRegistrationsTests {
  static let collection = CollectionSettings(dialects: [.thesis])

  static let base = [
    ".dpend.json": #"{"implicitFilters": [".*Impl"]}"#,
    "Sources/Config.swift": """
    import DpendRuntime

    enum Remote: DependencyTag {}
    protocol Clock {}
    final class SystemClock: Clock {}
    protocol Store {}
    final class RemoteStore: Store { init(clock: Clock) {} }

    final class AppConfiguration: DependencyConfiguration {
      func clock() -> DependencyRegistration<Clock> {
        DependencyRegistration(scope: .singleton) { SystemClock() }
      }

      func store(clock: Clock) -> DependencyRegistration<Store> {
        DependencyRegistration(tag: Remote.self, scope: .shared) { RemoteStore(clock: clock) }
      }
    }

    """,
    "Sources/Feed.swift":
      "final class FeedImpl { init(clock: Clock, store: Tagged<Store, Remote>, cache: Cache?) {} }\n",
  ]

  /// What one simulated `dpend generate` run did.
  struct Generated {
    /// The code written, or kept; `nil` when the graph had errors.
    var text: String?
    /// `true` when the code came from the kept registrations with providers applied.
    var spliced = false
  }

  /// One `dpend generate` for `kind` over the caches in `cache`, as `Generate` decides:
  /// the kept answer when it has errors or the code `written` is still its code, the kept
  /// registrations with the providers applied when only providers nothing needs changed,
  /// else the graph's code, with its registrations kept.
  static func generate(
    _ workspace: TemporaryWorkspace, kind: ContainerKind, cache: URL, written: inout String?
  ) throws -> Generated {
    var settings = try WorkspaceSettings.load(root: workspace.root.path)
    settings.collection = collection
    let summaries = SummaryCache(directory: cache, collection: collection, build: "test")
    let answers = AnswerCache(directory: cache)
    let tables = KeptRegistrations(directory: cache, collection: collection, build: "test")
    let table = tables.load(kind: kind.rawValue)
    let lookup = KeptAnswer.look(settings: settings, summaries: summaries, answers: answers, providers: table != nil)
    if let answer = lookup.answer {
      if answer.hasErrors
        || (!lookup.providersChanged && answer.outputs[kind.rawValue] == written.map(TextFingerprint.init))
      {
        try summaries.save()
        if let record = lookup.movedRecord { try answers.save(record) }
        return Generated(text: answer.hasErrors ? nil : written)
      }
      if let registrations = table?.registrations(after: lookup, kind: kind.rawValue) {
        let text = GeneratedOutput.text(for: registrations, container: kind)
        try summaries.save()
        var record = try #require(lookup.movedRecord)
        record.answer.outputs[kind.rawValue] = TextFingerprint(text)
        try answers.save(record)
        try tables.save(registrations, output: TextFingerprint(text), kind: kind.rawValue)
        written = text
        return Generated(text: text, spliced: true)
      }
    }
    let loaded = try Workspace(settings: settings, store: summaries, knownTexts: lookup.texts)
    let graph = loaded.analyze()
    var answer = AnalysisAnswer(graph: graph)
    try summaries.save()
    var text: String?
    if !answer.hasErrors {
      let registrations = Registrations(graph: graph)
      let generated = GeneratedOutput.text(for: registrations, container: kind)
      answer.outputs[kind.rawValue] = TextFingerprint(generated)
      try tables.save(registrations, output: TextFingerprint(generated), kind: kind.rawValue)
      written = generated
      text = generated
    }
    if let inputs = KeptAnswer.inputs(of: loaded, summaries: summaries) {
      try answers.save(inputs.record(of: answer, watched: graph.watchedNames, keys: graph.keyFacts))
    }
    return Generated(text: text)
  }

  /// Random edits that add providers (with dependencies provided, tagged, optional or
  /// missing, throwing, conforming to a new protocol), remove them, make one needed, add a
  /// configuration, or only move declarations: at every step and for every container, the
  /// code written equals the code of a graph built from scratch, and some steps write it
  /// from the kept registrations.
  @Test(arguments: [1, 2, 3, 4])
  func theCodeFromKeptRegistrationsIsTheCodeOfAFreshGraph(seed: UInt64) throws {
    let workspace = try TemporaryWorkspace(Self.base)
    defer { workspace.remove() }
    var random = SplitMix64(seed: seed)
    // Each file's declarations: the key each provides (its name) and its text.
    var declarations: [[(name: String, text: String)]] = [[], [], []]
    var added: [String] = []
    var written: [ContainerKind: String?] = [:]
    var spliced: [ContainerKind: Int] = [:]
    for step in 0..<48 {
      let file = random.below(3)
      switch random.below(9) {
      case 0, 1, 2:
        // Rarely a dependency nothing provides: the graph has an error until it goes.
        if random.below(12) == 0 {
          declarations[file].append(("G\(step)Impl", "final class G\(step)Impl { init(gone: Gone) {} }"))
          break
        }
        var needs = ["clock: Clock", "store: Tagged<Store, Remote>", "cache: Cache?", "feed: FeedImpl"]
        needs += added.map { "other\($0): \($0)" }
        let parameters = (0..<random.below(3)).map { _ in needs[random.below(needs.count)] }
        let labels = Set(parameters.map { $0.prefix { $0 != ":" } })
        let conformance = random.below(3) == 0
        var text = conformance ? "protocol Q\(step) {}\n" : ""
        text += "final class P\(step)Impl\(conformance ? ": Q\(step)" : "") {"
        text += " init(\(labels.count == parameters.count ? parameters.joined(separator: ", ") : ""))"
        text += random.below(4) == 0 ? " throws {} }" : " {} }"
        // A class conforming to a protocol provides the protocol.
        let key = conformance ? "Q\(step)" : "P\(step)Impl"
        declarations[file].append((key, text))
        added.append(key)
      case 3 where !declarations[file].isEmpty, 8 where !declarations[file].isEmpty:
        // A declaration whose class no other one names: the graph stays valid, if it was.
        // The one with an error first.
        let index =
          declarations[file].firstIndex { $0.name.hasPrefix("G") } ?? random.below(declarations[file].count)
        let name = declarations[file][index].name
        guard !declarations.joined().contains(where: { $0.text.contains(": \(name)") }) else { break }
        declarations[file].remove(at: index)
        added.removeAll { $0 == name }
      case 4 where !added.isEmpty:
        declarations[file].append(
          ("U\(step)Impl", "final class U\(step)Impl { init(p: \(added[random.below(added.count)])) {} }"))
      case 5:
        declarations[file].append(
          (
            "Thing\(step)",
            """
            final class Thing\(step) {}
            final class Extra\(step): DependencyConfiguration {
              func thing() -> DependencyRegistration<Thing\(step)> {
                DependencyRegistration(scope: .eagerSingleton) { Thing\(step)() }
              }
            }
            """
          ))
      default:
        declarations[file].insert(("", "// moved \(step)"), at: 0)
      }
      try workspace.write(
        "Sources/A\(file).swift", "import DpendRuntime\n" + declarations[file].map(\.text).joined(separator: "\n"))
      var settings = try WorkspaceSettings.load(root: workspace.root.path)
      settings.collection = Self.collection
      let graph = try Workspace(settings: settings).analyze()
      let valid = !graph.diagnostics.contains { $0.severity == .error }
      for kind in ContainerKind.allCases {
        var text = written[kind] ?? nil
        let run = try Self.generate(
          workspace, kind: kind, cache: workspace.url(".build/\(kind.rawValue)"), written: &text)
        written[kind] = text
        #expect(run.text == (valid ? GeneratedOutput.text(for: graph, container: kind) : nil), "step \(step) \(kind)")
        if run.spliced { spliced[kind, default: 0] += 1 }
      }
    }
    for kind in ContainerKind.allCases {
      #expect(spliced[kind, default: 0] >= 8, "\(kind): \(spliced[kind, default: 0]) runs from kept registrations")
    }
  }

  /// The registrations of the example app (configuration methods, tags, scopes, an
  /// optional dependency), kept and read back: the same factories but for their positions,
  /// and the same code for every container.
  @Test func keptRegistrationsReadBackWithoutPositions() throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example"))
    defer { workspace.remove() }
    // The example's deliberate mistake mended: code is generated from a valid graph only.
    try workspace.write(
      "Sources/App/Analytics.swift", "final class AnalyticsImpl: Analytics { func track(_ event: String) {} }\n")
    let settings = try WorkspaceSettings.load(root: workspace.root.path)
    let graph = try Workspace(settings: settings).analyze()
    #expect(graph.diagnostics.isEmpty)
    let registrations = Registrations(graph: graph)
    #expect(registrations.factories.count == 11)
    let tables = KeptRegistrations(directory: workspace.url(".build/dpend"), collection: settings.collection)
    for kind in ContainerKind.allCases {
      let text = GeneratedOutput.text(for: graph, container: kind)
      try tables.save(registrations, output: TextFingerprint(text), kind: kind.rawValue)
      let table = try #require(tables.load(kind: kind.rawValue))
      #expect(table.output == TextFingerprint(text))
      let factories = try #require(table.factories())
      let nowhere = SourceRange(
        file: "", start: SourcePosition(line: 0, column: 0, offset: 0),
        end: SourcePosition(line: 0, column: 0, offset: 0))
      #expect(
        factories
          == registrations.factories.map {
            $0.replacingRanges(Array(repeating: nowhere, count: $0.parameters.count + 1))!
          })
      let read = try #require(Registrations(sorted: factories))
      #expect(GeneratedOutput.text(for: read, container: kind) == text)
    }
    // The last kind's table is the only one kept.
    #expect(tables.load(kind: ContainerKind.dip.rawValue) == nil)
  }

  /// A table kept for another container, by another build, or damaged is not read.
  @Test(arguments: ["other kind", "other build", "truncated", "flipped", "empty"])
  func aTableThatDoesNotCheckOutIsNotRead(damage: String) throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example"))
    defer { workspace.remove() }
    let settings = try WorkspaceSettings.load(root: workspace.root.path)
    let registrations = Registrations(graph: try Workspace(settings: settings).analyze())
    let directory = workspace.url(".build/dpend")
    let tables = KeptRegistrations(directory: directory, collection: settings.collection, build: "one")
    try tables.save(registrations, output: TextFingerprint("code"), kind: "dip")
    #expect(tables.load(kind: "dip")?.factories()?.count == 10)
    // A table whose file was replaced after its header was read is not read either.
    let read = try #require(tables.load(kind: "dip"))
    try tables.save(registrations, output: TextFingerprint("other code"), kind: "dip")
    #expect(read.factories() == nil)
    try tables.save(registrations, output: TextFingerprint("code"), kind: "dip")
    #expect(read.factories()?.count == 10)
    var bytes = [UInt8](try Data(contentsOf: tables.url))
    switch damage {
    case "other kind":
      #expect(tables.load(kind: "static") == nil)
      return
    case "other build":
      let other = KeptRegistrations(directory: directory, collection: settings.collection, build: "two")
      #expect(other.load(kind: "dip") == nil)
      return
    case "truncated": bytes.removeLast(bytes.count / 2)
    case "flipped": bytes[bytes.count / 2] ^= 0x20
    default: bytes = []
    }
    try Data(bytes).write(to: tables.url)
    #expect(tables.load(kind: "dip")?.factories() == nil)
  }

  /// Registrations read back must be one per key, in key order; providers are applied only
  /// where they fit: a removed key registered, an added one not, one factory per key.
  @Test func registrationsTakeOnlySortedKeysAndFittingProviders() throws {
    func factory(_ name: String, needs: [String] = []) -> Factory {
      let range = SourceRange.startOfFile("A.swift")
      return Factory(
        key: DependencyKey(name: name),
        kind: .initializer(
          type: name + "Impl",
          parameters: needs.map { FactoryParameter(label: "_", dependency: DependencyKey(name: $0), range: range) }),
        range: range)
    }
    #expect(Registrations(sorted: [factory("B"), factory("A")]) == nil)
    #expect(Registrations(sorted: [factory("A"), factory("A")]) == nil)
    let kept = try #require(Registrations(sorted: [factory("B"), factory("D", needs: ["B"]), factory("F")]))
    #expect(kept.factory(for: DependencyKey(name: "D"))?.dependencies == [DependencyKey(name: "B")])
    #expect(kept.factory(for: DependencyKey(name: "C")) == nil)
    #expect(kept.factory(for: DependencyKey(name: "B", tag: "Remote")) == nil)
    let replaced = try #require(
      kept.replacing(removed: [DependencyKey(name: "D")], added: [factory("G"), factory("A"), factory("C")]))
    #expect(replaced.keys.map(\.name) == ["A", "B", "C", "F", "G"])
    #expect(kept.replacing(removed: [DependencyKey(name: "C")], added: []) == nil)
    #expect(kept.replacing(removed: [], added: [factory("B")]) == nil)
    #expect(kept.replacing(removed: [], added: [factory("C"), factory("C")]) == nil)
  }
}
