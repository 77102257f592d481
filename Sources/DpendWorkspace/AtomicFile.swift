import Foundation

/// Writes generated files so that a reader never sees half a file and an unchanged file
/// keeps its modification time (builds stay incremental).
public enum AtomicFile {
  /// What ``write(_:to:)`` did.
  public enum Outcome: Equatable, Sendable {
    /// The file already had exactly this text; it was not touched.
    case unchanged
    /// The file was created or replaced.
    case written
  }

  /// Writes `text` to `path` through a temporary file in the same directory and a rename.
  /// - Throws: the underlying error when the directory cannot be created or written.
  public static func write(_ text: String, to path: String) throws -> Outcome {
    let data = Data(text.utf8)
    if let existing = FileManager.default.contents(atPath: path), existing == data { return .unchanged }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).dpend-\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    return .written
  }
}
