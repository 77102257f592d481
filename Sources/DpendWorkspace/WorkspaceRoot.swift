import Foundation

/// The workspace root of a file when the editor names none (SPEC 9): the outermost folder
/// above it with `Package.swift`, an Xcode project (`*.xcodeproj`, `*.xcworkspace`,
/// `project.yml`), `.dpend.json` or `.git`, looking no higher than the repository (the first folder with `.git`) and never at
/// the user's home folder or above it.
public enum WorkspaceRoot {
  /// The root for the file at `path`, and whether a marker chose it (`false`: the file's
  /// own folder, for lack of any).
  public static func of(
    file path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]
  ) -> (root: String, marked: Bool) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
    let home = home.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    var current = folder
    var found: URL?
    while current.path != home {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
      if names.contains(where: ProjectFileNames.isRootMarker) { found = current }
      if names.contains(".git") { break }
      let parent = current.deletingLastPathComponent().standardizedFileURL
      if parent.path == current.path { break }
      current = parent
    }
    return found.map { ($0.path, true) } ?? (folder.path, false)
  }

  /// `true` for the file system's root, the user's home folder, or a folder holding it.
  public static func isTooWide(_ root: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> Bool {
    let root = URL(fileURLWithPath: root).standardizedFileURL.path
    guard root != "/" else { return true }
    guard let home else { return false }
    let homePath = URL(fileURLWithPath: home).standardizedFileURL.path
    return homePath == root || homePath.hasPrefix(root + "/")
  }
}
