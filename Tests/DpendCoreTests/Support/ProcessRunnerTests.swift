import DpendTestSupport
import Foundation
import Testing

/// The one way the tests run programs (`dpend`, `swiftc`, `dot`, editors).
@Suite struct ProcessRunnerTests {
  @Test func outputErrorAndStatusAreKeptApart() throws {
    let result = try ProcessRunner.run(program: "sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(result == ProcessResult(status: 3, stdout: "out\n", stderr: "err\n"))
  }

  @Test func combinedOutputKeepsTheOrderOfWriting() throws {
    let result = try ProcessRunner.run(
      program: "sh", ["-c", "echo one; echo two >&2; echo three"], combiningOutput: true)
    #expect(result == ProcessResult(status: 0, stdout: "one\ntwo\nthree\n", stderr: ""))
  }

  @Test func inputEnvironmentAndDirectoryReachTheProgram() throws {
    let workspace = try TemporaryWorkspace(["here.txt": ""])
    let result = try ProcessRunner.run(
      program: "sh", ["-c", "cat; echo \"$DPEND_RUNNER_TEST\"; ls"], in: workspace.root,
      environment: ["DPEND_RUNNER_TEST": "set"], input: "from standard input\n")
    #expect(result == ProcessResult(status: 0, stdout: "from standard input\nset\nhere.txt\n", stderr: ""))
  }

  @Test func aProgramPastItsTimeLimitIsKilled() throws {
    let started = Date()
    let timeout = #expect(throws: ProcessRunner.Timeout.self) {
      try ProcessRunner.run(program: "sh", ["-c", "echo started; sleep 30"], timeout: 0.5)
    }
    #expect(timeout?.output == "started\n")
    #expect(Date().timeIntervalSince(started) < 20)
  }
}
