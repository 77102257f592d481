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

  /// The root of a command that names `inputs` (files and folders, relative to `current`,
  /// the current folder) but no workspace: `current` when every input lies in it, or when
  /// there is none; else the root of the folder holding every input, as ``of(file:home:)``
  /// finds it for a file there (that folder itself when no marker is above it), so the
  /// analysed folder's projects are read, not the current folder's; `current` again when
  /// that root ``isTooWide(_:home:)``.
  public static func of(
    inputs: [String], current: String, home: String? = ProcessInfo.processInfo.environment["HOME"]
  ) -> String {
    let here = PathJoin.canonical(current)
    let folders = inputs.map { input -> String in
      let path = PathJoin.canonical(PathJoin.join(here, input))
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      return exists && isFolder.boolValue ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
    guard !folders.isEmpty, !folders.allSatisfy({ PathJoin.isWithin($0, here) }) else { return current }
    var shared = folders[0].split(separator: "/", omittingEmptySubsequences: true)
    for folder in folders.dropFirst() {
      let components = folder.split(separator: "/", omittingEmptySubsequences: true)
      shared = Array(zip(shared, components).prefix { $0 == $1 }.map(\.0))
    }
    let common = "/" + shared.joined(separator: "/")
    let root = of(file: (common == "/" ? "" : common) + "/-", home: home).root
    return isTooWide(root, home: home) ? current : root
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
