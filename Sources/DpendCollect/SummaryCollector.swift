import DpendModel
import SwiftParser
import SwiftSyntax

/// Turns one Swift file into a ``FileSummary``. Stateless and safe to call concurrently.
///
/// Half-typed code is read on a best-effort basis: declarations the parser recovered are
/// collected, incomplete ones (a type or parameter with no name yet) are skipped.
public enum SummaryCollector {
  /// Parses `source` and summarizes it; `settings` choose the container dialects and name
  /// an app's own helpers.
  public static func summarize(
    path: String, source: String, settings: CollectionSettings = CollectionSettings()
  ) -> FileSummary {
    let measure = NestingGuard.measure(source)
    guard !measure.isRefused else {
      var summary = FileSummary(path: path)
      summary.problems = [NestingGuard.refusal(path: path, measure)]
      summary.lines = LineTable(source)
      return summary
    }
    return NestingGuard.withStack(forDepth: measure.depth) {
      summarize(path: path, tree: Parser.parse(source: source), source: source, settings: settings)
    }
  }

  /// Summarizes an already parsed tree (for example one re-parsed incrementally);
  /// `source`, the tree's text, saves recovering it from the tree.
  public static func summarize(
    path: String, tree: SourceFileSyntax, source: String? = nil, settings: CollectionSettings = CollectionSettings()
  ) -> FileSummary {
    let ranges = source.map { RangeConverter(path: path, source: $0) } ?? RangeConverter(path: path, tree: tree)
    let walker = DeclarationWalker(ranges: ranges, tree: tree)
    walker.walk(tree)
    var summary = walker.summary
    // `#if` branches choose declarations too: only files that have one are searched.
    if source.map({ TextSearch.contains($0, "#if") }) ?? true {
      ConditionMarker.mark(&summary, tree: tree)
    }
    // Container code only where the imports select a dialect: other files cost nothing more.
    let types = summary.types
    let dialects = settings.dialects(forImports: summary.imports, source: source) { name in
      types.contains { $0.name == name }
    }
    let helpers = AppHelpers(settings, source: source)
    // The app's own helpers and container values, wherever the text names them.
    let inferred = InferredHelpers(settings, source: source, dialects: dialects)
    var gateBodies: [(gate: String, body: Range<Int>)] = []
    if !dialects.isEmpty || helpers != nil || inferred != nil {
      let reader = ContainerReader(dialects: dialects, helpers: helpers, inferred: inferred, ranges: ranges)
      reader.walk(tree)
      reader.readUnreadCandidates()
      gateBodies = reader.gateBodies
      // `Swinject.Container` in a file importing Swinject is `Container` (SPEC 8.4). The app's
      // own modules are dropped by the analysis, which knows whether a type of that name
      // exists (`Moonpay.Provider` nested in an enum `Moonpay` of module `Moonpay`).
      let modules = summary.imports.filter(Dialect.libraryModules.contains)
      summary.registrations = reader.registrations.map { $0.droppingModules(modules) }
      summary.resolveSites = reader.resolveSites.map { $0.droppingModules(modules) }
      summary.siteEdits = reader.siteEdits
      summary.keyRanges = reader.keyRanges
      summary.vocabulary.containerValues = reader.containerValues
      summary.vocabulary.slots = reader.slots
      summary.receiverNames = reader.receiverNames.names.sorted()
      summary.instances = InstanceFacts(declarations: reader.instances.declarations, links: reader.instances.links)
    } else if source.map({ TextSearch.contains($0, "resolve") || TextSearch.contains($0, "register") }) ?? true {
      // A container value another file declares may be what these calls are made on.
      let names = ReceiverNames()
      names.walk(tree)
      summary.receiverNames = names.names.sorted()
    }
    // The names the file mentions, which reach the app's assemblies and registration functions.
    summary.mentions = NameScan.mentions(in: source ?? tree.description, gateBodies: gateBodies)
    summary.vocabulary.containerAliases = ContainerAlias.aliases(in: summary.typealiases, imports: summary.imports)
    for index in summary.vocabulary.helpers.indices {
      summary.vocabulary.helpers[index].fileDialects = Dialect.selected(byImports: summary.imports)
    }
    return summary
  }
}

extension ContainerRegistration {
  /// The registration with its types' leading module names (one of `modules`) dropped.
  func droppingModules(_ modules: [String]) -> ContainerRegistration {
    guard !modules.isEmpty else { return self }
    var registration = self
    registration.types = types.map { TypeText.droppingModule($0, modules) }
    registration.needs = needs.map { $0.droppingModules(modules) }
    registration.propertyNeeds = propertyNeeds.map { $0.droppingModules(modules) }
    return registration
  }
}

extension ResolveSite {
  /// The site with its type's leading module name (one of `modules`) dropped.
  func droppingModules(_ modules: [String]) -> ResolveSite {
    guard !modules.isEmpty, case .named(let name)? = type else { return self }
    var site = self
    site.type = .named(TypeText.droppingModule(name, modules))
    return site
  }
}
