import DpendModel
import SwiftParser
import SwiftSyntax

/// Turns one Swift file into a ``FileSummary``. Stateless and safe to call concurrently.
///
/// Half-typed code is read on a best-effort basis: declarations the parser recovered are
/// collected, incomplete ones (a type or parameter with no name yet) are skipped.
public enum SummaryCollector {
  /// Parses `source` and summarizes it.
  public static func summarize(path: String, source: String) -> FileSummary {
    let measure = NestingGuard.measure(source)
    guard !measure.isRefused else {
      var summary = FileSummary(path: path)
      summary.problems = [NestingGuard.refusal(path: path, measure)]
      summary.lines = LineTable(source)
      return summary
    }
    return NestingGuard.withStack(forDepth: measure.depth) {
      summarize(path: path, tree: Parser.parse(source: source), source: source)
    }
  }

  /// Summarizes an already parsed tree (for example one re-parsed incrementally);
  /// `source`, the tree's text, saves recovering it from the tree.
  public static func summarize(path: String, tree: SourceFileSyntax, source: String? = nil) -> FileSummary {
    let ranges = source.map { RangeConverter(path: path, source: $0) } ?? RangeConverter(path: path, tree: tree)
    let walker = DeclarationWalker(ranges: ranges, tree: tree)
    walker.walk(tree)
    var summary = walker.summary
    // Container code only where the imports select a dialect: other files cost nothing more.
    let dialects = Dialect.selected(byImports: summary.imports)
    if !dialects.isEmpty {
      let reader = ContainerReader(dialects: dialects, ranges: ranges)
      reader.walk(tree)
      summary.registrations = reader.registrations
      summary.resolveSites = reader.resolveSites
    }
    return summary
  }
}
