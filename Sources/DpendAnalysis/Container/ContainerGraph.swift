import DpendModel

/// The container registrations of the workspace (Dip, Swinject), each with what its factory
/// needs, every need's type resolved as ``ContainerCheck`` resolves it (an initializer
/// parameter looked up in the analysed sources): the container graph `dpend tree` draws.
/// Every build configuration at once: a registration under `#if` is in the graph with its
/// conditions.
public struct ContainerGraph: Hashable, Sendable {
  public static func == (lhs: ContainerGraph, rhs: ContainerGraph) -> Bool { lhs.nodes == rhs.nodes }
  public func hash(into hasher: inout Hasher) { hasher.combine(nodes) }

  /// One registration and what it needs.
  public struct Node: Hashable, Sendable {
    public var registration: ContainerRegistration
    /// What the factory resolves (and, for `Impl.init` factories, the initializer's
    /// parameters), by position, then what is resolved by property injection, by position.
    public var needs: [Need]
    /// The build targets compiling the registration's file, when the workspace has several
    /// (``TargetVisibility``); empty otherwise.
    public var targets: [String] = []
    /// The container instance it registers into, when the workspace has several dpend tells
    /// apart (``InstanceGraph``) and knows this one (`previewContainer`); `nil` otherwise.
    public var container: String?

    public init(
      registration: ContainerRegistration, needs: [Need], targets: [String] = [], container: String? = nil
    ) {
      self.registration = registration
      self.needs = needs
      self.targets = targets
      self.container = container
    }
  }

  /// One resolve a registration's factory makes.
  public struct Need: Hashable, Sendable {
    /// The resolve as read.
    public var site: ResolveSite
    /// The type asked for; `nil` when it cannot be known.
    public var type: String?
    /// Why the type cannot be known; `nil` when it is.
    public var unread: String?
    /// `true` for a resolve after the instance exists (Swinject `initCompleted`, Dip
    /// `resolvingProperties`).
    public var isPropertyInjection: Bool

    /// A need of `type`; when that is `nil`, why: the site's own reason, else `unread`.
    public init(site: ResolveSite, type: String?, unread: String? = nil, isPropertyInjection: Bool = false) {
      self.site = site
      self.type = type
      self.unread = type == nil ? site.unread ?? unread : nil
      self.isPropertyInjection = isPropertyInjection
    }

    /// The key asked for: the type, the site's name or tag and its runtime arguments.
    public var key: ContainerKey? {
      type.map { ContainerKey(type: $0, name: site.name, argumentCount: site.argumentCount) }
    }
  }

  /// Every registration, in file then position order.
  public let nodes: [Node]
  /// For each registered type, the positions in ``nodes`` of the read registrations of it.
  private let readByType: [String: [Int]]

  /// Which registrations answer which needs beyond their keys, as in the check (targets,
  /// reached gates).
  let filter: ContainerAnswers

  /// A graph of `nodes` (in file then position order).
  public init(nodes: [Node] = []) {
    self.init(nodes: nodes, filter: ContainerAnswers())
  }

  init(nodes: [Node], filter: ContainerAnswers) {
    self.nodes = nodes
    self.filter = filter
    var readByType: [String: [Int]] = [:]
    for (index, node) in nodes.enumerated() where node.registration.unread == nil {
      for type in node.registration.types { readByType[type, default: []].append(index) }
    }
    self.readByType = readByType
  }

  /// `true` when no registration was found.
  public var isEmpty: Bool { nodes.isEmpty }

  /// The positions in ``nodes`` of the read registrations answering `need`, by the check's
  /// rule (``ContainerAnswers/answering(_:among:_:)``).
  public func registrations(answering need: Need) -> [Int] {
    guard let type = need.type else { return [] }
    return filter.answering(need.site, among: ContainerAnswers.registered(type, in: readByType)) {
      nodes[$0].registration
    }
  }

  /// `true` when no read registration answers `need` but one dpend could not read might
  /// (part of its key is unknown): the check stays silent about such a need.
  public func mayBeAnsweredByUnread(_ need: Need) -> Bool {
    guard let type = need.type else { return false }
    return nodes.contains { node in
      let registration = node.registration
      return registration.unread != nil && (registration.types.isEmpty || registration.types.contains(type))
        && filter.mightAnswer(need.site, unread: registration)
    }
  }

  /// For each key of `dialect` on a cycle of resolves from registration to registration
  /// (property injection excluded, as containers break cycles with it), the number of its
  /// cycle: an edge between two keys with the same number lies on that cycle.
  public func cycleComponents(of dialect: Dialect) -> [ContainerKey: Int] {
    var edges: [String: [String]] = [:]
    var keys: [String: ContainerKey] = [:]
    for node in nodes where node.registration.unread == nil && node.registration.dialect == dialect {
      for key in node.registration.keys {
        keys[key.description] = key
        for need in node.needs where !need.isPropertyInjection {
          guard let type = need.type else { continue }
          for target in registrations(answering: need) {
            let targetKey = ContainerKey(
              type: type, name: nodes[target].registration.name, argumentCount: nodes[target].registration.argumentCount
            )
            edges[key.description, default: []].append(targetKey.description)
          }
        }
      }
    }
    var result: [ContainerKey: Int] = [:]
    for (number, component) in SuccessorLists.cycles(of: edges).enumerated() {
      for key in component { result[keys[key]!] = number }
    }
    return result
  }
}
