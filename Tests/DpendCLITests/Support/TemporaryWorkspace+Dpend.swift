import DpendTestSupport
import Foundation

extension TemporaryWorkspace {
  /// Runs the built `dpend arguments…` with this folder as the current directory.
  func run(_ arguments: String...) throws -> ProcessResult {
    try ProcessRunner.run(BuiltProduct.dpend, arguments, in: root)
  }
}

/// Runs the built `dpend arguments…` in `directory` (the repository's root by default).
func runDpend(_ arguments: [String], in directory: URL = Repository.root) throws -> ProcessResult {
  try ProcessRunner.run(BuiltProduct.dpend, arguments, in: directory)
}
