import DpendModel

/// Stage 2's work over many files: which files watch a changed name, and each file's
/// analysis, in parallel.
extension GraphBuilder {
  /// The files whose analysis looked up one of `names` (or a name of the same hash), in
  /// path order. Each analysis is visited where it is kept (no path hashed) and its sorted
  /// hashes searched for each name's: few names change at once, and few files watch them.
  func watchers(of names: Set<Substring>) -> [String] {
    let hashes = Set(names.map(StableHash.of)).sorted()
    var found: [String] = []
    for (path, analysis) in files where analysis.watched.sharesElement(withSorted: hashes) {
      found.append(path)
    }
    return found.sorted()
  }

  /// Each file's analysis (``FileAnalysis/empty`` for a removed file), in order, in
  /// parallel when there are many; a summary is decoded unless `decoded` has it. `dropping`
  /// forgets the summaries (``keepsSummaries``), each as soon as its file is analysed.
  func analyses(of paths: [String], decoded: [String: FileSummary], dropping: Bool) -> [FileAnalysis] {
    // Decoded on the worker threads, one at a time: never every decoded summary at once.
    let inputs = TakenOnce(paths.map { summaries[$0] })
    if dropping {
      summaries = [:]
      droppedSummaries = true
    }
    // Open documents' summaries, rarely any: not an array of absent ones for every file.
    let given = decoded.isEmpty ? nil : paths.map { decoded[$0] }
    let frozenSettings = settings
    let table = symbols
    let watching = keepsUpdateTables
    return Parallel.map(paths.count, minimum: 32) { index in
      guard let stored = inputs.take(index) else { return .empty }
      var analysis = FileAnalysis(given?[index] ?? stored.decoded(), symbols: table, settings: frozenSettings)
      if !watching { analysis.watched = [] }
      return analysis
    }
  }
}
