import DpendModel

/// Puts the local factories in the stable order the graph promises: by file, then position.
/// Factories at one position (one initializer providing several keys) keep the order the
/// collectors made them in. Runs after every collector, before anything reads the order.
struct StableFactoryOrder: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    state.localFactories = state.localFactories.enumerated().sorted { lhs, rhs in
      lhs.element.range != rhs.element.range ? lhs.element.range < rhs.element.range : lhs.offset < rhs.offset
    }.map(\.element)
  }
}
