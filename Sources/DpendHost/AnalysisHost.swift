import Dispatch
import DpendAnalysis
import DpendCollect
import DpendModel

/// Holds the workspace's files as summaries and answers with a fresh graph.
///
/// A change goes in through ``update(_:)``, ``remove(_:)`` or, for documents open in an
/// editor, ``open(path:text:)``/``change(path:to:edits:)``/``close(path:)``. Only files
/// whose text changed are parsed again; open documents keep their syntax tree so an edit
/// re-parses incrementally, closed files keep only their summary, in its binary form
/// (``StoredSummary``). The host does no I/O: callers hand it text.
public final class AnalysisHost {
  struct Entry: Sendable {
    /// `nil` after the collection settings changed: the next read collects the file again.
    var text: TextFingerprint?
  }

  /// The settings the next graph is built with.
  public var settings: AnalysisSettings {
    get { builder.settings }
    set { builder.settings = newValue }
  }
  /// What the collector reads (dialects, an app's helpers). Changing it collects every
  /// file again: open documents at once, the others at their next ``update(paths:reading:)``.
  public var collection = CollectionSettings() {
    didSet {
      guard collection != oldValue else { return }
      // A new inferred vocabulary reads again only the files that mention it
      // (``adoptVocabulary(reading:)``); any other change, every file.
      var settings = collection
      settings.vocabulary = oldValue.vocabulary
      if settings != oldValue {
        for path in entries.keys { entries[path]?.text = nil }
      }
      // A vocabulary set from outside is checked against the files at the next update.
      if collection.vocabulary != oldValue.vocabulary { vocabularyFactsChanged = true }
      for document in documents.values {
        document.collection = collection
        store(document)
      }
    }
  }
  /// `true` when the host is asked for one graph (the command line): the graph builder
  /// drops what only updates read (see ``GraphBuilder/buildsOneGraph``).
  public var buildsOneGraph: Bool {
    get { builder.buildsOneGraph }
    set { builder.buildsOneGraph = newValue }
  }
  /// `false` for a host whose one graph is only reported (the command line's): the host
  /// keeps no summary, ``summary(of:)`` answers `nil`, and the graph keeps them only while a
  /// later stage reads them (``GraphBuilder/keepsSummaries``).
  public var keepsSummaries: Bool {
    get { builder.keepsSummaries }
    set { builder.keepsSummaries = newValue }
  }
  /// What graphs make of container code besides its diagnostics (``GraphBuilder/containerViews``).
  public var containerViews: ContainerViews {
    get { builder.containerViews }
    set { builder.containerViews = newValue }
  }
  /// `false` for a host holding only some of the workspace's files (a kept answer's changed
  /// ones): its vocabulary is the one ``collection`` gives, never inferred from them.
  public var infersVocabulary = true
  /// Reads a closed file's text again, when a change of the inferred vocabulary means the
  /// files mentioning it must be collected again; without it, they are at their next update.
  public var reader: (@Sendable (String) -> String?)?
  let builder: GraphBuilder
  var entries: [String: Entry] = [:]
  /// The vocabulary facts of each file that declares any.
  var vocabularyFacts: [String: VocabularyFacts] = [:]
  /// `true` when some file's vocabulary facts changed since the vocabulary was inferred.
  var vocabularyFactsChanged = false
  /// The container dialects each file's imports select, for the files that select any: a
  /// container value of one of them reads nothing new there.
  var importedDialects: [String: [Dialect]] = [:]
  /// The names each file's register and resolve calls are made on, for the files that make
  /// any: a container value of another name reads nothing new there.
  var receiverNames: [String: [String]] = [:]
  /// Each file's summary, while ``keepsSummaries``.
  var storedSummaries: [String: StoredSummary] = [:]
  /// The fingerprints a persisted state held of the files whose summaries it did not find
  /// (``init(settings:collection:state:summary:)``), which are read again.
  var fingerprintsOfState: [String: TextFingerprint] = [:]
  var documents: [String: ParsedDocument] = [:]
  /// How many files have been parsed since the host was made; tests use it to prove that
  /// an edit re-parses only the edited file.
  public private(set) var parseCount = 0
  /// How many summaries ``summaryStore`` answered instead of a parse.
  public private(set) var storeHits = 0
  /// Summaries kept between runs, asked before a closed file is parsed; `nil` parses every
  /// file whose text is new to this host.
  public var summaryStore: (any SummaryStore)?
  /// Told how far ``update(paths:knownTexts:reading:)`` is: `(open, total)` when it starts
  /// (open documents count as read), then `(done, total)` as each file is read, on the worker
  /// thread that read it.
  public var readProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  /// Creates an empty host.
  public convenience init(settings: AnalysisSettings = AnalysisSettings()) {
    self.init(builder: GraphBuilder(settings: settings))
  }

  /// A host around `builder`.
  init(builder: GraphBuilder) {
    self.builder = builder
  }

  /// The paths of every file the host holds, sorted.
  public var paths: [String] { entries.keys.sorted() }
  /// The same paths in no order (without sorting them).
  public var unorderedPaths: some Collection<String> { entries.keys }
  /// `true` when the last graph built every table from scratch, not by an update
  /// (``DpendAnalysis/GraphBuilder/lastGraphWasFull``).
  public var lastGraphWasFull: Bool { builder.lastGraphWasFull }
  /// How many files the host holds (``paths``' count, without sorting them).
  public var fileCount: Int { entries.count }

  /// The fingerprint of the text `path`'s summary was made from, if the host holds it and
  /// it is current (the collection settings did not change since).
  public func fingerprint(of path: String) -> TextFingerprint? { entries[path]?.text }

  /// The summary of `path`, if the host holds it (decoded now).
  public func summary(of path: String) -> FileSummary? { storedSummaries[path]?.decoded() }

  /// Sets the text of several files, parsing the changed ones in parallel on every core.
  /// Open documents are skipped: the editor's text wins over the disk's.
  public func update(_ files: [(path: String, text: String)]) {
    let texts = Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { _, last in last })
    _ = update(paths: files.map(\.path), reading: { texts[$0] })
  }

  /// Sets the text of the files at `paths`, each obtained from `read` on a worker thread,
  /// so that reading overlaps parsing; the changed ones are parsed in parallel on every
  /// core. Open documents are skipped: the editor's text wins over the disk's.
  ///
  /// A path `knownTexts` gives the fingerprint of (its text was just read by the caller)
  /// is not read again when the host or ``summaryStore`` already has the summary of that
  /// text.
  /// - Returns: the paths `read` gave no text for, in the order of `paths`; their
  ///   summaries are kept as they were.
  public func update(
    paths: [String], knownTexts: [String: TextFingerprint] = [:], reading read: @Sendable (String) -> String?
  ) -> [String] {
    struct Outcome: Sendable {
      var unreadable = false
      /// The new summary and the fingerprint of the text it was made from; `nil` when the
      /// text is the one the host holds.
      var new: (text: TextFingerprint, summary: IndexedSummary)?
      var parsed = false
    }
    let wanted = paths.filter { documents[$0] == nil }
    let known = wanted.map { entries[$0]?.text }
    let collection = collection
    let store = summaryStore
    let outcomes = Locked([Outcome](repeating: Outcome(), count: wanted.count))
    let given = wanted.map { knownTexts[$0] }
    // Open documents count as read: the editor gave their text.
    let progress = readProgress
    let done = Locked(paths.count - wanted.count)
    progress?(paths.count - wanted.count, paths.count)
    @Sendable func work(_ index: Int) {
      defer {
        if let progress {
          let count = done.withLock { count in
            count += 1
            return count
          }
          progress(count, paths.count)
        }
      }
      var outcome = Outcome()
      if let fingerprint = given[index], known[index] == fingerprint {
        // The text the host holds: nothing to do.
      } else if let fingerprint = given[index],
        let kept = store?.summary(path: wanted[index], text: fingerprint, collection: collection)
      {
        outcome.new = (fingerprint, kept)
      } else if let text = read(wanted[index]) {
        let fingerprint = TextFingerprint(text)
        if known[index] != fingerprint {
          let indexed: IndexedSummary
          if let kept = store?.summary(path: wanted[index], text: fingerprint, collection: collection) {
            indexed = kept
          } else {
            let summary = SummaryCollector.summarize(path: wanted[index], source: text, settings: collection)
            indexed = IndexedSummary(summary)
            store?.record(indexed, text: fingerprint, collection: collection)
            outcome.parsed = true
          }
          outcome.new = (fingerprint, indexed)
        }
      } else {
        outcome.unreadable = true
      }
      outcomes.withLock { $0[index] = outcome }
    }
    if wanted.count == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: wanted.count) { work($0) }
    }
    var unreadable: [String] = []
    var summaries: [IndexedSummary] = []
    summaries.reserveCapacity(wanted.count)
    entries.reserveCapacity(entries.count + wanted.count)
    var parsed = 0
    outcomes.withLock { outcomes in
      for (path, outcome) in zip(wanted, outcomes) {
        if outcome.unreadable { unreadable.append(path) }
        guard let new = outcome.new else { continue }
        entries[path] = Entry(text: new.text)
        noteVocabulary(new.summary.vocabulary, of: path)
        importedDialects[path] = new.summary.dialects.isEmpty ? nil : new.summary.dialects
        receiverNames[path] = new.summary.receiverNames.isEmpty ? nil : new.summary.receiverNames
        if keepsSummaries { storedSummaries[path] = new.summary.stored }
        summaries.append(new.summary)
        if outcome.parsed { parsed += 1 }
      }
    }
    builder.set(summaries)
    // What a state held of the files read again is history once they are.
    fingerprintsOfState = [:]
    parseCount += parsed
    storeHits += summaries.count - parsed
    adoptVocabulary(reading: read)
    return unreadable
  }

  // MARK: The inferred vocabulary

  /// The workspace's vocabulary as inferred from every file (``collection``'s).
  public var vocabulary: ContainerVocabulary { collection.vocabulary }

  private func noteVocabulary(_ facts: VocabularyFacts, of path: String) {
    let old = vocabularyFacts[path] ?? VocabularyFacts()
    vocabularyFacts[path] = facts.isEmpty ? nil : facts
    // Facts that only moved (a keystroke above a helper) infer the same vocabulary.
    if !old.equalsPositionFree(facts) { vocabularyFactsChanged = true }
  }

  /// Infers the vocabulary again when some file's facts changed; when it differs, adopts it
  /// and collects again the closed files that use one of its words, old or new — a changed
  /// helper's name in its text, a changed container value's name among its
  /// ``DpendModel/FileSummary/receiverNames`` — (each read with `read`, or ``reader``; a file
  /// neither reads is collected at its next update). Open documents are collected again when ``collection`` changes.
  private func adoptVocabulary(reading read: @Sendable (String) -> String? = { _ in nil }, round: Int = 0) {
    guard vocabularyFactsChanged, infersVocabulary, round < Self.vocabularyRounds else { return }
    vocabularyFactsChanged = false
    let inferred = ContainerVocabulary(inferringFrom: vocabularyFacts.keys.sorted().map { vocabularyFacts[$0]! })
    guard inferred != collection.vocabulary else { return }
    let words = collection.vocabulary.wordsChanged(to: inferred)
    // A container value's word matters only where the imports do not select its dialect.
    let valueDialects = collection.vocabulary.containerValues.merging(inferred.containerValues) { old, _ in old }
    let helperWords = words.filter { valueDialects[$0] == nil }
    let valueWords = words.compactMap { word in valueDialects[word].map { (word, $0) } }
    let importedDialects = importedDialects
    let receiverNames = receiverNames
    collection.vocabulary = inferred
    // A file is read again when it calls a changed container value's name (its first
    // reading says so, no text needed), or when its text names a changed helper.
    let closed = entries.keys.filter { path in
      guard documents[path] == nil else { return false }
      guard let names = receiverNames[path] else { return !helperWords.isEmpty }
      let imported = importedDialects[path] ?? []
      return !helperWords.isEmpty || valueWords.contains { !imported.contains($0.1) && names.contains($0.0) }
    }.sorted()
    let reader = self.reader
    let collection = collection
    // For each candidate file: nil when it mentions no word (its summary stands), .some(nil)
    // when it cannot be read, else its new summary.
    let outcomes = Locked([(text: TextFingerprint, summary: IndexedSummary)??](repeating: nil, count: closed.count))
    DispatchQueue.concurrentPerform(iterations: closed.count) { index in
      let outcome: (text: TextFingerprint, summary: IndexedSummary)??
      if let text = read(closed[index]) ?? reader?(closed[index]) {
        let imported = importedDialects[closed[index]] ?? []
        let names = receiverNames[closed[index]] ?? []
        if helperWords.contains(where: { TextSearch.contains(text, $0) })
          || valueWords.contains(where: { !imported.contains($0.1) && names.contains($0.0) })
        {
          let summary = SummaryCollector.summarize(path: closed[index], source: text, settings: collection)
          outcome = (TextFingerprint(text), IndexedSummary(summary))
        } else {
          outcome = nil
        }
      } else {
        outcome = .some(nil)
      }
      outcomes.withLock { $0[index] = outcome }
    }
    var summaries: [IndexedSummary] = []
    let candidates = Set(closed)
    var unchanged = Set(entries.keys.filter { documents[$0] == nil && !candidates.contains($0) })
    var again: [(text: TextFingerprint, summary: IndexedSummary)] = []
    for (path, outcome) in zip(closed, outcomes.withLock { $0 }) {
      guard let outcome else {
        unchanged.insert(path)
        continue
      }
      guard let (text, summary) = outcome else {
        entries[path]?.text = nil  // unread: collected at its next update
        continue
      }
      entries[path] = Entry(text: text)
      // Read with the new vocabulary, a file may declare more of it (a container value in a
      // file that writes a container alias): its facts are the workspace's from now on.
      noteVocabulary(summary.vocabulary, of: path)
      self.receiverNames[path] = summary.receiverNames.isEmpty ? nil : summary.receiverNames
      if keepsSummaries { storedSummaries[path] = summary.stored }
      summaries.append(summary)
      again.append((text, summary))
    }
    summaryStore?.adopt(collection, keeping: unchanged)
    for (text, summary) in again { summaryStore?.record(summary, text: text, collection: collection) }
    builder.set(summaries)
    parseCount += summaries.count
    // Until the vocabulary the files declare is the one they were read with.
    adoptVocabulary(reading: read, round: round + 1)
  }

  /// How many times the vocabulary is inferred again from the files it read anew, at most:
  /// each round can only add what the previous one made visible, and one is the rule.
  static let vocabularyRounds = 4

  /// Forgets files that are not open in the editor.
  public func remove(_ paths: [String]) {
    let removed = paths.filter { documents[$0] == nil && entries[$0] != nil }
    for path in removed {
      entries[path] = nil
      storedSummaries[path] = nil
      importedDialects[path] = nil
      receiverNames[path] = nil
      noteVocabulary(VocabularyFacts(), of: path)
    }
    builder.remove(removed)
    adoptVocabulary()
  }

  // MARK: Open documents

  /// Starts following an editor's document: its text overrides the disk's.
  public func open(path: String, text: String) {
    let document = ParsedDocument(path: path, text: text, collection: collection)
    documents[path] = document
    store(document)
    parseCount += 1
  }

  /// Applies an edit to an open document; `edits` (in order) turned its text into `newText`.
  /// Re-parses incrementally. Opens the document if it was not open.
  public func change(path: String, to newText: String, edits: [TextReplacement]) {
    guard let document = documents[path] else {
      open(path: path, text: newText)
      return
    }
    document.update(to: newText, edits: edits)
    store(document)
    parseCount += 1
  }

  /// Stops following a document: its syntax tree is dropped, its summary kept until the
  /// disk's text is read again.
  public func close(path: String) {
    documents[path] = nil
  }

  /// The text of an open document.
  public func openText(of path: String) -> String? { documents[path]?.text }

  /// How many bytes the last incremental parse of `path` reused (see ``ParsedDocument``).
  public func reusedBytes(of path: String) -> Int? { documents[path]?.reusedBytes }

  private func store(_ document: ParsedDocument) {
    let indexed = IndexedSummary(document.summary, keepingDecoded: true)
    entries[document.path] = Entry(text: TextFingerprint(document.text))
    if keepsSummaries { storedSummaries[document.path] = indexed.stored }
    builder.set([indexed])
    noteVocabulary(indexed.vocabulary, of: document.path)
    importedDialects[document.path] = indexed.dialects.isEmpty ? nil : indexed.dialects
    receiverNames[document.path] = indexed.receiverNames.isEmpty ? nil : indexed.receiverNames
    adoptVocabulary()
  }

  /// How long each stage of the last ``graph(extraDiagnostics:)`` took (see ``GraphBuilder``).
  public var graphStageTimes: [(stage: String, duration: Duration)] { builder.stageTimes }

  /// The graph of the current summaries, brought up to date with the changes since the
  /// last one (see ``GraphBuilder``).
  public func graph(extraDiagnostics: [Diagnostic] = []) -> DependencyGraph {
    builder.graph(extraDiagnostics: extraDiagnostics)
  }

}
