import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis
@testable import DpendHost

/// The incremental graph (``GraphBuilder`` behind ``AnalysisHost``) must equal the graph built
/// from scratch after every step of random edit sequences over every dialect dpend reads
/// (``DialectWorkspace``): Swinject, Dip, Resolver, Factory, Stitcher, Belum, a locator the
/// settings name, and the app's own helpers, wrapper and global container, inferred from their
/// bodies. Each step makes one edit (``DialectEdit``), now and then several at once, and hands
/// the files they changed to the host as closed files' new texts (several in one update) or
/// as an open document's edits.
struct DialectEditSequenceTests {
  static let steps = 150

  @Test(arguments: [2, 3, 4, 6] as [UInt64])
  func dialectEditSequencesMatchFromScratchBuilds(seed: UInt64) throws {
    var workspace = DialectWorkspace(seed: seed)
    let session = try Session(seed: seed)
    session.load(workspace.paths.map { (path: $0, text: workspace.text(of: $0)) })
    var scratch = ScratchReader(collection: session.collection)
    var tally = Tally()
    for step in 0...Self.steps {
      var edits: [DialectEdit] = []
      if step > 0 {
        var changed: [String] = []
        var cut: Set<String> = []
        // Now and then several edits reach the host at once (a checkout, a search and replace).
        for _ in 0..<(session.random.below(8) == 0 ? 2 + session.random.below(2) : 1) {
          let (edit, paths) = workspace.edit()
          edits.append(edit)
          changed += paths.filter { !changed.contains($0) }
          if edit == .halfType { cut.formUnion(paths) } else { cut.subtract(paths) }
        }
        let texts = changed.map { path in
          (
            path: path,
            text: workspace.files[path].map { _ in session.cut(workspace.text(of: path), cut.contains(path)) }
          )
        }
        session.deliver(texts, together: edits.count > 1)
        if edits.contains(.changeSettings) { try session.changeSettings() }
      }
      // Now and then the next run is another process, which starts from the persisted state.
      if step > 0, session.random.below(8) == 0 {
        try session.restart()
        tally.restarts += 1
      }
      let incremental = session.host.graph()
      scratch.collection = session.collection
      let (summaries, vocabulary) = scratch.summaries(session.texts)
      let fromScratch = DependencyGraph(summaries: summaries, settings: session.settings)
      let made = edits.map(\.rawValue).joined(separator: ", ")
      #expect(session.host.vocabulary == vocabulary, "step \(step) (\(made)): the vocabulary inferred")
      try expectEqual(incremental, fromScratch, step: step, edits: made)
      Self.expectCyclesOfASearchOfEverySite(session.host.builder.containerStage, step: step)
      tally.count(fromScratch, vocabulary: vocabulary, edits: edits)
    }
    tally.expectCoverage(seed: seed)
  }

  /// The cycles the container stage keeps on its graph of numbered keys equal those the
  /// search of every site finds (``ContainerStage/cyclesOfEverySite()``), in any order: the
  /// graph's are sorted.
  private static func expectCyclesOfASearchOfEverySite(_ stage: ContainerStage, step: Int) {
    #expect(stage.cyclesOfEverySite().map(Set.init) == stage.cycles.map(Set.init), "step \(step): the cycles")
  }

  /// The host of one sequence, the files it was given and how they reach it.
  private final class Session {
    private(set) var host: AnalysisHost
    var settings: AnalysisSettings
    /// What the collector reads: the locator `.dpend.json` names, the inferred vocabulary aside.
    var collection: CollectionSettings
    /// The files' texts, as the editor has them.
    private(set) var texts: [String: String] = [:]
    /// The files on disk: what the host reads again when the inferred vocabulary changes.
    private let disk = Locked([String: String]())
    private var open: Set<String> = []
    /// How each change reaches the host, apart from the edits.
    var random: SplitMix64
    /// `true` while `Impl0`…`Impl2` are implicit factories too (dpend's own dialect).
    private var implicit: Bool

    init(seed: UInt64) throws {
      random = SplitMix64(seed: seed &+ 0xD1A1)
      implicit = seed % 2 == 1
      settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: implicit ? ["Impl[0-2]"] : []))
      collection = CollectionSettings(
        registerFunctions: DialectWorkspace.registerFunctions, resolveFunctions: DialectWorkspace.resolveFunctions,
        injectWrappers: DialectWorkspace.injectWrappers)
      host = AnalysisHost(settings: settings)
      host.collection = collection
      let disk = disk
      host.reader = { path in disk.withLock { $0[path] } }
    }

    /// Goes on in a host made from this one's persisted state (``HostRestart``).
    /// Every other time, from the state a first run over the disk's files streamed.
    func restart() throws {
      restarts += 1
      if restarts % 2 == 0 {
        let disk = disk
        host = try HostRestart.restartedFromFirstRun(
          texts: disk.withLock { $0 }, settings: settings, collection: collection,
          reader: { path in disk.withLock { $0[path] } })
      } else {
        host = try HostRestart.restarted(host, settings: settings, openPaths: open.sorted())
      }
      open = []
    }
    private var restarts = 0

    func load(_ files: [(path: String, text: String)]) {
      for (path, text) in files { write(path, text) }
      host.update(files)
    }

    /// `text`, cut anywhere when `cut` (as while it is typed).
    func cut(_ text: String, _ cut: Bool) -> String {
      guard cut else { return text }
      return String(decoding: text.utf8.prefix(random.below(text.utf8.count + 1)), as: UTF8.self)
    }

    /// Hands the host the new texts (`nil`: removed); `together`: the closed files' texts in one
    /// update and the removed files in one removal, as a checkout changes them.
    func deliver(_ files: [(path: String, text: String?)], together: Bool) {
      var updated: [(path: String, text: String)] = []
      var removed: [String] = []
      for (path, text) in files {
        write(path, text)
        guard let text else {
          host.close(path: path)
          open.remove(path)
          removed.append(path)
          continue
        }
        guard open.contains(path) || random.below(4) == 0 else {
          updated.append((path, text))
          continue
        }
        if !open.contains(path) {
          host.open(path: path, text: host.openText(of: path) ?? disk.withLock { $0[path] } ?? "")
          open.insert(path)
        }
        let old = host.openText(of: path)!
        host.change(path: path, to: text, edits: DialectEditSequenceTests.replacements(from: old, to: text, &random))
        if random.below(6) == 0 {
          host.close(path: path)
          open.remove(path)
        }
      }
      // Written before: a file the host reads again because of another is read as it is now.
      if together {
        if !updated.isEmpty { host.update(updated) }
        if !removed.isEmpty { host.remove(removed) }
      } else {
        for file in updated { host.update([file]) }
        for path in removed { host.remove([path]) }
      }
      // Now and then an open document is closed, its summary kept.
      if let path = open.sorted().first, random.below(10) == 0 {
        host.close(path: path)
        open.remove(path)
      }
    }

    /// Changes the implicit filter, or what the collector reads (the locator's wrapper named or
    /// not): every closed file is then read again, as a workspace does when `.dpend.json` changes.
    func changeSettings() throws {
      if random.below(2) == 0 {
        implicit.toggle()
        settings.implicitFilter = try ImplicitFilter(patterns: implicit ? ["Impl[0-2]"] : [])
        host.settings = settings
        return
      }
      collection.injectWrappers = collection.injectWrappers.isEmpty ? DialectWorkspace.injectWrappers : []
      var given = collection
      given.vocabulary = host.vocabulary
      host.collection = given
      host.update(texts.map { (path: $0.key, text: $0.value) })
    }

    private func write(_ path: String, _ text: String?) {
      texts[path] = text
      disk.withLock { $0[path] = text }
    }
  }

  /// The edits an editor sends for `old` becoming `new`: the changed middle replaced, or
  /// deleted then inserted.
  static func replacements(from old: String, to new: String, _ random: inout SplitMix64) -> [TextReplacement] {
    let old = Array(old.utf8)
    let new = Array(new.utf8)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let inserted = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    let removed = old.count - prefix - suffix
    if random.below(3) == 0, removed > 0, !inserted.isEmpty {
      return [
        TextReplacement(offset: prefix, length: removed, replacement: ""),
        TextReplacement(offset: prefix, length: 0, replacement: inserted),
      ]
    }
    return [TextReplacement(offset: prefix, length: removed, replacement: inserted)]
  }

  /// Compares field by field; a failure names the step and the differing entries only.
  private func expectEqual(_ incremental: DependencyGraph, _ scratch: DependencyGraph, step: Int, edits: String) throws
  {
    func difference<T: Hashable>(_ name: String, _ left: [T], _ right: [T]) -> String? {
      guard left != right else { return nil }
      let onlyLeft = left.filter { !right.contains($0) }
      let onlyRight = right.filter { !left.contains($0) }
      return "step \(step) (\(edits.isEmpty ? "initial" : edits)), \(name): incremental only \(onlyLeft), "
        + "from scratch only \(onlyRight)"
    }
    func lines(_ resolved: [DependencyKey: Factory]) -> [String] { resolved.values.map(\.summaryLine).sorted() }
    let differences = [
      difference("diagnostics", incremental.diagnostics.map(\.message), scratch.diagnostics.map(\.message)),
      difference("diagnostics", incremental.diagnostics, scratch.diagnostics),
      difference("resolved", lines(incremental.resolved), lines(scratch.resolved)),
      difference(
        "candidates", incremental.candidates.sorted { $0.key < $1.key }.map(\.value),
        scratch.candidates.sorted { $0.key < $1.key }.map(\.value)),
      difference("unprovided", incremental.unprovidedKeys, scratch.unprovidedKeys),
      difference("factories", incremental.localFactories, scratch.localFactories),
      difference("configurations", incremental.configurations, scratch.configurations),
      incremental.cycleComponents == scratch.cycleComponents ? nil : "step \(step), cycle components",
      difference("container unread", incremental.container.unread, scratch.container.unread),
      difference("container helpers", incremental.container.helpers, scratch.container.helpers),
      difference(
        "container counts",
        [
          incremental.container.registrationsRead, incremental.container.registrationsUnread,
          incremental.container.resolvesChecked, incremental.container.resolvesUnread,
        ],
        [
          scratch.container.registrationsRead, scratch.container.registrationsUnread,
          scratch.container.resolvesChecked, scratch.container.resolvesUnread,
        ]),
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

  private struct Stop: Error {}
}

/// Summaries made from scratch the way a fresh host makes them: every file read with the
/// settings, the vocabulary inferred from what they declare, and the files read again with it.
/// Each text is parsed once, and read once for each vocabulary.
private struct ScratchReader {
  /// The settings the files are read with; changing them reads every file again.
  var collection: CollectionSettings {
    didSet {
      guard collection != oldValue else { return }
      plain = [:]
      read = [:]
    }
  }
  private var documents: [String: ParsedDocument] = [:]
  private var plain: [String: FileSummary] = [:]
  private var read: [String: (vocabulary: ContainerVocabulary, summary: FileSummary)] = [:]

  init(collection: CollectionSettings) { self.collection = collection }

  mutating func summaries(_ texts: [String: String]) -> (summaries: [FileSummary], vocabulary: ContainerVocabulary) {
    let paths = texts.keys.sorted()
    let first = paths.map { path in
      if let document = documents[path], document.text == texts[path]! {
        if let summary = plain[path] { return summary }
        document.collection = collection
        plain[path] = document.summary
        return document.summary
      }
      let document = ParsedDocument(path: path, text: texts[path]!, collection: collection)
      documents[path] = document
      plain[path] = document.summary
      read[path] = nil
      return document.summary
    }
    for path in documents.keys where texts[path] == nil { documents[path] = nil }
    // The vocabulary the files declare, inferred again from the files read with it until it
    // stays (a container value in a file that writes a container alias), as often as the host.
    var summaries = first
    var vocabulary = ContainerVocabulary()
    for _ in 0..<4 {
      let inferred = ContainerVocabulary(inferringFrom: summaries.map(\.vocabulary).filter { !$0.isEmpty })
      guard inferred != vocabulary else { break }
      vocabulary = inferred
      summaries = reading(paths, texts, with: vocabulary)
    }
    return (summaries, vocabulary)
  }

  /// Each file as the collector reads it with `vocabulary`.
  private mutating func reading(_ paths: [String], _ texts: [String: String], with vocabulary: ContainerVocabulary)
    -> [FileSummary]
  {
    var settings = collection
    settings.vocabulary = vocabulary
    let words =
      vocabulary.helpers.map(\.name) + vocabulary.containerValues.keys + vocabulary.slots.map(\.callee)
      + vocabulary.containerAliases.keys
    return paths.map { path in
      // The collector reads a file that names no word of the vocabulary as it reads it without.
      if !words.contains(where: { TextSearch.contains(texts[path]!, $0) }) { return plain[path]! }
      if let kept = read[path], kept.vocabulary == vocabulary { return kept.summary }
      documents[path]!.collection = settings
      read[path] = (vocabulary, documents[path]!.summary)
      return documents[path]!.summary
    }
  }
}

/// What the steps of one sequence exercised: the edits made, and how the findings changed, by
/// the kind of file they are in (a container's are in container files, dpend's own dialect's
/// in services) and by code.
private struct Tally {
  /// The steps that made each edit.
  var edits: [DialectEdit: Int] = [:]
  /// The steps whose edit changed some container finding or unread note (by message,
  /// position aside).
  var effective: [DialectEdit: Int] = [:]
  /// The steps changing the findings in files of each kind.
  var changed: [DialectKind: Int] = [:]
  /// The steps changing the unread notes in files of each kind.
  var unread: [DialectKind: Int] = [:]
  /// The steps where a container finding of a code appeared, or went away.
  var appeared: [String: Int] = [:]
  var cleared: [String: Int] = [:]
  /// The steps changing a container finding that holds in some build configurations only.
  var conditional = 0
  var vocabularyChanges = 0
  var stepsWithCycles = 0
  /// The steps that went on in a host made from the persisted state.
  var restarts = 0

  private var last: [DialectKind: [String]] = [:]
  private var lastUnread: [DialectKind: [String]] = [:]
  private var lastVocabulary = ContainerVocabulary()

  /// The codes whose findings must come and go.
  static let codes: [DiagnosticCode] = [
    .missingDependency, .dependencyCycle, .duplicateRegistration, .registeredAsConcreteType,
    .unregisteredOptionalResolve, .argumentCountMismatch,
  ]

  mutating func count(_ graph: DependencyGraph, vocabulary: ContainerVocabulary, edits: [DialectEdit]) {
    func byKind(_ diagnostics: [Diagnostic]) -> [DialectKind: [String]] {
      Dictionary(grouping: diagnostics) { DialectKind(path: $0.range.file) ?? .services }
        .mapValues { $0.map { "\($0.code.rawValue) \($0.message)" }.sorted() }
    }
    func container(_ findings: [DialectKind: [String]]) -> [String] {
      findings.filter { $0.key != .services }.values.flatMap { $0 }.sorted()
    }
    let now = byKind(graph.diagnostics)
    let unreadNow = byKind(graph.container.unread)
    let (before, after) = (container(last), container(now))
    defer {
      last = now
      lastUnread = unreadNow
      lastVocabulary = vocabulary
    }
    if after.contains(where: { $0.hasPrefix(DiagnosticCode.dependencyCycle.rawValue) }) { stepsWithCycles += 1 }
    guard !edits.isEmpty else { return }
    for edit in edits {
      self.edits[edit, default: 0] += 1
      if before != after || container(unreadNow) != container(lastUnread) { effective[edit, default: 0] += 1 }
    }
    for kind in DialectKind.allCases {
      if (now[kind] ?? []) != (last[kind] ?? []) { changed[kind, default: 0] += 1 }
      if (unreadNow[kind] ?? []) != (lastUnread[kind] ?? []) { unread[kind, default: 0] += 1 }
    }
    for code in Self.codes {
      let old = before.filter { $0.hasPrefix(code.rawValue + " ") }
      let new = after.filter { $0.hasPrefix(code.rawValue + " ") }
      if new.contains(where: { !old.contains($0) }) { appeared[code.rawValue, default: 0] += 1 }
      if old.contains(where: { !new.contains($0) }) { cleared[code.rawValue, default: 0] += 1 }
    }
    let scoped = { (findings: [String]) in findings.filter { $0.contains(" in configuration") } }
    if scoped(before) != scoped(after) { conditional += 1 }
    if vocabulary != lastVocabulary { vocabularyChanges += 1 }
  }

  /// What the sequence exercised, in one line.
  var report: String {
    func list<Key>(_ counts: [Key: Int], _ name: (Key) -> String) -> String {
      counts.map { "\(name($0.key)) \($0.value)" }.sorted().joined(separator: ", ")
    }
    let made = edits.map { "\($0.key.rawValue) \($0.value)/\(effective[$0.key] ?? 0)" }.sorted()
    return "edits made/effective: \(made.joined(separator: ", ")); findings changed: \(list(changed, \.rawValue)); "
      + "unread changed: \(list(unread, \.rawValue)); appeared: \(list(appeared) { $0 }); "
      + "cleared: \(list(cleared) { $0 }); conditional \(conditional), vocabulary \(vocabularyChanges), "
      + "steps with a cycle \(stepsWithCycles)"
  }

  /// Fails when the sequence stopped exercising some dialect, edit or finding.
  func expectCoverage(seed: UInt64) {
    let report = "seed \(seed): \(report)"
    for edit in DialectEdit.allCases {
      #expect(edits[edit, default: 0] >= 3, "\(edit.rawValue) made \(edits[edit, default: 0]) times; \(report)")
    }
    #expect(restarts >= 10, "\(restarts) restarts; \(report)")
    // The edits meant to change a finding do.
    for edit in [DialectEdit.makeCycle, .breakCycle, .removeNeeded, .restoreNeeded, .duplicate] {
      #expect(
        effective[edit, default: 0] >= 1, "\(edit.rawValue) changed findings \(effective[edit, default: 0]) times")
    }
    for kind in DialectKind.containers {
      #expect(changed[kind, default: 0] >= 3, "\(kind.rawValue) findings changed \(changed[kind, default: 0]) times")
    }
    for code in Self.codes {
      let (came, went) = (appeared[code.rawValue, default: 0], cleared[code.rawValue, default: 0])
      // The rarer two, from runtime arguments and concrete registrations: at least changed.
      if [.argumentCountMismatch, .registeredAsConcreteType].contains(code) {
        #expect(came + went >= 1, "\(code.rawValue) appeared \(came) and went \(went) times; \(report)")
      } else {
        #expect(came >= 1 && went >= 1, "\(code.rawValue) appeared \(came) and went \(went) times; \(report)")
      }
    }
    #expect(conditional >= 5, "\(conditional) steps changing findings of some configurations")
    #expect(vocabularyChanges >= 3, "\(vocabularyChanges) steps changing the inferred vocabulary")
    #expect(stepsWithCycles >= 5, "\(stepsWithCycles) steps with a cycle")
  }
}

extension DialectEditSequenceTests {
  /// Two files declaring the same helper differently (`DI.resolve` forcing its result in one,
  /// optional in a copy of it) share its name, owner, role and labels: the inferred
  /// vocabulary orders them by the rest of what they say, so every graph, incremental or from
  /// scratch, in any run, reads a call of the helper through the same one.
  @Test func twoDeclarationsOfOneHelperAreReadTheSameWayEveryTime() throws {
    let before = [
      "Helpers.swift": """
      import Swinject

      let container = Container()

      enum DI {
        static func resolve<S>(_ t: S.Type) -> S { container.resolve(t)! }
      }

      """,
      "Screen.swift": "protocol Store {}\n\nfinal class Screen {\n  let store = DI.resolve(Store.self)\n}\n",
    ]
    // The edit: the helpers copied, the copy's `resolve` optional.
    let copy = (
      path: "Helpers+Copy.swift",
      text: """
      import Swinject

      enum DI {
        static func resolve<S>(_ t: S.Type) -> S? { container.resolve(t) }
      }

      """
    )
    let after = before.merging([copy.path: copy.text]) { $1 }
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: []))
    do {
      var answers: Set<[String]> = []
      // A set of the helpers kept after each round, so that the next round's sets are made
      // elsewhere in memory.
      var kept: [Set<ContainerVocabulary.Helper>] = []
      for _ in 0..<20 {
        let host = AnalysisHost(settings: settings)
        host.reader = { after[$0] }
        host.update(before.map { ($0.key, $0.value) })
        _ = host.graph()
        host.update([copy])
        let incremental = host.graph().diagnostics.map(\.message)
        let scratch = try analyze(after).diagnostics.map(\.message)
        #expect(incremental == scratch)
        answers.formUnion([incremental, scratch])
        kept.append(Set(host.vocabulary.helpers))
      }
      #expect(answers.count == 1, "\(answers)")
    }
  }
}
