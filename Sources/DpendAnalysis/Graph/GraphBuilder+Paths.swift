import DpendModel

/// The builder's files in path order, and its diagnostics in reporting order.
extension GraphBuilder {
  /// Adds new paths, keeping `paths` sorted: one by one when few, by sorting when many.
  func insertPaths(_ added: [String]) {
    if added.count > 16 {
      paths = (paths + added).sorted()
    } else {
      for path in added { paths.insert(path, at: insertionIndex(of: path)) }
    }
  }

  func removePath(_ path: String) {
    let index = insertionIndex(of: path)
    if index < paths.count && paths[index] == path { paths.remove(at: index) }
  }

  func insertionIndex(of path: String) -> Int {
    paths.sortedIndex(of: path)
  }

  func collectDiagnostics() -> [Diagnostic] {
    var all: [Diagnostic] = []
    for path in paths { all += files[path]!.diagnostics }
    all += keyStage.diagnostics
    return all.sorted(by: Diagnostic.reportingOrder)
  }
}
