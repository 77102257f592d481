import Foundation

/// Every file and directory under a folder, by relative path, with each file's bytes.
struct WorkspaceSnapshot: Equatable {
  var directories: Set<String> = []
  var files: [String: Data] = [:]

  init(_ root: URL) throws {
    let base = root.resolvingSymlinksInPath().path
    let enumerator = FileManager.default.enumerator(atPath: base)
    while let relative = enumerator?.nextObject() as? String {
      let path = base + "/" + relative
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      if isDirectory.boolValue {
        directories.insert(relative)
      } else {
        files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
  }
}
