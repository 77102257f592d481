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

  /// The Swift files under `inputs`, sorted, and a diagnostic for each input that does
  /// not exist.
  public func files(in inputs: [String]) -> (files: [String], problems: [Diagnostic]) {
    var found = Set<String>()
    var problems: [Diagnostic] = []
    let manager = FileManager.default
    for input in inputs {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
        problems.append(
          Diagnostic(code: .unreadableFile, message: "input '\(input)' does not exist", range: .startOfFile(input)))
        continue
      }
      if isDirectory.boolValue {
        search(PathJoin.trimDot(input), into: &found)
      } else if !isSkipped(input) {
        found.insert(PathJoin.trimDot(input))
      }
    }
    return (found.sorted(), problems)
  }

  private func isSkipped(_ path: String) -> Bool {
    let canonical = PathJoin.canonical(path)
    return canonical == outputFile || excluded.contains { PathJoin.isWithin(canonical, $0) }
  }

  private func search(_ directory: String, into found: inout Set<String>) {
    guard !isSkipped(directory),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = PathJoin.join(directory, name)
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let type = attributes[.type] as? FileAttributeType
      else { continue }
      switch type {
      case .typeDirectory:
        if !Self.skippedDirectoryNames.contains(name) { search(path, into: &found) }
      case .typeRegular, .typeSymbolicLink:
        if name.hasSuffix(".swift"), !isSkipped(path) { found.insert(path) }
      default:
        continue
      }
    }
  }
}
