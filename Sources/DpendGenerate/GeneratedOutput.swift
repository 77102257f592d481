import DpendAnalysis
import DpendModel

/// What `dpend generate` writes for a graph: `.dpendmodule` JSON in library mode, the
/// container's Swift file in application mode.
public enum GeneratedOutput {
  /// The file's complete text.
  public static func text(for graph: DependencyGraph, container: ContainerKind = .standard) -> String {
    switch graph.mode {
    case .library:
      return LibraryModule.encode(libraryOrder(graph.localFactories))
    case .application:
      return container.generator.generate(graph)
    }
  }

  /// Factories by key, then in declaration order (so the first satisfiable initializer
  /// rule still holds for whoever reads the library).
  static func libraryOrder(_ factories: [Factory]) -> [Factory] {
    factories.enumerated().sorted { lhs, rhs in
      lhs.element.key != rhs.element.key ? lhs.element.key < rhs.element.key : lhs.offset < rhs.offset
    }.map(\.element)
  }
}
