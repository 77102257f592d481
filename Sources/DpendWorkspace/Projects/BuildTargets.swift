import DpendModel
import Foundation

/// Which build target compiles each Swift file of a workspace (SPEC 8.6): read from the Swift
/// packages (``SwiftPackage``), Xcode projects (``XcodeProject``) and XcodeGen specs
/// (``XcodeGenProject``) under the root, and, for a file none claims, from SwiftPM's and
/// Xcode's folder conventions (`…Tests`, `…UITests`, `…Extension`). `dpend analyze --verbose`
/// lists the targets found.
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
    /// The compilation conditions each of its build configurations sets (empty when unknown).
    public var conditions: [[String]] = []
  }

  /// The kind of product a target builds.
  public typealias Kind = TargetMap.Kind

  /// The targets, packages' and projects' first in their order, then the folder conventions'.
  public var targets: [Target] = []
  /// The names of the targets compiling each file (absolute, standardized paths).
  public var targetsOfFile: [String: [String]] = [:]
  /// The project files the targets were read from (absolute, standardized paths), the specs
  /// XcodeGen specs include among them: the answer cache is kept for their texts.
  public var projectFiles: [String] = []
  /// A warning for each project file read only in part (an XcodeGen spec's include that
  /// cannot be read) or not at all (a spec that is not YAML).
  public var problems: [Diagnostic] = []

  /// The targets of `files` under `root`, as `projects` describe them (the project files
  /// found beside the sources, ``SourceDiscovery``; those at the root itself are added):
  /// each `project.pbxproj` read with `read`, each Swift package described by `describe`
  /// (the toolchain's description, ``SwiftPackage/describe(folder:)``), each Xcode project's
  /// text made its targets by `parse` (``ProjectDescriptions`` keeps them). A project that
  /// cannot be read, or a package that cannot be described, is left out: its files fall to
  /// the conventions.
  public static func discover(
    root: String, files: [String], projects found: [String], read: (String) -> String?,
    describe: (String) -> SwiftPackage? = SwiftPackage.describe(folder:),
    parse: (_ path: String, _ text: String) -> XcodeProject? = { try? XcodeProject(parsing: $1) }
  ) -> BuildTargets {
    var result = BuildTargets()
    let root = URL(fileURLWithPath: root).standardizedFileURL.path
    let files = files.map(PathJoin.canonical)
    let wanted = Set(files)
    result.projectFiles = projectFiles(found: found, root: root, read: read)
    let all = listedProjectFiles(found: found, root: root)
    let projects = all.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
    let manifests = all.filter { $0.hasSuffix("/Package.swift") }
    var products: [String: [String]] = [:]
    var describedFolders: [String] = []
    for manifest in manifests {
      let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent()
      guard let package = describe(folder.path) else { continue }
      describedFolders.append(folder.standardizedFileURL.path + "/")
      let relative = String(manifest.dropFirst(min(manifest.count, root.count)).drop { $0 == "/" })
      for (product, targets) in package.products where products[product] == nil { products[product] = targets }
      for target in package.targets {
        let kinds: [String: Kind] = ["test": .tests, "executable": .application, "library": .library]
        result.targets.append(
          Target(
            name: target.name, kind: kinds[target.type] ?? .other, dependencies: target.dependencies,
            platforms: package.platforms, project: relative))
        // A file added since the description was kept is in none of its targets: it falls
        // to the conventions, which place it where anything may see it.
        for source in target.sources {
          let path = folder.appendingPathComponent(target.path).appendingPathComponent(source).standardizedFileURL.path
          if wanted.contains(path) { result.targetsOfFile[path, default: []].append(target.name) }
        }
      }
    }
    for project in projects {
      guard let text = read(project), let parsed = parse(project, text) else { continue }
      let folder = URL(fileURLWithPath: project).deletingLastPathComponent().deletingLastPathComponent()
      let relative = String(project.dropFirst(min(project.count, root.count)).drop { $0 == "/" })
      for target in parsed.targets {
        result.targets.append(
          Target(
            name: target.name, kind: kind(ofProduct: target.productType), dependencies: target.dependencies,
            platforms: target.platforms, project: relative, conditions: target.conditions ?? []))
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
    // An XcodeGen spec, unless the project generated from it is beside it (that is what builds).
    let readProjectFolders = Set(
      result.targets.compactMap(\.project).filter { $0.hasSuffix(".pbxproj") }.map {
        URL(fileURLWithPath: root).appendingPathComponent($0).deletingLastPathComponent().deletingLastPathComponent()
          .standardizedFileURL.path
      })
    var specs: [(path: String, relative: String, parsed: Result<XcodeGenProject, XcodeGenError>)] = []
    for spec in all where spec.hasSuffix("/project.yml") && !readProjectFolders.contains(specFolder(of: spec)) {
      guard let text = read(spec) else { continue }
      let relative = String(spec.dropFirst(min(spec.count, root.count)).drop { $0 == "/" })
      specs.append((spec, relative, xcodeGenSpec(at: spec, text: text, read: read)))
    }
    // A spec another one includes is read as part of it, not again on its own.
    let included = Set(
      specs.flatMap { spec in (try? spec.parsed.get()).map { includedSpecs(of: spec.path, $0) } ?? [] })
    for (spec, relative, parsed) in specs where !included.contains(spec) {
      switch parsed {
      case .failure(let error):
        result.problems.append(
          Diagnostic(
            code: .invalidConfiguration, severity: .warning,
            message: "\(relative): cannot read the XcodeGen spec's targets: \(error.reason)", range: .startOfFile(spec))
        )
      case .success(let parsed):
        for problem in parsed.problems {
          result.problems.append(
            Diagnostic(
              code: .invalidConfiguration, severity: .warning, message: "\(relative): \(problem)",
              range: .startOfFile(spec)))
        }
        xcodeGenTargets(parsed, of: spec, relative: relative, files: files, into: &result)
      }
    }
    // A project's dependency on a package's product is one on the product's targets.
    let names = Set(result.targets.map(\.name))
    for index in result.targets.indices {
      result.targets[index].dependencies = result.targets[index].dependencies.flatMap { name in
        names.contains(name) ? [name] : products[name] ?? [name]
      }
    }
    // A file no project compiles: its folder names its target (a package claims only its own
    // folders; beside an Xcode project, a file it does not compile is in no target).
    let hasProjects = result.targets.contains {
      $0.project?.hasSuffix(".pbxproj") == true || $0.project?.hasSuffix("project.yml") == true
    }
    var conventional: [String: Target] = [:]
    // A folder is a test bundle when a file in it imports a test library, an extension when
    // its `Info.plist` declares one: a folder of Swift extensions, or of A/B tests, is the app's.
    var evidence: [String: Bool] = [:]
    let testImports = ["import XCTest", "import Testing", "import Quick", "@testable import"]
    func isTarget(_ folders: [String], _ kind: Kind) -> Bool {
      let folder = ([root] + folders).joined(separator: "/")
      if let known = evidence[folder] { return known }
      let found: Bool
      if kind == .tests {
        found = files.contains { path in
          path.hasPrefix(folder + "/")
            && (read(path).map { text in testImports.contains { TextSearch.contains(text, $0) } } ?? false)
        }
      } else {
        found = read(folder + "/Info.plist").map { TextSearch.contains($0, "NSExtension") } ?? false
      }
      evidence[folder] = found
      return found
    }
    // Each folder asked about once: the files of one folder share the answer.
    var packages: [String: Bool] = [:]
    var targetOfFolder: [Substring: String] = [:]
    for path in files where result.targetsOfFile[path] == nil {
      // By bytes: a search by characters costs a grapheme break test per character.
      let folder = path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]
      if let name = targetOfFolder[folder] {
        result.targetsOfFile[path] = [name]
        continue
      }
      let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
      let folders = relative.split(separator: "/").dropLast().map(String.init)
      var (name, kind) = conventionalTarget(folders, isTarget: isTarget) { packageFolders in
        let manifest = ([root] + packageFolders + ["Package.swift"]).joined(separator: "/")
        if let known = packages[manifest] { return known }
        let found = FileManager.default.fileExists(atPath: manifest)
        packages[manifest] = found
        return found
      }
      // Beside a project, or in a package, that does not compile it: in no target.
      if name.isEmpty, hasProjects || describedFolders.contains(where: path.hasPrefix) {
        (name, kind) = (Self.noTarget, .other)
      }
      result.targetsOfFile[path] = [name]
      targetOfFolder[folder] = name
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
  /// `…UITests`, `…Tests` or `…Extension` folder that `isTarget` confirms (its folders and the
  /// kind it would be), else `<package>/Sources/<Name>` when `isPackage(<package>'s folders)`,
  /// else the app (`""`).
  public static func conventionalTarget(
    _ folders: [String], isTarget: ([String], Kind) -> Bool = { _, _ in true }, isPackage: ([String]) -> Bool
  ) -> (name: String, kind: Kind) {
    for (index, folder) in folders.enumerated().reversed() {
      let kind: Kind
      if folder.hasSuffix("Tests") && folder != "Tests" {
        kind = .tests
      } else if folder.hasSuffix("Extension") {
        kind = .appExtension
      } else {
        continue
      }
      if isTarget(Array(folders[...index]), kind) { return (folder, kind) }
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

  /// The project files read: `found` beside the sources and those at `root`, and the specs
  /// each XcodeGen spec among them includes (read with `read`), as absolute, standardized
  /// paths, sorted: every file the targets are read from, whose texts the answer is kept for.
  public static func projectFiles(
    found: [String], root: String, read: (String) -> String? = WorkspaceLoader.readText
  ) -> [String] {
    let files = listedProjectFiles(found: found, root: root)
    var included: [String] = []
    for spec in files where spec.hasSuffix("/project.yml") {
      guard let text = read(spec), case .success(let parsed) = xcodeGenSpec(at: spec, text: text, read: read) else {
        continue
      }
      included += includedSpecs(of: spec, parsed)
    }
    return included.isEmpty ? files : Set(files + included).sorted()
  }

  /// `found` and the project files at `root`, as absolute, standardized paths, sorted.
  private static func listedProjectFiles(found: [String], root: String) -> [String] {
    let root = URL(fileURLWithPath: root).standardizedFileURL.path
    return Set((found + projectFiles(at: root)).map { URL(fileURLWithPath: $0).standardizedFileURL.path }).sorted()
  }

  /// The specs the XcodeGen spec at `spec` includes, as absolute, standardized paths.
  private static func includedSpecs(of spec: String, _ parsed: XcodeGenProject) -> [String] {
    parsed.includedFiles.map { PathJoin.canonical(PathJoin.join(specFolder(of: spec), $0)) }
  }

  /// The folder holding the file at `path` (absolute), standardized.
  private static func specFolder(of path: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
  }

  /// The XcodeGen spec at `spec` (absolute) with `text`, its includes read with `read`.
  private static func xcodeGenSpec(
    at spec: String, text: String, read: (String) -> String?
  ) -> Result<XcodeGenProject, XcodeGenError> {
    let folder = specFolder(of: spec)
    return Result { () throws(XcodeGenError) in
      try XcodeGenProject(
        parsing: text, include: { read(PathJoin.join(folder, $0)) }, environment: ProcessInfo.processInfo.environment)
    }
  }

  /// Adds the targets of `parsed`, the XcodeGen spec at `spec` (`relative` to the root), and
  /// which of `files` (absolute, standardized) each compiles.
  private static func xcodeGenTargets(
    _ parsed: XcodeGenProject, of spec: String, relative: String, files: [String], into result: inout BuildTargets
  ) {
    let folder = specFolder(of: spec)
    for target in parsed.targets {
      result.targets.append(
        Target(
          name: target.name, kind: kind(ofProduct: "com.apple.product-type." + target.type),
          dependencies: target.dependencies, platforms: target.platforms, project: relative))
      var compiled: Set<String> = []
      for source in target.sources {
        // Sources may lie beside the spec's folder (`../Shared`), which an include's own
        // folder makes common.
        let base = source.path.isEmpty ? folder : PathJoin.canonical(PathJoin.join(folder, source.path))
        for path in files where !compiled.contains(path) {
          let inside: String
          if path == base {
            inside = String(path.split(separator: "/").last ?? "")
          } else if path.hasPrefix(base + "/") || base == "/" {
            inside = String(path.dropFirst(base == "/" ? 1 : base.count + 1))
          } else {
            continue
          }
          if source.admits(inside) { compiled.insert(path) }
        }
      }
      for path in files where compiled.contains(path) { result.targetsOfFile[path, default: []].append(target.name) }
    }
  }

  /// The project files in the folder `root` itself (an Xcode project, a package manifest,
  /// an XcodeGen spec): read even when the sources are searched in folders below it.
  static func projectFiles(at root: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.sorted().compactMap { name in
      if name.hasSuffix(".xcodeproj") { return root + "/" + name + "/project.pbxproj" }
      return SourceDiscovery.isProjectFile(name) ? root + "/" + name : nil
    }.filter { FileManager.default.fileExists(atPath: $0) }
  }

  /// How many files each target compiles, once ``forgetFiles()`` dropped which.
  private var fileCounts: [String: Int] = [:]

  /// Drops which files each target compiles, keeping how many (what ``summaryLine`` says).
  public mutating func forgetFiles() {
    for names in targetsOfFile.values { for name in names { fileCounts[name, default: 0] += 1 } }
    targetsOfFile = [:]
  }

  /// `true` when no project file was found and every file is the app's: nothing to say.
  public var isOnlyTheApp: Bool { targets.allSatisfy { $0.project == nil && $0.name.isEmpty } }

  /// The targets as the analysis reads them, for `paths` (the files as the analysis names
  /// them). A folder convention's test bundle or extension links the convention's app (what
  /// else it links is unknown), which is named after the root's folder.
  public func map(paths: [String], root: String) -> TargetMap {
    let appName = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent
    let hasConventionalApp = targets.contains { $0.project == nil && $0.name.isEmpty }
    func named(_ name: String) -> String { name.isEmpty ? appName : name }
    let mapped = targets.map { target in
      var dependencies = target.dependencies.map(named)
      if target.project == nil, target.kind == .tests || target.kind == .appExtension, hasConventionalApp {
        dependencies.append(appName)
      }
      return TargetMap.Target(
        name: named(target.name), kind: target.kind, dependencies: dependencies, isRead: target.project != nil,
        platforms: target.platforms, conditions: target.conditions)
    }
    var ofFile: [String: [String]] = [:]
    for path in paths {
      if let names = targetsOfFile[URL(fileURLWithPath: path).standardizedFileURL.path] {
        ofFile[path] = names.map(named)
      }
    }
    return TargetMap(targets: mapped, targetsOfFile: ofFile)
  }

  /// One line for `--verbose`: each target, its files and where it was read.
  public var summaryLine: String {
    var counts = fileCounts
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
