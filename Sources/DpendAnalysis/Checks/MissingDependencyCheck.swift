import DpendModel

/// Reports every required key that nothing provides: one error per key, at its first
/// consumer, with a note at every consumer. In library mode such keys are requirements.
///
/// The consumers come from ``ProviderSelection/missing`` of every provided key.
enum MissingDependencyCheck {
  /// A parameter (or a configuration method's configuration) that needs a key.
  struct Consumer: Hashable, Sendable {
    var factory: String
    var range: SourceRange
  }

  /// The error for `key`, needed by `consumers` (in any order, without repetition).
  static func diagnostic(_ key: DependencyKey, consumers: [Consumer]) -> Diagnostic {
    let sorted = consumers.sorted { $0.range < $1.range }
    return Diagnostic(
      code: .missingDependency,
      message:
        "missing dependency: nothing provides '\(key)', needed by \(Wording.list(sorted.map { "'\($0.factory)'" }))",
      range: sorted[0].range,
      notes: sorted.map { DiagnosticNote(message: "'\($0.factory)' needs '\(key)'", range: $0.range) })
  }
}

extension MissingDependencyCheck.Consumer: BinaryCoded {
  init() { self.init(factory: "", range: SourceRange()) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&factory)
    try coder.code(&range)
  }
}
