import DpendAnalysis
import DpendModel

/// A line of text the editor shows above a range: what it says and the places it lists.
public struct Lens: Hashable, Sendable {
  /// The range it stands above.
  public var range: SourceRange
  /// `3 resolves · needs 2`, `not registered`.
  public var title: String
  /// The places it lists when run: the resolves answered, the others asking for the key.
  public var locations: [SourceRange]

  public init(range: SourceRange, title: String, locations: [SourceRange]) {
    self.range = range
    self.title = title
    self.locations = locations
  }
}

/// A label the editor shows inside the text.
public struct InlayLabel: Hashable, Sendable {
  /// Where it stands.
  public var position: SourcePosition
  /// `: Store`, `: scope .graph`.
  public var label: String
  /// What it means, in a sentence.
  public var tooltip: String
  /// `true` for a type, `false` for a scope.
  public var isType: Bool
}

/// The outline (document and workspace symbols), code lenses and inlay hints, for every
/// dialect and dpend's own configurations.
extension IDE {
  /// The registrations and providers written in `path`, in the order written.
  public func nodes(in path: String) -> [KeyNode] {
    let nodes = KeyNodes(graph: graph)
    let registrations = graph.containerIndex.registrations.filter { $0.range.file == path }.map(nodes.node)
    let providers = graph.localFactories(in: path).map(nodes.node)
    return (registrations + providers).sorted { $0.range.start.offset < $1.range.start.offset }
  }

  /// The registrations and providers of the workspace whose key contains `query` (any case;
  /// every one for `""`), in path order, at most `limit` of them: an editor narrows its query
  /// as the user types rather than scrolling thousands.
  public func nodes(matching query: String, limit: Int = 128) -> [KeyNode] {
    let nodes = KeyNodes(graph: graph)
    let wanted = query.lowercased()
    func matches(_ key: String) -> Bool { wanted.isEmpty || key.lowercased().contains(wanted) }
    // Both lists are in path order: the first `limit` matches of each hold the first `limit`
    // of all, and only those become nodes.
    let registrations = graph.containerIndex.registrations.lazy.filter {
      matches($0.keys.first?.description ?? "")
    }.prefix(limit)
    let providers = graph.localFactories.lazy.filter { matches($0.key.description) }.prefix(limit)
    let found = (registrations.map(nodes.node) + providers.map(nodes.node)).sorted {
      ($0.range.file, $0.range.start.offset) < ($1.range.file, $1.range.start.offset)
    }
    return Array(found.prefix(limit))
  }

  /// Above each registration and provider of `path`, `N resolves · needs M` listing the
  /// resolves it answers; above each resolve (or dependency) nothing registers,
  /// `not registered` listing every place asking for that key.
  public func lenses(in path: String) -> [Lens] {
    let nodes = KeyNodes(graph: graph)
    let index = graph.containerIndex
    var needs: [Int: Int] = [:]
    for site in index.sites { if let consumer = site.consumer { needs[consumer, default: 0] += 1 } }
    var lenses: [Lens] = []
    for (position, registration) in index.registrations.enumerated() where registration.range.file == path {
      // The places references list for it: each resolve site once.
      let answered = Array(Set(index.sites(answeredBy: registration).map(\.site.range))).sorted()
      lenses.append(
        Lens(
          range: registration.range, title: Self.lensTitle(resolves: answered.count, needs: needs[position] ?? 0),
          locations: answered))
    }
    for site in index.sites where site.site.range.file == path && nodes.isUnregistered(site) {
      let same = index.sites.filter { $0.key == site.key && $0.site.dialect == site.site.dialect }.map(\.site.range)
      lenses.append(Lens(range: site.site.range, title: "not registered", locations: same))
    }
    for factory in graph.localFactories(in: path) {
      let consumers = graph.consumers(of: factory.key).map(\.parameter.range)
      lenses.append(
        Lens(
          range: factory.range, title: Self.lensTitle(resolves: consumers.count, needs: factory.parameters.count),
          locations: consumers))
      for parameter in factory.parameters
      where graph.resolved[parameter.dependency] == nil && !parameter.isOptional {
        let same = graph.consumers(of: parameter.dependency).map(\.parameter.range)
        lenses.append(Lens(range: parameter.range, title: "not registered", locations: same))
      }
    }
    return lenses.sorted { $0.range.start.offset < $1.range.start.offset }
  }

  /// `3 resolves · needs 2`, `1 resolve · needs nothing`.
  static func lensTitle(resolves: Int, needs: Int) -> String {
    "\(resolves) resolve\(resolves == 1 ? "" : "s") · " + (needs == 0 ? "needs nothing" : "needs \(needs)")
  }

  /// In `path`: after each resolve whose key is inferred from an initializer's parameter
  /// (`FeedImpl(store: $0)`, `FeedImpl(store: try c.resolve())`), `: Store`; after the
  /// closing parenthesis of each registration written with no scope, the scope its library
  /// gives it (`: scope .graph`), labelled so it cannot be read as an argument.
  public func inlayLabels(in path: String) -> [InlayLabel] {
    let index = graph.containerIndex
    let written = graph.summary(of: path)?.keyRanges ?? []
    let keys = Dictionary(written.map { ($0.call, $0.key) }, uniquingKeysWith: { first, _ in first })
    let closings = Dictionary(
      written.compactMap { key in key.closingParenthesis.map { (key.call, $0) } },
      uniquingKeysWith: { first, _ in first })
    var labels: [InlayLabel] = []
    for site in index.sites where site.site.range.file == path {
      // A key written in another declaration: the parameter or property the value goes to.
      switch site.site.type {
      case .parameter?, .member?, .initializerParameter?, .functionResult?: break
      default: continue
      }
      guard let type = site.type else { continue }
      labels.append(
        InlayLabel(
          position: (keys[site.site.range] ?? site.site.range).end, label: ": \(type)",
          tooltip: site.site.type.map {
            if case .member = $0 { return "The key this resolve infers from the property it is assigned to" }
            return "The key this resolve infers from the parameter it is passed to"
          } ?? "", isType: true))
    }
    for registration in index.registrations where registration.range.file == path && registration.scope == nil {
      guard let scope = registration.dialect.traits.defaultScope else { continue }
      labels.append(
        InlayLabel(
          position: (closings[registration.range] ?? keys[registration.range] ?? registration.range).end,
          label: ": scope .\(scope)",
          tooltip: "\(registration.dialect.displayName)'s default scope: no scope is written", isType: false))
    }
    return labels.sorted { $0.position.offset < $1.position.offset }
  }

}
