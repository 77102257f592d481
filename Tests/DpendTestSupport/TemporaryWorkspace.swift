import Foundation

/// A fresh folder under the system's temporary directory for one test, removed when the
/// object goes (or by ``remove()``).
///
/// Paths given to its methods are relative to ``root``. Tests run in parallel and the current
/// directory is process-wide, so nothing here changes it: use absolute paths or a process's
/// own working directory.
public final class TemporaryWorkspace: @unchecked Sendable {
  /// The folder.
  public let root: URL

  /// A new folder holding `files` (relative path → text); directories are created as needed.
  /// `prefix` starts the folder's name, to tell leftovers apart.
  public init(_ files: [String: String] = [:], prefix: String = "dpend-test") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  /// A new folder holding a copy of `folder`'s contents.
  public init(copying folder: URL, prefix: String = "dpend-test") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: folder, to: root)
  }

  deinit { remove() }

  /// Removes the folder and everything in it (again after a first time: nothing happens).
  public func remove() { try? FileManager.default.removeItem(at: root) }

  /// The URL of `path`.
  public func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// The absolute file-system path of `path`.
  public func path(_ path: String) -> String { url(path).path }

  /// The `file://` URI of `path`, as a language server writes it.
  public func uri(_ path: String) -> String { url(path).absoluteString }

  /// Writes `text` to `path`, creating its directories.
  public func write(_ path: String, _ text: String) throws {
    let file = url(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// Creates the directory `path` and the directories above it.
  public func makeDirectory(_ path: String) throws {
    try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
  }

  /// The text of `path`, `nil` when it cannot be read.
  public func read(_ path: String) -> String? { try? String(contentsOf: url(path), encoding: .utf8) }

  /// Removes the file or directory at `path`.
  public func remove(_ path: String) throws { try FileManager.default.removeItem(at: url(path)) }

  /// The modification date of `path`.
  public func modificationDate(_ path: String) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: self.path(path))
    guard let date = attributes[.modificationDate] as? Date else { throw CocoaError(.fileReadUnknown) }
    return date
  }

  /// The names in the directory `path` (`""` for the folder itself), sorted.
  public func contents(of path: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: self.path(path)).sorted()
  }
}
