import Foundation

/// What one run of the `dpend` binary did.
struct RunResult: Equatable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs the `dpend` binary that SwiftPM built next to the test bundle.
enum DpendProcess {
  /// The binary: `$DPEND_BINARY`, or `dpend` beside the running test executable.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["DPEND_BINARY"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dpend")
  }()

  /// Runs `dpend arguments…` in `directory` and waits for it to exit.
  static func run(_ arguments: [String], in directory: URL) throws -> RunResult {
    try run(binary, arguments, in: directory)
  }

  /// Runs `executable arguments…` and waits for it to exit; with `combiningOutput`, standard
  /// error goes to ``RunResult/stdout`` too, in the order written.
  static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, combiningOutput: Bool = false
  ) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    // Files, not pipes: a full pipe cannot block the child while the test waits.
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = combiningOutput ? stdout : try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    if !combiningOutput { try stderr.close() }
    return RunResult(
      status: process.terminationStatus,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8))
  }
}

/// A directory of files for one test, removed when the test ends.
final class TemporaryWorkspace {
  let url: URL

  init(_ files: [String: String]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-ws-\(UUID().uuidString)")
    for (path, text) in files { try write(path, text) }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `text` to `path` (relative), creating directories.
  func write(_ path: String, _ text: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// The text of `path`, or `nil` when it does not exist.
  func read(_ path: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }

  /// `path`'s modification date.
  func modificationDate(_ path: String) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)
    return attributes[.modificationDate] as! Date
  }

  /// Runs `dpend arguments…` with this directory as the current directory.
  func run(_ arguments: String...) throws -> RunResult {
    try DpendProcess.run(arguments, in: url)
  }
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
