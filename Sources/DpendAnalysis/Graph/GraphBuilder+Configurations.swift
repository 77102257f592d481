import DpendModel

/// The build-configuration and container stages of ``GraphBuilder``: which files make
/// factories under `#if`, the configurations to check, and the container check with the
/// editor's index.
extension GraphBuilder {
  /// The files where a factory is made from a declaration under `#if`. Only `#if`s around
  /// what makes factories matter: a `#if DEBUG` type no filter selects costs nothing.
  func conditionalFactoryFiles() -> Set<String> {
    conditionalFiles.filter { path in
      guard let factories = files[path]?.factories, !factories.isEmpty, let summary = summaryShelf.summary(of: path)
      else {
        return false
      }
      return BuildConfigurations.makesConditionalFactory(factories, of: summary)
    }
  }

  /// The diagnostics of a graph of `summaries` built from scratch, with no extra ones.
  static func thesisDiagnostics(_ summaries: [FileSummary], settings: AnalysisSettings) -> [Diagnostic] {
    let builder = GraphBuilder(settings: settings)
    builder.buildsOneGraph = true
    builder.set(summaries)
    return builder.graph().diagnostics
  }

  /// The build configurations to check: the ones `.dpend.json` names, else those the `#if`
  /// conditions of container code and of dpend's own declarations give; `nil` to let the
  /// container check find its own (no declaration of dpend's own dialect is conditional).
  func buildConfigurations(conditional: Set<String>) -> [[String]]? {
    if let named = settings.configurations { return named }
    guard !conditional.isEmpty else { return nil }
    var lists: [BuildConditions] = []
    for path in conditional.sorted() {
      if let summary = summaryShelf.summary(of: path) { lists += BuildConfigurations.conditionLists(summary) }
    }
    for path in containerFiles.sorted() {
      guard let summary = summaryShelf.containerCode(of: path) else { continue }
      lists += summary.registrations.map(\.conditions) + summary.resolveSites.map(\.conditions)
      for registration in summary.registrations {
        lists += registration.needs.map(\.conditions) + registration.propertyNeeds.map(\.conditions)
      }
    }
    return ContainerCheck.configurations(lists, platforms: settings.visibility?.platforms ?? [])
  }

  /// The container check over every file with container code, and the index the editor
  /// navigates with (made when first asked, through the same type lookups; when
  /// ``containerViews`` has `.editor`); nothing without any. The names looked up are the
  /// check's: only the check makes the answer a kept one stands for.
  ///
  /// A builder that makes one graph after another and draws no tree keeps the check's
  /// answer when nothing it read changed (``keptContainerCheck(configurations:shelf:)``).
  func checkContainers(configurations: [[String]]?) -> (
    diagnostics: [Diagnostic], report: ContainerReport, index: LazyContainerIndex, lookups: [Substring]
  ) {
    defer {
      changedSinceLastGraph = [:]
      namesChangedSinceLastGraph = []
    }
    lastContainerCheckKept = false
    guard !containerFiles.isEmpty else {
      lastContainerCheck = nil
      return ([], ContainerReport(), LazyContainerIndex(.empty), [])
    }
    let shelf = summaryShelf
    let symbols = self.symbols
    let paths = containerFiles
    @Sendable func facts() -> [FileSummary] { paths.sorted().compactMap { shelf.containerCode(of: $0) } }
    let checked: KeptContainerCheck
    // Read by the check, or by the index when it is made (a kept check reads none).
    var checkedFacts: [FileSummary]?
    // Across build targets, a kept answer's facts (keys registered and resolved anywhere)
    // cannot tell whether an edit changes what a target sees: the check runs.
    // Nor when an edit may change which registration gates are reached (``GateReach``), or
    // which container instance a registration or resolve is on (``InstanceGraph``).
    if settings.visibility == nil,
      !gatingMayHaveChanged(changedSinceLastGraph.keys, containerCode: { shelf.containerCode(of: $0) }),
      let kept = keptContainerCheck(configurations: configurations, shelf: shelf)
    {
      checked = kept
      lastContainerCheckKept = true
      for path in changedSinceLastGraph.keys { noteKeptGates(of: path, shelf.containerCode(of: path)) }
    } else {
      let facts = facts()
      checkedFacts = facts
      let reach = GateReach(facts.flatMap(\.registrations), mentions: mentionsOfFile, visibility: settings.visibility)
      let instances = InstanceGraph(facts)
      defer { noteGates(of: facts, reach: reach, separatesInstances: instances != nil) }
      let watch = NameWatch()
      var check = ContainerCheck(
        lookup: ContainerTypeLookup(symbols: symbols, summaries: shelf, watch: watch), configurations: configurations)
      check.drawsGraph = containerViews.contains(.tree)
      check.visibility = settings.visibility
      check.reach = reach
      check.instances = instances
      lastAnswers = check.filter
      check.parallelLookups = ({ ContainerTypeLookup(symbols: symbols, summaries: shelf, watch: $0) }, watch)
      let (diagnostics, report) = check.run(facts)
      checked = KeptContainerCheck(
        diagnostics: diagnostics, report: report, lookups: watch.names, configurations: configurations)
    }
    // The tree's graph holds the registrations with their positions: a builder drawing it
    // checks every time.
    lastContainerCheck = buildsOneGraph || containerViews.contains(.tree) ? nil : checked
    var report = checked.report
    report.gates = gateSummary
    report.helpers = ContainerVocabulary.notes(vocabularyFacts.keys.sorted().map { vocabularyFacts[$0]! })
    let diagnostics = checked.diagnostics
    guard containerViews.contains(.editor) else {
      return (diagnostics, report, LazyContainerIndex(.empty), checked.lookups)
    }
    let answers = lastAnswers
    let index = LazyContainerIndex { [checkedFacts] in
      ContainerIndex(
        summaries: checkedFacts ?? facts(), lookup: ContainerTypeLookup(symbols: symbols, summaries: shelf),
        filter: answers)
    }
    return (diagnostics, report, index, checked.lookups)
  }
}
