import DpendAnalysis
import DpendCollect
import DpendIDE
import DpendModel
import DpendTestSupport

/// The IDE features of marked files (keyed by path), analysed with `filters` as
/// `--implicit-filter`s.
func ide(_ files: [String: MarkedText], filters: [String] = [".*Impl"]) throws -> IDE {
  let summaries = files.sorted { $0.key < $1.key }.map {
    SummaryCollector.summarize(path: $0.key, source: $0.value.text)
  }
  let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: filters))
  return IDE(graph: DependencyGraph(summaries: summaries, settings: settings))
}
