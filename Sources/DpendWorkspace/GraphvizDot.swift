import DpendModel
import Foundation

/// Graphviz's `dot`, found on the `PATH`, drawing DOT as SVG for `dpend graph` and the
/// server's `dpend.showGraph`.
public enum GraphvizDot {
  /// Why no drawing was made, as the line `dpend graph` prints.
  public struct Failure: Error {
    public var message: String
  }

  /// The first executable `dot` in a folder of `PATH`; `nil` when there is none.
  public static func find(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
    for folder in (path ?? "").split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = "\(folder)/dot"
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }

  /// The SVG `dot -Tsvg` draws from `source`.
  public static func svg(_ source: String) throws(Failure) -> String {
    guard let dot = find() else {
      throw Failure(
        message: "error: Graphviz's 'dot' is not on the PATH; install Graphviz (Debian: apt-get install graphviz, "
          + "macOS: brew install graphviz), or write the DOT with --format dot")
    }
    // The source is read from a file: no pipe to write while the output one fills.
    let sourceFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dpend-graph-\(UUID().uuidString).dot")
    defer { try? FileManager.default.removeItem(at: sourceFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tsvg"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try Data(source.utf8).write(to: sourceFile)
      process.standardInput = try FileHandle(forReadingFrom: sourceFile)
      try process.run()
    } catch {
      throw Failure(message: "error: cannot run \(dot): \(error.localizedDescription)")
    }
    // Standard error is read meanwhile, so that neither output waits on a full pipe.
    let errorText = Locked(Data())
    let errorHandle = errors.fileHandleForReading
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let data = errorHandle.readDataToEndOfFile()
      errorText.withLock { $0 = data }
    }
    let drawn = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let detail = String(decoding: errorText.withLock { $0 }, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(message: "error: \(dot) -Tsvg failed (exit status \(process.terminationStatus)): \(detail)")
    }
    return String(decoding: drawn, as: UTF8.self)
  }
}
