import DpendModel

/// What the container stage answers: its diagnostics, report and looked-up names.
extension ContainerStage {
  func answer() -> (diagnostics: [Diagnostic], report: ContainerReport, lookups: ContainerLookups) {
    var report = ContainerReport()
    report.registrationsRead = counts.registrationsRead
    report.registrationsUnread = counts.registrationsUnread
    report.resolvesChecked = counts.resolvesChecked
    report.resolvesUnread = counts.resolvesUnread
    report.configurations = configurations
    var unread: [Diagnostic] = []
    for path in paths { unread += files[path]!.registrationNotes }
    for path in paths { unread += files[path]!.freeSiteNotes }
    for path in paths { unread += files[path]!.needSiteNotes }
    var silenced: [ContainerCheck.Silenced] = []
    var found: [[Diagnostic]] = []
    for (configuration, byType) in findings.enumerated() {
      var diagnostics: [Diagnostic] = []
      for type in byType.keys.sorted() {
        diagnostics += byType[type]!.diagnostics
        silenced += byType[type]!.silenced
      }
      found.append(diagnostics + (configuration < cycles.count ? cycles[configuration] : []))
    }
    report.unread = ContainerCheck.sayingWhatTheySilence(unread, silenced) + assumedNotes
    var diagnostics = BuildConfigurations.merge(found, configurations: configurations)
    if let visibility = filter.visibility {
      diagnostics = diagnostics.map { diagnostic in
        var scoped = diagnostic
        scoped.message = visibility.scope(of: diagnostic.range.file) + diagnostic.message
        return scoped
      }
    }
    // Made when asked (a kept answer's facts), not on every keystroke's graph.
    let typed = paths.map { files[$0]! }
    let checked = typeLookups
    let lookups = ContainerLookups {
      var lookups: [Substring] = []
      for facts in typed { lookups += facts.lookups }
      for type in checked.keys.sorted() { lookups += checked[type]!.names }
      return lookups
    }
    return (diagnostics, report, lookups)
  }

  /// The types nothing registers that are protocols, with the names they are resolved under
  /// (``ContainerKeyFacts/scannedNames``), in every configuration.
  var scannedNames: [String?] {
    findings.flatMap { $0.values.flatMap(\.scanned) }
  }

  /// `true` when some configuration has a cycle.
  var hasCycle: Bool { cycles.contains { !$0.isEmpty } }

  /// Every typed site with the type it is checked as, in the order the check reads them.
  var typedSites: [(ContainerCheck.Site, String)] {
    var free: [(ContainerCheck.Site, String)] = []
    var needs: [(ContainerCheck.Site, String)] = []
    for path in paths {
      let facts = files[path]!
      for index in facts.sites.indices where facts.siteTypes[index] != nil {
        let typed = site(Ref(path: path, index: index))
        if index < facts.freeSiteCount { free.append(typed) } else { needs.append(typed) }
      }
    }
    return free + needs
  }

  /// Every file's container code as the check read it (its types canonicalized).
  var canonicalSummaries: [FileSummary] {
    paths.map { path in
      let facts = files[path]!
      var summary = FileSummary(path: path)
      summary.registrations = facts.registrations
      summary.resolveSites = facts.sites.prefix(facts.freeSiteCount).map(\.site)
      return summary
    }
  }
}

/// The names a container check looked up (last components, as looked up), gathered when
/// first asked.
final class ContainerLookups: Sendable {
  private let make: @Sendable () -> [Substring]
  private let made = Locked<[Substring]?>(nil)

  init(_ make: @escaping @Sendable () -> [Substring]) {
    self.make = make
  }

  static let none = ContainerLookups { [] }

  var names: [Substring] {
    if let done = made.withLock({ $0 }) { return done }
    let names = make()
    made.withLock { $0 = names }
    return names
  }
}
