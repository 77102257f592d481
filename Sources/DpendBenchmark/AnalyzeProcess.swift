import Foundation

/// `dpend analyze` run as users run it: a new process, from its start to its exit, its
/// output thrown away.
struct AnalyzeProcess {
  /// The `dpend` executable.
  let binary: String
  /// The workspace analysed.
  let root: String

  /// Seconds one `dpend analyze <root> <arguments>` took. An exit status other than 0 or 1
  /// (the settings refused, a crash) is an error: its time would measure nothing.
  func time(_ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["analyze", root] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let seconds = try Statistics.time {
      try process.run()
      process.waitUntilExit()
    }
    guard process.terminationReason == .exit, process.terminationStatus <= 1 else {
      throw Failure(arguments: arguments, status: process.terminationStatus)
    }
    return seconds
  }

  /// A run that ended neither with 0 nor with 1.
  struct Failure: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    var description: String { "dpend analyze \(arguments.joined(separator: " ")) ended with status \(status)" }
  }
}
