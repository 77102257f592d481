import DpendModel

/// What the container stage answers: its diagnostics and report.
extension ContainerStage {
  func answer() -> (diagnostics: [Diagnostic], report: ContainerReport) {
    var report = ContainerReport()
    report.registrationsRead = counts.registrationsRead
    report.registrationsUnread = counts.registrationsUnread
    // An unwired factory's parameters are no resolves (``ContainerStage+Wiring``).
    let parameters = unwiredParameters()
    report.resolvesChecked = counts.resolvesChecked - parameters.typed
    report.resolvesUnread = counts.resolvesUnread - parameters.unread.count
    report.configurations = configurations
    var unread: [Diagnostic] = []
    for path in paths { unread += files[path]!.registrationNotes }
    for path in paths { unread += files[path]!.freeSiteNotes }
    for path in paths {
      let notes = files[path]!.needSiteNotes
      unread += parameters.unread.isEmpty ? notes : notes.filter { !parameters.unread.contains($0.range) }
    }
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
    var diagnostics = BuildConfigurations.merge(found, configurations: configurations, compiles: filter.compiles)
    if let visibility = filter.visibility {
      diagnostics = diagnostics.map { diagnostic in
        var scoped = diagnostic
        scoped.message = visibility.scope(of: diagnostic.range.file) + diagnostic.message
        return scoped
      }
    }
    return (diagnostics, report)
  }
}
