import DpendModel

/// Puts the local factories in the stable order the graph promises: by file, then position.
/// Factories at one position (one initializer providing several keys) keep the order the
/// collectors made them in. Runs after every collector, before anything reads the order.
struct StableFactoryOrder: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    // Integers, not paths, are compared: (file's place in path order, offset, creation order).
    let files = state.symbols.fileOrder
    let order = state.localFactories.enumerated().map { index, factory in
      (file: files[factory.range.file] ?? Int.max, offset: factory.range.start.offset, index: index)
    }
    state.localFactories = order.sorted { ($0.file, $0.offset, $0.index) < ($1.file, $1.offset, $1.index) }
      .map { state.localFactories[$0.index] }
  }
}
