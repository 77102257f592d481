import DpendTestSupport
import Foundation
import Testing

/// Compares `actual` with the golden file `Goldens/<name>` beside the tests.
///
/// Run with `DPEND_UPDATE_GOLDENS=1` to rewrite the file instead, then review the diff.
func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let url = Repository.url("Tests/DpendCLITests/Goldens").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["DPEND_UPDATE_GOLDENS"] == "1" {
    try actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = try? String(contentsOf: url, encoding: .utf8)
  #expect(
    expected != nil, "missing golden file \(name); run with DPEND_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
  #expect(actual == expected, "output differs from Goldens/\(name)", sourceLocation: sourceLocation)
}
