import DpendAnalysis
import DpendModel

/// Renders the graph in Graphviz's DOT language: one box per key labelled with its
/// factory, one arrow per dependency. Keys nothing provides are red dashed boxes; edges
/// on a cycle are red and bold; optional dependencies are dashed. The registrations of
/// containers the app already has (Dip, Swinject) follow in a cluster per dialect, as
/// ``ContainerDotRenderer`` draws them.
public enum DotRenderer {
  /// The DOT text `dpend tree --format dot` prints.
  public static func render(_ graph: DependencyGraph) -> String {
    DotWriter.write(drawing(of: graph))
  }

  /// The graph's boxes and arrows: dpend's own factories, then each container's cluster.
  public static func drawing(of graph: DependencyGraph) -> GraphDrawing {
    var drawing = GraphDrawing()
    let keys = graph.resolved.keys.sorted()
    for key in keys {
      let factory = graph.resolved[key]!
      let scope = factory.scope == .unique ? [] : ["(\(factory.scope.rawValue))"]
      drawing.nodes.append(
        GraphDrawing.Node(name: key.description, key: key.description, details: [factory.displayName] + scope))
    }
    for key in graph.unprovidedKeys {
      drawing.nodes.append(
        GraphDrawing.Node(name: key.description, key: key.description, details: ["(missing)"], isMissing: true))
    }
    for key in keys {
      let factory = graph.resolved[key]!
      for dependency in factory.dependencies {
        let isOptional = factory.parameters.contains { $0.dependency == dependency && $0.isOptional }
        let isProvided = graph.resolved[dependency] != nil
        // An optional dependency nothing provides is simply passed nil: nothing to draw.
        if !isProvided && isOptional { continue }
        let kind: GraphDrawing.EdgeKind =
          graph.isCyclicEdge(from: key, to: dependency) ? .cycle : isProvided ? .plain : .toMissing
        drawing.edges.append(
          GraphDrawing.Edge(from: key.description, to: dependency.description, kind: kind, isDashed: isOptional))
      }
    }
    ContainerDotRenderer.draw(graph.container.graph, into: &drawing)
    return drawing
  }
}
