import DpendAnalysis
import DpendModel

/// Renders the graph for people: from each key nothing depends on, what makes it and,
/// indented below, what it needs.
/// ```
/// Feed ← FeedImpl.init(store:)
/// └── Store ← Config.store() (singleton)
///     └── Config ← Config.init()
/// ```
/// A key already shown is marked `(see above)`, an edge back into the current path
/// `(cycle)`, a key nothing provides `(missing)`. The registrations of containers the app
/// already has (Dip, Swinject) follow, after an empty line, as ``ContainerTreeRenderer``
/// writes them.
public enum TreeRenderer {
  /// The tree of `graph`; a file under `root` (a folder's path) is named relative to it, as
  /// the command line names it.
  public static func render(_ graph: DependencyGraph, relativeTo root: String? = nil) -> String {
    let factories = renderFactories(graph)
    let container = ContainerTreeRenderer.render(graph.container.graph, relativeTo: root)
    return factories.isEmpty || container.isEmpty ? factories + container : factories + "\n" + container
  }

  private static func renderFactories(_ graph: DependencyGraph) -> String {
    let keys = graph.resolved.keys.sorted()
    let needed = Set(keys.flatMap { graph.resolved[$0]!.dependencies })
    var shown = Set<DependencyKey>()
    var output = ""
    func line(_ key: DependencyKey, optional: Bool) -> String {
      let name = "\(key)\(optional ? "?" : "")"
      guard let factory = graph.resolved[key] else {
        return optional ? "\(name) (not provided: nil)" : "\(name) (missing)"
      }
      let scope = factory.scope == .unique ? "" : " (\(factory.scope.rawValue))"
      return "\(name) ← \(factory.displayName)\(scope)"
    }
    func visit(_ key: DependencyKey, optional: Bool, prefix: String, childPrefix: String, path: [DependencyKey]) {
      var text = line(key, optional: optional)
      if path.contains(key) {
        text += " (cycle)"
      } else if shown.contains(key) {
        text += " (see above)"
      }
      output += prefix + text + "\n"
      guard let factory = graph.resolved[key], !path.contains(key), shown.insert(key).inserted else { return }
      let children = factory.dependencies.map { dependency in
        (dependency, factory.parameters.contains { $0.dependency == dependency && $0.isOptional })
      }
      for (index, (child, isOptional)) in children.enumerated() {
        let last = index == children.count - 1
        visit(
          child, optional: isOptional, prefix: childPrefix + (last ? "└── " : "├── "),
          childPrefix: childPrefix + (last ? "    " : "│   "), path: path + [key])
      }
    }
    for key in keys where !needed.contains(key) {
      visit(key, optional: false, prefix: "", childPrefix: "", path: [])
    }
    // Keys reachable only through cycles have no root; show them from the first one.
    for key in keys where !shown.contains(key) {
      visit(key, optional: false, prefix: "", childPrefix: "", path: [])
    }
    return output
  }
}
