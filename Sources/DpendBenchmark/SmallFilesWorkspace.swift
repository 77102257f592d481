import Foundation

/// Generates `fileCount` files of about 300 bytes, each one class with 1–3 injected
/// dependencies on earlier files' protocols: the shape code generators of dependency
/// injection are compared on, where per-file and per-process costs dominate the parse.
///
/// The graph is valid: every dependency is an earlier file's protocol, implemented by its
/// `…Impl` class (the implicit filter `.*Impl`).
struct SmallFilesWorkspace: SyntheticFiles {
  let fileCount: Int

  /// The file's relative path and text.
  func file(_ index: Int) -> (path: String, text: String) {
    var random = SplitMix(seed: UInt64(index) &* 0x2545_F491 &+ 5)
    let count = index == 0 ? 0 : 1 + Int(random.next() % 3)
    let dependencies = (0..<count).map { _ in Int(random.next() % UInt64(max(index, 1))) }
    let parameters = dependencies.enumerated().map { "dependency\($0.offset): Unit\($0.element)" }
    let stored = dependencies.enumerated().map { "  private let dependency\($0.offset): Unit\($0.element)\n" }
    let assignments = dependencies.indices.map { "    self.dependency\($0) = dependency\($0)\n" }
    let text = """
      /// Unit \(index) of the small-files workspace.
      protocol Unit\(index): AnyObject {}

      final class Unit\(index)Impl: Unit\(index) {
      \(stored.joined())  init(\(parameters.joined(separator: ", "))) {
      \(assignments.joined())  }
      }

      """
    return ("Sources/Units\(index % 50)/Unit\(index).swift", text)
  }
}
