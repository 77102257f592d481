import DpendModel
import Foundation

/// The project files' descriptions, kept beside the summary cache by the text of each file
/// (SPEC 8.6): a Swift package's description by the toolchain (about 0.3 s to evaluate a
/// manifest) and an Xcode project's targets read from its `project.pbxproj` are made once,
/// then again only when the file's text changes. Only speed depends on the file: one that
/// cannot be read or written describes again.
public final class ProjectDescriptions: @unchecked Sendable {
  /// The file name inside the cache directory.
  public static let fileName = "projects.json"

  private let url: URL?
  private let describeText: (String) -> String?
  /// Each project file's path: the fingerprint of its text and the description made from it.
  private var kept: [String: (text: String, description: String)] = [:]
  private var changed = false

  /// Descriptions kept in `directory` (none kept: `nil`); packages are described by
  /// `describeText` (the description's JSON of the package in a folder,
  /// ``SwiftPackage/description(folder:)``).
  public init(directory: URL?, describeText: @escaping (String) -> String? = SwiftPackage.description(folder:)) {
    url = directory?.appendingPathComponent(Self.fileName)
    self.describeText = describeText
    guard let url, let data = FileManager.default.contents(atPath: url.path),
      let root = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), case .object(let entries) = root
    else { return }
    for (path, entry) in entries {
      guard let text = entry.objectValue?["text"]?.stringValue,
        let description = entry.objectValue?["description"]?.stringValue
      else { continue }
      kept[path] = (text, description)
    }
  }

  /// How many project files were described (not found kept).
  public private(set) var described = 0

  /// The package in `folder`, described when its manifest changed since it was kept; `nil`
  /// when it cannot be described.
  public func describe(folder: String) -> SwiftPackage? {
    let manifest = PathJoin.join(folder, "Package.swift")
    guard let text = TextFile.text(at: manifest) else { return nil }
    let description = self.description(of: manifest, text: text) { describeText(folder) }
    return description.flatMap { try? SwiftPackage(describing: $0) }
  }

  /// The targets of the Xcode project whose `project.pbxproj` is at `path` with `text`, read
  /// again when its text changed since they were kept; `nil` when it cannot be read.
  public func xcodeProject(at path: String, text: String) -> XcodeProject? {
    let description = self.description(of: path, text: text) {
      (try? XcodeProject(parsing: text)).flatMap { try? JSONEncoder().encode($0) }.map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    return description.flatMap { try? JSONDecoder().decode(XcodeProject.self, from: Data($0.utf8)) }
  }

  private func description(of path: String, text: String, make: () -> String?) -> String? {
    let fingerprint = TextFingerprint(text)
    let identity = "\(fingerprint.hash):\(fingerprint.length)"
    if let entry = kept[path], entry.text == identity { return entry.description }
    described += 1
    guard let description = make() else { return nil }
    kept[path] = (identity, description)
    changed = true
    return description
  }

  /// Writes the descriptions made since they were loaded; nothing when none was.
  public func save() {
    guard changed, let url else { return }
    var entries: [String: JSONValue] = [:]
    for (path, entry) in kept {
      entries[path] = .object(["text": .string(entry.text), "description": .string(entry.description)])
    }
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if (try? AtomicFile.write(JSONValue.object(entries).compact(), to: url.path)) != nil { changed = false }
  }
}
