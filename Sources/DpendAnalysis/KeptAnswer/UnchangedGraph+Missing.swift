import DpendModel

extension UnchangedGraph.Outcome {
  /// The answer after the changes, given `kept`, the answer before them: its ranges moved
  /// (``moved(_:)``), the missing-dependency error of each of ``satisfiedKeys`` gone, and
  /// that of each of ``missingKeys`` made again
  /// with the rewired factories' parameters in place of their old ones among its consumers
  /// (gone when none is left, new when there was none), and every `dependency-cycle` error
  /// gone when ``cyclesBroken``. `nil` when a range has no new place,
  /// or `kept` does not have such an error as the graph makes it.
  ///
  /// The other consumers of a key nothing provides stay what they were: no key's selection
  /// changed, so every factory that reported it still does (``ProviderSelection/missing``).
  public func answer(after kept: AnalysisAnswer) -> AnalysisAnswer? {
    var answer = kept
    // The cycles' errors go before the ranges move: they name the rewired factories.
    if cyclesBroken { answer.diagnostics.removeAll { $0.code == .dependencyCycle } }
    answer.registrationsRead += registrationsRead
    answer.resolvesChecked += resolvesChecked
    func errorIndex(_ key: DependencyKey) -> Int? {
      let prefix = "missing dependency: nothing provides '\(key)', needed by "
      return answer.diagnostics.firstIndex { $0.code == .missingDependency && $0.message.hasPrefix(prefix) }
    }
    // A key given its first provider loses its error.
    for key in satisfiedKeys {
      if let index = errorIndex(key) { answer.diagnostics.remove(at: index) }
    }
    var consumers: [DependencyKey: [MissingDependencyCheck.Consumer]] = [:]
    for key in missingKeys {
      guard let index = errorIndex(key) else {
        // No error: no factory required the key before.
        guard providers.rewiredBefore.allSatisfy({ Self.consumers(of: key, in: $0).isEmpty }) else { return nil }
        consumers[key] = []
        continue
      }
      let error = answer.diagnostics.remove(at: index)
      let read = error.notes.compactMap { Self.consumer(of: key, in: $0) }
      // The rewired factories' old parameters leave; the others move with their files.
      let leaving = Set(providers.rewiredBefore.flatMap { Self.consumers(of: key, in: $0) })
      guard !read.isEmpty, read.count == error.notes.count,
        MissingDependencyCheck.diagnostic(key, consumers: read) == error,
        leaving.isSubset(of: read)
      else { return nil }
      var staying: [MissingDependencyCheck.Consumer] = []
      for var consumer in read where !leaving.contains(consumer) {
        guard let range = moved(consumer.range) else { return nil }
        consumer.range = range
        staying.append(consumer)
      }
      consumers[key] = staying
    }
    var ranges: [SourceRange] = []
    for range in answer.ranges {
      guard let moved = moved(range) else { return nil }
      ranges.append(moved)
    }
    guard let moved = answer.replacingRanges(ranges) else { return nil }
    answer = moved
    for key in missingKeys {
      var seen = Set(consumers[key] ?? [])
      var all = consumers[key] ?? []
      for consumer in providers.rewired.flatMap({ Self.consumers(of: key, in: $0) })
      where seen.insert(consumer).inserted {
        all.append(consumer)
      }
      guard !all.isEmpty else { continue }
      let error = MissingDependencyCheck.diagnostic(key, consumers: all)
      let index = answer.diagnostics.partitionIndex { Diagnostic.reportingOrder($0, error) }
      answer.diagnostics.insert(error, at: index)
    }
    return answer
  }

  /// The parameters of `factory` (or its configuration) that require `key`.
  private static func consumers(of key: DependencyKey, in factory: Factory) -> [MissingDependencyCheck.Consumer] {
    factory.requiredDependencies.filter { $0.key == key }.map {
      MissingDependencyCheck.Consumer(factory: factory.displayName, range: $0.range)
    }
  }

  /// The consumer a note of the missing-dependency error of `key` names
  /// (``MissingDependencyCheck/diagnostic(_:consumers:)``); `nil` when it is not such a note.
  private static func consumer(of key: DependencyKey, in note: DiagnosticNote) -> MissingDependencyCheck.Consumer? {
    let suffix = "' needs '\(key)'"
    guard note.message.hasPrefix("'"), note.message.hasSuffix(suffix), note.message.count > suffix.count else {
      return nil
    }
    let name = note.message.dropFirst().dropLast(suffix.count)
    return MissingDependencyCheck.Consumer(factory: String(name), range: note.range)
  }
}
