import DpendAnalysis
import DpendModel

/// What the outline, code lenses and call hierarchy show of the graph: a registration (any
/// dialect), a provider of dpend's own configurations, a resolve outside registrations, or a
/// key nothing registers, where it is written.
public struct KeyNode: Hashable, Sendable {
  /// What the node is.
  public enum Kind: Hashable, Sendable {
    /// A container's `register` call (Dip, Swinject, Resolver, Factory, …).
    case registration
    /// A configuration method or initializer of dpend's own configurations.
    case provider
    /// A resolve outside any registration (a screen asking its container).
    case resolve
    /// A key asked for that nothing registers, at the place asking.
    case missing
  }

  public var kind: Kind
  /// The key: `Store`, `Store (name "cache")`, `HTTPClient tagged Remote`.
  public var name: String
  /// What is said beside the name: the dialect and scope, the configuration.
  public var detail: String
  /// Where it is written: the `register` name, the provider's name, the resolve.
  public var range: SourceRange
  /// The setup it is written in (an assembly's function, a configuration class); `nil` when
  /// none is known.
  public var group: String?
  /// Where the group is declared in the node's file (the assembly's or configuration's name);
  /// `nil` when it is not a type declared there (a setup function).
  public var groupRange: SourceRange?

  public init(
    kind: Kind, name: String, detail: String, range: SourceRange, group: String?, groupRange: SourceRange? = nil
  ) {
    self.kind = kind
    self.name = name
    self.detail = detail
    self.range = range
    self.group = group
    self.groupRange = groupRange
  }
}

/// Makes nodes of registrations, factories and sites.
struct KeyNodes {
  let graph: DependencyGraph
  /// The types each file declares, decoded once however many of its nodes ask.
  private let declared = DeclaredTypes()
  var index: ContainerIndex { graph.containerIndex }

  func node(_ registration: ContainerRegistration) -> KeyNode {
    let name = registration.keys.first?.description ?? "registration dpend cannot read"
    let scope = registration.scope.map { "scope \($0)" } ?? "default scope"
    let group = registration.gate?.name ?? (registration.lookupScope.isEmpty ? nil : registration.lookupScope)
    return KeyNode(
      kind: .registration, name: name, detail: "\(registration.dialect.displayName), \(scope)",
      range: registration.range, group: group,
      groupRange: group.flatMap { declaration(of: $0, in: registration.range.file) })
  }

  /// The declaration of the type `group` names in `file`, when there is one: its name.
  private func declaration(of group: String, in file: String) -> SourceRange? {
    let types = declared.types(in: file, of: graph)
    let last = group.split(separator: ".").last.map(String.init) ?? group
    return types.first { $0.name == group }?.range
      ?? types.first { $0.name == last || $0.name.hasSuffix("." + last) }?.range
  }

  func node(_ factory: Factory) -> KeyNode {
    var group: String?
    if case .configurationMethod(let configuration, _, _) = factory.kind { group = configuration.name }
    let groupRange = group.flatMap { declaration(of: $0, in: factory.range.file) }
    return KeyNode(
      kind: .provider, name: factory.key.description, detail: "\(factory.displayName), scope \(factory.scope.rawValue)",
      range: factory.range, group: group, groupRange: groupRange)
  }

  /// A resolve outside registrations, named after where it is.
  func node(resolve site: ContainerSite) -> KeyNode {
    let file = site.site.range.file.split(separator: "/").last.map(String.init) ?? site.site.range.file
    return KeyNode(
      kind: .resolve, name: "\(file):\(site.site.range.start.line)",
      detail: "resolves \(site.key?.description ?? "a type dpend cannot read")", range: site.site.range, group: nil)
  }

  func missing(_ key: String, at range: SourceRange) -> KeyNode {
    KeyNode(kind: .missing, name: key, detail: "not registered", range: range, group: nil)
  }

  /// `true` when nothing registers what `site` asks for, anywhere: not an unread registration
  /// that might, nor one in another target or setup the app does not reach.
  func isUnregistered(_ site: ContainerSite) -> Bool {
    site.key != nil && site.site.dialect.checksPresence && index.registrations(answering: site).isEmpty
      && index.unreadRegistrations(possiblyAnswering: site).isEmpty && index.unseenRegistrations(for: site).isEmpty
  }
}

/// The types declared in each file asked about, from its summary, decoded once.
private final class DeclaredTypes {
  private var byFile: [String: [TypeDeclaration]] = [:]

  func types(in file: String, of graph: DependencyGraph) -> [TypeDeclaration] {
    if let known = byFile[file] { return known }
    let types = graph.summary(of: file)?.types ?? []
    byFile[file] = types
    return types
  }
}
