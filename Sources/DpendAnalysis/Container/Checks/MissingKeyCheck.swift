import DpendModel

/// `missing-dependency`: a key some resolve forces that nothing registers, with what needs
/// it: the registrations whose factories resolve it, and what requires it.
struct MissingKeyCheck: UnansweredKeyCheck {
  static let code = DiagnosticCode.missingDependency

  static func message(_ key: ContainerKey, neededBy: String) -> String {
    "missing dependency: nothing registers '\(key)'" + neededBy
  }

  func finding(for key: UnansweredKey, _ check: ContainerCheck) -> Diagnostic? {
    var notes = key.notes
    // Where an editor shows it, each resolve names its own consumer.
    for (index, site) in key.sites.enumerated() {
      notes[index].siteMessage = Self.message(key.key, neededBy: Self.neededBy([site]))
    }
    return Diagnostic(
      code: Self.code, message: Self.message(key.key, neededBy: Self.neededBy(key.sites)),
      range: key.sites[0].site.range, notes: notes)
  }

  /// `, needed by 'A' and 'B', required by 'C'`: the consumers whose factories resolve at
  /// `sites`, and what requires them; empty when neither.
  static func neededBy(_ sites: [ContainerCheck.Site]) -> String {
    // A registration the container makes at launch (Dip's eager singletons, in `bootstrap()`):
    // say so, it is where the app dies.
    let consumers = sites.compactMap { site in
      site.consumer.flatMap { consumer in
        consumer.types.first.map { type in
          let traits = consumer.dialect.traits
          let atLaunch = consumer.scope.map(traits.scopesResolvedAtLaunch.contains) == true
          return atLaunch ? "the \(traits.launchedNoun) '\(type)'" : "'\(type)'"
        }
      }
    }
    var neededBy = consumers.isEmpty ? "" : ", needed by " + Wording.list(Array(Set(consumers)).sorted())
    let requirers = Set(sites.compactMap(\.site.requiredBy)).sorted()
    if !requirers.isEmpty { neededBy += ", required by " + Wording.list(requirers) }
    return neededBy
  }
}
