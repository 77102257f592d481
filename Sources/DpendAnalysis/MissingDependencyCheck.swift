import DpendModel

/// Reports every required key that nothing provides: one error per key, at its first
/// consumer, with a note at every consumer. In library mode such keys are requirements.
struct MissingDependencyCheck: AnalysisPass {
  private struct Consumer: Hashable {
    var factory: String
    var range: SourceRange
  }

  func run(_ state: inout AnalysisState) {
    var consumers: [DependencyKey: [Consumer]] = [:]
    let provided = Set(state.candidates.keys)
    for providers in state.candidates.values {
      for factories in providers {
        // A provider with a satisfiable factory uses it (see ProviderSelection); otherwise
        // every factory's missing keys are reported so the user sees every option.
        let isSatisfiable = factories.contains { $0.requiredDependencies.allSatisfy { provided.contains($0.key) } }
        guard !isSatisfiable else { continue }
        for factory in factories {
          for (key, range) in factory.requiredDependencies where !provided.contains(key) {
            let consumer = Consumer(factory: factory.displayName, range: range)
            if !consumers[key, default: []].contains(consumer) { consumers[key, default: []].append(consumer) }
          }
        }
      }
    }
    state.unprovided = Set(consumers.keys)
    guard state.settings.mode == .application else { return }
    for (key, list) in consumers {
      let sorted = list.sorted { $0.range < $1.range }
      state.diagnostics.append(
        Diagnostic(
          code: .missingDependency,
          message:
            "missing dependency: nothing provides '\(key)', needed by \(Wording.list(sorted.map { "'\($0.factory)'" }))",
          range: sorted[0].range,
          notes: sorted.map { DiagnosticNote(message: "'\($0.factory)' needs '\(key)'", range: $0.range) }))
    }
  }
}
