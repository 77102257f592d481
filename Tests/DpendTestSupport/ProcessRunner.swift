import Foundation

/// What one run of a program did.
public struct ProcessResult: Equatable, Sendable, CustomStringConvertible {
  /// The exit status (the signal number when a signal ended it).
  public var status: Int32
  /// Everything written to standard output; with standard error too when the run combined them.
  public var stdout: String
  /// Everything written to standard error; empty when the run combined it with standard output.
  public var stderr: String

  /// A result with these parts.
  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// Standard output, then standard error: everything the program wrote, in the order
  /// written when the run combined the two.
  public var output: String { stdout + stderr }

  /// The status and both outputs, for failure messages.
  public var description: String { "status \(status)\nstandard output:\n\(stdout)\nstandard error:\n\(stderr)" }
}

/// Runs programs to completion and captures what they write.
///
/// Output goes to files, not pipes, so a program that writes a lot never blocks on a full pipe
/// while the test waits for it; standard input is empty unless `input` is given.
public enum ProcessRunner {
  /// A program that ran longer than its time limit; it was killed.
  public struct Timeout: Error, CustomStringConvertible {
    /// The command line.
    public var command: String
    /// What it had written when it was killed.
    public var output: String
    /// The command line and what it wrote.
    public var description: String { "\(command) did not finish in time and was killed; its output:\n\(output)" }
  }

  /// Runs `executable arguments…` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - directory: the working directory; the test process's when `nil`.
  ///   - environment: variables set on top of the test process's environment.
  ///   - input: the text standard input reads; empty when `nil`.
  ///   - combiningOutput: standard error goes to ``ProcessResult/stdout`` too, in the order written.
  ///   - timeout: seconds after which the program is killed (with SIGKILL) and ``Timeout`` thrown.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    input: String? = nil, combiningOutput: Bool = false, timeout: TimeInterval? = nil
  ) throws -> ProcessResult {
    let files = try TemporaryWorkspace(
      ["stdout": "", "stderr": "", "stdin": input ?? ""], prefix: "dpend-process")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
    let stdout = try FileHandle(forWritingTo: files.url("stdout"))
    let stderr = combiningOutput ? stdout : try FileHandle(forWritingTo: files.url("stderr"))
    let stdin = try FileHandle(forReadingFrom: files.url("stdin"))
    defer {
      try? stdout.close()
      if !combiningOutput { try? stderr.close() }
      try? stdin.close()
    }
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let timeout {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if process.isRunning {
        kill(treeOf: process)
        throw Timeout(
          command: ([executable.path] + arguments).joined(separator: " "),
          output: text(files.url("stdout")) + text(files.url("stderr")))
      }
    }
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, stdout: text(files.url("stdout")), stderr: text(files.url("stderr")))
  }

  /// Kills `process` and every process it started, and waits (10 s at most) for it to end.
  ///
  /// With SIGKILL: the program inherits the test thread's signal mask, which may block
  /// SIGTERM. Its descendants go too: Foundation sees a process end only when every process
  /// holding what it inherited has ended, so one left running would keep the wait going.
  private static func kill(treeOf process: Process) {
    let pid = process.processIdentifier
    for victim in [pid] + descendants(of: pid) { Foundation.kill(victim, SIGKILL) }
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
  }

  /// The processes `pid` started, and theirs, read from `/proc` (none where there is no `/proc`).
  private static func descendants(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var children: [Int32: [Int32]] = [:]
    for entry in entries {
      guard let child = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { continue }
      // After the command name in parentheses: the state, then the parent's pid.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(child) }
    }
    var found: [Int32] = []
    var pending = children[pid] ?? []
    while let next = pending.popLast() {
      found.append(next)
      pending += children[next] ?? []
    }
    return found
  }

  /// A file's bytes as text; bytes that are not UTF-8 become U+FFFD.
  private static func text(_ file: URL) -> String {
    String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
  }

  /// Runs `program` found on `PATH` (through `/usr/bin/env`); see ``run(_:_:in:environment:input:combiningOutput:timeout:)``.
  public static func run(
    program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    input: String? = nil, combiningOutput: Bool = false, timeout: TimeInterval? = nil
  ) throws -> ProcessResult {
    try run(
      URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: directory, environment: environment,
      input: input, combiningOutput: combiningOutput, timeout: timeout)
  }
}
