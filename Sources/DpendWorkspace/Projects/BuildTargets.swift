import Foundation

/// Which build target compiles each Swift file of a workspace (SPEC 8.6): read from the Swift
/// packages (``SwiftPackage``) and Xcode projects (``XcodeProject``) under the root, and, for a
/// file none claims, from SwiftPM's and Xcode's folder conventions (`…Tests`, `…UITests`, `…Extension`). Not yet used
/// by the analysis; `dpend analyze --verbose` lists the targets found.
public struct BuildTargets: Hashable, Sendable {
  /// A target and where it was read.
  public struct Target: Hashable, Sendable {
    public var name: String
    /// What kind of product it builds.
    public var kind: Kind
    /// The names of the targets it depends on.
    public var dependencies: [String]
    /// The platforms it builds for (empty when unknown).
    public var platforms: [String]
    /// The project file or manifest it was read from, or `nil` for a folder convention.
    public var project: String?
  }

  /// The kind of product a target builds.
  public enum Kind: String, Hashable, Sendable {
    case application, tests
    case appExtension = "extension"
    case library, other
  }

  /// The targets, packages' and projects' first in their order, then the folder conventions'.
  public var targets: [Target] = []
  /// The names of the targets compiling each file (absolute, standardized paths).
  public var targetsOfFile: [String: [String]] = [:]

  /// The targets of `files` (absolute paths) under `root`, reading each `project.pbxproj` with
  /// `read`; a project that cannot be read is left out (its files fall to the conventions).
  /// Each Swift package under the root is described by `describe` (the toolchain's
  /// description, ``SwiftPackage/describe(folder:)``); one it cannot describe falls to the
  /// conventions.
  public static func discover(
    root: String, files: [String], read: (String) -> String?,
    describe: (String) -> SwiftPackage? = SwiftPackage.describe(folder:)
  ) -> BuildTargets {
    var result = BuildTargets()
    let root = URL(fileURLWithPath: root).standardizedFileURL.path
    let files = files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    let wanted = Set(files)
    let (projects, manifests) = projectFiles(under: root)
    for manifest in manifests {
      let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent()
      guard let package = describe(folder.path) else { continue }
      let relative = String(manifest.dropFirst(min(manifest.count, root.count)).drop { $0 == "/" })
      for target in package.targets {
        let kinds: [String: Kind] = ["test": .tests, "executable": .application, "library": .library]
        result.targets.append(
          Target(
            name: target.name, kind: kinds[target.type] ?? .other, dependencies: target.dependencies,
            platforms: package.platforms, project: relative))
        for source in target.sources {
          let path = folder.appendingPathComponent(target.path).appendingPathComponent(source).standardizedFileURL.path
          if wanted.contains(path) { result.targetsOfFile[path, default: []].append(target.name) }
        }
      }
    }
    for project in projects {
      guard let text = read(project), let parsed = try? XcodeProject(parsing: text) else { continue }
      let folder = URL(fileURLWithPath: project).deletingLastPathComponent().deletingLastPathComponent()
      let relative = String(project.dropFirst(min(project.count, root.count)).drop { $0 == "/" })
      for target in parsed.targets {
        result.targets.append(
          Target(
            name: target.name, kind: kind(ofProduct: target.productType), dependencies: target.dependencies,
            platforms: target.platforms, project: relative))
        let explicit = (target.sources + target.includedFiles).map {
          folder.appendingPathComponent($0).standardizedFileURL.path
        }
        for path in explicit where wanted.contains(path) { result.targetsOfFile[path, default: []].append(target.name) }
        for synchronized in target.synchronizedFolders {
          let prefix = folder.appendingPathComponent(synchronized.path).standardizedFileURL.path + "/"
          let excluded = Set(synchronized.excluded.map { folder.appendingPathComponent($0).standardizedFileURL.path })
          for path in files where path.hasPrefix(prefix) && !excluded.contains(path) {
            result.targetsOfFile[path, default: []].append(target.name)
          }
        }
      }
    }
    // A file no project compiles: its folder names its target.
    let hasProjects = !result.targets.isEmpty
    var conventional: [String: Target] = [:]
    for path in files where result.targetsOfFile[path] == nil {
      let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
      let folders = relative.split(separator: "/").dropLast().map(String.init)
      var (name, kind) = conventionalTarget(folders) { packageFolders in
        FileManager.default.fileExists(atPath: ([root] + packageFolders + ["Package.swift"]).joined(separator: "/"))
      }
      // Beside a project that does not compile it: in no target.
      if name.isEmpty, hasProjects { (name, kind) = (Self.noTarget, .other) }
      result.targetsOfFile[path] = [name]
      if conventional[name] == nil {
        conventional[name] = Target(name: name, kind: kind, dependencies: [], platforms: [], project: nil)
      }
    }
    result.targets += conventional.keys.sorted().map { conventional[$0]! }
    return result
  }

  /// The name of the files beside a project that none of its targets compiles.
  static let noTarget = "(in no target)"

  /// The folder naming a file's target by SwiftPM's and Xcode's conventions: the innermost
  /// `…UITests`, `…Tests` or `…Extension` folder, else `<package>/Sources/<Name>` when
  /// `isPackage(<package>'s folders)`, else the app (`""`).
  public static func conventionalTarget(_ folders: [String], isPackage: ([String]) -> Bool) -> (
    name: String, kind: Kind
  ) {
    for folder in folders.reversed() {
      if folder.hasSuffix("Tests") && folder != "Tests" { return (folder, .tests) }
      if folder.hasSuffix("Extension") { return (folder, .appExtension) }
    }
    for (index, folder) in folders.enumerated() where folder == "Sources" && index + 1 < folders.count {
      if isPackage(Array(folders[..<index])) { return (folders[index + 1], .library) }
    }
    return ("", .application)
  }

  private static func kind(ofProduct type: String) -> Kind {
    if type.hasSuffix(".application") || type.hasSuffix(".application.watchapp2") { return .application }
    if type.contains("test") { return .tests }
    if type.contains("extension") { return .appExtension }
    if type.contains("framework") || type.contains("library") { return .library }
    return .other
  }

  /// Every `project.pbxproj` and `Package.swift` under `root`, outside hidden folders, `.build`
  /// and `Pods`, sorted.
  private static func projectFiles(under root: String) -> (xcode: [String], packages: [String]) {
    guard
      let enumerator = FileManager.default.enumerator(
        at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey],
        options: [.skipsHiddenFiles, .skipsPackageDescendants])
    else { return ([], []) }
    var xcode: [String] = []
    var packages: [String] = []
    for case let url as URL in enumerator {
      if url.lastPathComponent == ".build" || url.lastPathComponent == "Pods" {
        enumerator.skipDescendants()
      } else if url.pathExtension == "xcodeproj" {
        enumerator.skipDescendants()
        xcode.append(url.appendingPathComponent("project.pbxproj").standardizedFileURL.path)
      } else if url.lastPathComponent == "Package.swift" {
        packages.append(url.standardizedFileURL.path)
      }
    }
    return (xcode.sorted(), packages.sorted())
  }

  /// `true` when no project file was found and every file is the app's: nothing to say.
  public var isOnlyTheApp: Bool { targets.allSatisfy { $0.project == nil && $0.name.isEmpty } }

  /// One line for `--verbose`: each target, its files and where it was read.
  public var summaryLine: String {
    var counts: [String: Int] = [:]
    for names in targetsOfFile.values { for name in names { counts[name, default: 0] += 1 } }
    let listed = targets.map { target in
      if target.name == Self.noTarget { return "\(Self.files(counts[target.name] ?? 0)) in no target" }
      let name = target.name.isEmpty ? "the app (no project file)" : "'\(target.name)'"
      var facts = [Self.files(counts[target.name] ?? 0), target.kind.rawValue]
      if !target.platforms.isEmpty { facts.append(target.platforms.joined(separator: "/")) }
      if !target.dependencies.isEmpty {
        facts.append("depends on " + target.dependencies.map { "'\($0)'" }.joined(separator: ", "))
      }
      facts.append(target.project.map { "from \($0)" } ?? "by folder convention")
      return "\(name) (\(facts.joined(separator: ", ")))"
    }
    return "build targets: " + (listed.isEmpty ? "none" : listed.joined(separator: "; "))
  }

  private static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
}
