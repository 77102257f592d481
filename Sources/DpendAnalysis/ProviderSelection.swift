import DpendModel

/// Picks the factory that makes each key.
///
/// Factories are grouped by provider (a type, or one configuration method). Within a
/// provider the first factory whose required dependencies all have some provider wins
/// (SPEC 1.1); when none does, the first one is kept and the missing-dependency check
/// reports it. Several providers for one key are ambiguous: the first in stable order
/// (file, then position) is used and a warning names every candidate.
struct ProviderSelection: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    let factories = state.allFactories
    let providedKeys = Set(factories.map(\.key))
    var groups: [DependencyKey: [(provider: String, factories: [Factory])]] = [:]
    for factory in factories {
      let provider = factory.provider
      if let index = groups[factory.key]?.firstIndex(where: { $0.provider == provider }) {
        groups[factory.key]![index].factories.append(factory)
      } else {
        groups[factory.key, default: []].append((provider, [factory]))
      }
    }
    for (key, providers) in groups {
      let ordered = providers.sorted { $0.factories[0].range < $1.factories[0].range }
      state.candidates[key] = ordered.map(\.factories)
      let chosen = ordered.map { provider in
        provider.factories.first { isSatisfiable($0, providedKeys) } ?? provider.factories[0]
      }
      state.resolved[key] = chosen[0]
      if chosen.count > 1 {
        state.diagnostics.append(Self.ambiguity(key, chosen))
      }
    }
  }

  private func isSatisfiable(_ factory: Factory, _ provided: Set<DependencyKey>) -> Bool {
    factory.requiredDependencies.allSatisfy { provided.contains($0.key) }
  }

  /// The warning for a key with several providers; `chosen[0]` is the one used.
  static func ambiguity(_ key: DependencyKey, _ chosen: [Factory]) -> Diagnostic {
    let names = chosen.map { "'\($0.provider)'" }
    return Diagnostic(
      code: .ambiguousProvider,
      message: "ambiguous provider: '\(key)' is provided by \(Wording.list(names)); using '\(chosen[0].displayName)'",
      range: chosen[0].range,
      notes: chosen.map { DiagnosticNote(message: "'\($0.provider)' provides '\(key)' here", range: $0.range) })
  }
}

/// Shared bits of English for messages.
enum Wording {
  /// `a`, `a and b`, `a, b and c`, `a, b, c and 1 other`, `a, b, c and 2 others`.
  static func list(_ items: [String], limit: Int = 3) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    if items.count > limit {
      let rest = items.count - limit
      return items.prefix(limit).joined(separator: ", ") + " and \(rest) other\(rest == 1 ? "" : "s")"
    }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
