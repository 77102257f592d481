import DpendTestSupport
import Foundation
import Testing

@Suite struct SARIFFormatTests {
  @Test func sarifLogForAMissingDependency() throws {
    let workspace = try TemporaryWorkspace(Fixtures.missingStore)
    let result = try workspace.run("analyze", "--format", "sarif", "--implicit-filter", ".*Impl")
    #expect(result.status == 1)
    #expect(result.stderr == "")
    try expectGolden(result.stdout, named: "missing-store.sarif")
  }

  @Test func versionIsPrinted() throws {
    let result = try runDpend(["--version"])
    #expect(result == ProcessResult(status: 0, stdout: "0.1.0\n", stderr: ""))
  }
}
