import DpendModel
import Foundation

/// Finds the Swift files of a workspace.
///
/// Directories are searched recursively for `.swift` files, skipping hidden entries,
/// `.build`, `node_modules`, excluded paths and the output file. Symbolic links to
/// directories are not followed, so link loops cannot trap the search.
public struct SourceDiscovery {
  /// Directory names never searched.
  public static let skippedDirectoryNames: Set<String> = [".build", "node_modules"]

  let excluded: [String]
  let outputFile: String?

  /// - Parameters:
  ///   - excludes: files and directories to skip.
  ///   - outputFile: the generated file, never read as input.
  public init(excludes: [String], outputFile: String?) {
    excluded = excludes.map(PathJoin.canonical)
    self.outputFile = outputFile.map(PathJoin.canonical)
  }

  /// What a search found.
  public struct Found: Sendable {
    /// The Swift files, sorted.
    public var files: [String]
    /// A diagnostic for each input that does not exist.
    public var problems: [Diagnostic]
    /// The project files met on the way (``projectFiles``), sorted.
    public var projects: [String]
  }

  /// The Swift files under `inputs`, sorted, a diagnostic for each input that does not
  /// exist, and the project files met on the way (``projectFiles``), sorted.
  public func files(in inputs: [String]) -> Found {
    var found = Set<String>()
    var projects = Set<String>()
    var problems: [Diagnostic] = []
    for (input, kind) in zip(inputs, Self.kinds(of: inputs)) {
      switch kind {
      case .missing:
        problems.append(
          Diagnostic(code: .unreadableFile, message: "input '\(input)' does not exist", range: .startOfFile(input)))
      case .directory:
        let directory = PathJoin.trimDot(input)
        search(directory, canonical: PathJoin.canonical(directory), into: &found, projects: &projects)
      case .file:
        if !isSkipped(canonical: PathJoin.canonical(input)) { found.insert(PathJoin.trimDot(input)) }
      }
    }
    return Found(files: found.sorted(), problems: problems, projects: projects.sorted())
  }

  /// Whether `name` in a searched folder is a project file describing build targets: a
  /// Swift package's manifest, an XcodeGen spec; an Xcode project is a folder
  /// (`App.xcodeproj/project.pbxproj`).
  public static func isProjectFile(_ name: String) -> Bool { name == "Package.swift" || name == "project.yml" }

  /// What each input is.
  private enum InputKind: Sendable { case missing, directory, file }

  /// The kind of each of `inputs`, one `stat` each: on several threads for a long list (the
  /// build plugin lists every file of its target).
  private static func kinds(of inputs: [String]) -> [InputKind] {
    @Sendable func kind(_ input: String) -> InputKind {
      var status = stat()
      guard stat(input, &status) == 0 else { return .missing }
      return status.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }
    guard inputs.count >= 256 else { return inputs.map(kind) }
    let kinds = Locked([InputKind](repeating: .missing, count: inputs.count))
    let chunks = 16
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let range = (inputs.count * chunk / chunks)..<(inputs.count * (chunk + 1) / chunks)
      let made = range.map { kind(inputs[$0]) }
      kinds.withLock { $0.replaceSubrange(range, with: made) }
    }
    return kinds.withLock { $0 }
  }

  private func isSkipped(canonical: String) -> Bool {
    canonical == outputFile || excluded.contains { PathJoin.isWithin(canonical, $0) }
  }

  /// Searches `directory`, whose canonical form is `canonical`: a child's canonical form is
  /// the parent's joined with its name, so no path is canonicalized twice. Entry types come
  /// from `readdir` (`lstat` only when the file system does not report them).
  private func search(
    _ directory: String, canonical: String, into found: inout Set<String>, projects: inout Set<String>
  ) {
    guard !isSkipped(canonical: canonical), let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      guard !name.hasPrefix(".") else { continue }
      let path = PathJoin.join(directory, name)
      let childCanonical = canonical.hasSuffix("/") ? canonical + name : canonical + "/" + name
      switch Self.kind(of: entry.pointee.d_type, path: path) {
      case .directory:
        if name.hasSuffix(".xcodeproj") {
          if !isSkipped(canonical: childCanonical) { projects.insert(PathJoin.join(path, "project.pbxproj")) }
        } else if !Self.skippedDirectoryNames.contains(name) {
          search(path, canonical: childCanonical, into: &found, projects: &projects)
        }
      case .file:
        guard !isSkipped(canonical: childCanonical) else { continue }
        if name.hasSuffix(".swift") { found.insert(path) }
        if Self.isProjectFile(name) { projects.insert(path) }
      case .other:
        continue
      }
    }
  }

  private enum EntryKind { case directory, file, other }

  /// Directories, and regular files or symbolic links (a link is never searched as a
  /// directory, so link loops cannot trap the search).
  private static func kind(of type: UInt8, path: String) -> EntryKind {
    switch Int32(type) {
    case Int32(DT_DIR): return .directory
    case Int32(DT_REG), Int32(DT_LNK): return .file
    case Int32(DT_UNKNOWN):
      var status = stat()
      guard lstat(path, &status) == 0 else { return .other }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: return .directory
      case S_IFREG, S_IFLNK: return .file
      default: return .other
      }
    default: return .other
    }
  }
}
