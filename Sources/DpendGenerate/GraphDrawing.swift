/// The dependency graph as boxes and arrows, before it is written in a language:
/// ``DotRenderer`` makes it from a graph, ``DotWriter`` writes it as DOT, and
/// ``neighbourhood(ofKey:depth:)`` cuts one key's part out of it.
///
/// Nodes and edges keep the order they are written in; a node or an edge drawn in a
/// container's cluster names it by its index in ``clusters``.
public struct GraphDrawing: Equatable, Sendable {
  /// A box: one key and the lines that say what makes it.
  public struct Node: Hashable, Sendable {
    /// The node's name in the drawing, unique: the key (`Clock`), prefixed with the dialect
    /// for a container's key (`swinject:Clock`).
    public var name: String
    /// The key as written (`Clock`): what a search matches and `dpend graph --key` names.
    public var key: String
    /// The label's lines after the key: the factory and its scope, each registration,
    /// `(missing)`.
    public var details: [String]
    /// Nothing provides or registers the key.
    public var isMissing: Bool
    /// The key a neighbourhood was asked for.
    public var isFocus = false
    /// The index of the cluster drawing it; `nil` outside every cluster.
    public var cluster: Int?

    /// A node with these parts.
    public init(name: String, key: String, details: [String], isMissing: Bool = false, cluster: Int? = nil) {
      self.name = name
      self.key = key
      self.details = details
      self.isMissing = isMissing
      self.cluster = cluster
    }
  }

  /// What an edge says besides "needs".
  public enum EdgeKind: Hashable, Sendable {
    /// An ordinary need.
    case plain
    /// A need on a dependency cycle (drawn red and bold).
    case cycle
    /// A need of a key nothing provides (drawn red).
    case toMissing
  }

  /// An arrow from a key to a key it needs, by node name.
  public struct Edge: Hashable, Sendable {
    /// The needing node's name.
    public var from: String
    /// The needed node's name.
    public var to: String
    /// Plain, on a cycle, or to a missing key.
    public var kind: EdgeKind
    /// An optional dependency or a property injection: drawn dashed.
    public var isDashed: Bool
    /// The index of the cluster it is written in; `nil` outside every cluster.
    public var cluster: Int?

    /// An edge with these parts.
    public init(from: String, to: String, kind: EdgeKind = .plain, isDashed: Bool = false, cluster: Int? = nil) {
      self.from = from
      self.to = to
      self.kind = kind
      self.isDashed = isDashed
      self.cluster = cluster
    }
  }

  /// A container's registrations, drawn in a frame of their own.
  public struct Cluster: Hashable, Sendable {
    /// The dialect's name (`swinject`): the cluster is written `cluster_swinject`.
    public var name: String
    /// The frame's caption (`Swinject container`).
    public var label: String

    /// A cluster with these parts.
    public init(name: String, label: String) {
      self.name = name
      self.label = label
    }
  }

  /// Every declared node, in the order written.
  public var nodes: [Node]
  /// Every edge, in the order written.
  public var edges: [Edge]
  /// The containers' frames.
  public var clusters: [Cluster]

  /// A drawing of these nodes, edges and clusters.
  public init(nodes: [Node] = [], edges: [Edge] = [], clusters: [Cluster] = []) {
    self.nodes = nodes
    self.edges = edges
    self.clusters = clusters
  }
}
