import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `dpend analyze` run as users run it: a new process for the workspace (`--workspace`, so its
/// `.dpend.json` applies), from its start to its exit, its output thrown away.
struct AnalyzeProcess {
  /// The `dpend` executable.
  let binary: String
  /// The workspace analysed.
  let root: String

  /// What one run took.
  struct Measurement {
    /// Wall-clock seconds from the spawn to the exit.
    var seconds: Double
    /// The process's peak resident memory (`ru_maxrss` of its own `wait4`), in bytes.
    var peakResidentBytes: Int
  }

  /// Seconds one `dpend analyze <arguments>` in `root` took.
  func time(_ arguments: [String]) throws -> Double {
    try measure(arguments).seconds
  }

  /// Seconds and peak memory of one `dpend analyze <arguments>` in `root`. An exit status other
  /// than 0 or 1 (the settings refused, a crash) is an error: its figures would measure
  /// nothing.
  func measure(_ arguments: [String]) throws -> Measurement {
    // The workspace named as a user in its folder has it: its `.dpend.json` (the implicit
    // filters) applies.
    let argv = [binary, "analyze", "--workspace", root] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, binary, &actions, nil, &cArguments, environ)
    guard spawned == 0 else { throw Failure(arguments: arguments, status: Int32(spawned)) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = ContinuousClock.now - start
    let exited = (status & 0x7f) == 0
    let code = (status >> 8) & 0xff
    guard exited, code <= 1 else { throw Failure(arguments: arguments, status: exited ? code : status & 0x7f) }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    // Linux reports `ru_maxrss` in kilobytes.
    return Measurement(seconds: seconds, peakResidentBytes: Int(usage.ru_maxrss) * 1024)
  }

  /// A run that ended neither with 0 nor with 1.
  struct Failure: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    var description: String { "dpend analyze \(arguments.joined(separator: " ")) ended with status \(status)" }
  }
}
