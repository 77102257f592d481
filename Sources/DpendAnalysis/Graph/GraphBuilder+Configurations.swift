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
  /// ``containerViews`` has `.editor`); nothing without any. The check is kept up to date by
  /// type (``ContainerStage``): after an edit, only the files and types it touches are
  /// checked again.
  func checkContainers(configurations: [[String]]?) -> (
    diagnostics: [Diagnostic], report: ContainerReport, index: LazyContainerIndex
  ) {
    defer {
      changedSinceLastGraph = [:]
      namesChangedSinceLastGraph = []
      containerStageIsCurrent = true
    }
    guard !containerFiles.isEmpty else {
      containerStage = ContainerStage()
      containerStageIsCurrent = false
      return ([], ContainerReport(), LazyContainerIndex(.empty))
    }
    let shelf = summaryShelf
    let symbols = self.symbols
    let paths = containerFiles
    let changed = Set(changedSinceLastGraph.keys)
    let full = !containerStageIsCurrent
    let gating = full || gates.mayHaveChanged(changed, containerCode: { shelf.containerCode(of: $0) })
    let inputs = ContainerStage.Inputs(
      code: { shelf.containerCode(of: $0) }, containerPaths: paths, changed: changed,
      namesChanged: namesChangedSinceLastGraph, full: full, gating: gating, configurations: configurations,
      platforms: settings.visibility?.platforms ?? [],
      lookup: { watch, reads in
        ContainerTypeLookup(
          symbols: symbols,
          declarations: { path in
            reads?.paths.insert(path)
            return shelf.declarations(of: path).map { ($0.types, $0.protocols) }
          },
          extensions: { shelf.declarations(of: $0)?.extensionMembers ?? [] }, watch: watch)
      }, declarations: { shelf.declarations(of: $0).map { ($0.types, $0.protocols) } }, mentions: gates.mentionsOfFile,
      visibility: settings.visibility)
    let (diagnostics, stageReport) = containerStage.update(inputs)
    lastContainerCheckTypes = containerStage.lastCheckedTypes
    lastContainerCycleSearch = containerStage.lastLookedForCycles
    if containerStage.lastWorkedOutReach {
      gates.noteChecked(
        containerStage.paths.compactMap { shelf.containerCode(of: $0) },
        separatesInstances: containerStage.filter.instances != nil)
    }
    let answers = containerStage.filter
    var report = stageReport
    if containerViews.contains(.tree) {
      let check = ContainerCheck(
        lookup: ContainerTypeLookup(symbols: symbols, summaries: shelf), visibility: answers.visibility,
        reach: answers.reach, instances: answers.instances)
      report.graph = check.graph(
        of: containerStage.orderedRegistrations().filter { !$0.isForwarded }, unwired: containerStage.unwired)
    }
    report.helpers = ContainerVocabulary.notes(vocabularyFacts.keys.sorted().map { vocabularyFacts[$0]! })
    guard containerViews.contains(.editor) else {
      return (diagnostics, report, LazyContainerIndex(.empty))
    }
    let unwired = containerStage.unwired
    let index = LazyContainerIndex {
      ContainerIndex(
        summaries: paths.sorted().compactMap { shelf.containerCode(of: $0) },
        lookup: ContainerTypeLookup(symbols: symbols, summaries: shelf), filter: answers, unwired: unwired)
    }
    return (diagnostics, report, index)
  }
}
