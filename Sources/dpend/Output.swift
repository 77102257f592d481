import Foundation

/// What a command keeps until the process exits instead of freeing it: tearing down a
/// workspace's summaries, tables and graph object by object takes about a tenth of a warm
/// run, and the exit returns the memory at once.
enum KeptUntilExit {
  nonisolated(unsafe) private static var objects: [AnyObject] = []

  /// Keeps `object` alive until the process exits.
  static func keep(_ object: AnyObject) { objects.append(object) }
}

/// Where the command line writes.
enum Output {
  /// Writes to standard output as is.
  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes one line to standard error.
  static func error(_ line: String) {
    errorText(line + "\n")
  }

  /// Writes to standard error as is.
  static func errorText(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
