import DpendModel
import Foundation

/// The project files' descriptions, kept beside the summary cache by the text of each file
/// (SPEC 8.6): a Swift package's description by the toolchain (about 0.3 s to evaluate a
/// manifest) and an Xcode project's targets read from its `project.pbxproj` are made once,
/// then again only when the file's text changes; so is a manifest that does not evaluate, or
/// a project that does not parse, kept as such (a toolchain that could not run is tried again
/// next time). Only speed depends on the file: one that cannot be read or written describes
/// again.
public final class ProjectDescriptions: @unchecked Sendable {
  /// The file name inside the cache directory.
  public static let fileName = "projects.json"

  private let url: URL?
  private let describePackage: (String) -> SwiftPackage.Described
  /// Each project file's path: the fingerprint of its text and the description made from it,
  /// `nil` when none could be made from that text.
  private var kept: [String: (text: String, description: String?)] = [:]
  private var changed = false

  /// Descriptions kept in `directory` (none kept: `nil`); packages are described by
  /// `describePackage` (what the toolchain says of the package in a folder,
  /// ``SwiftPackage/describing(folder:temporaryDirectory:)``).
  public init(
    directory: URL?,
    describePackage: @escaping (String) -> SwiftPackage.Described = { SwiftPackage.describing(folder: $0) }
  ) {
    url = directory?.appendingPathComponent(Self.fileName)
    self.describePackage = describePackage
    guard let url, let data = FileManager.default.contents(atPath: url.path),
      let root = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), case .object(let entries) = root
    else { return }
    for (path, entry) in entries {
      guard let text = entry.objectValue?["text"]?.stringValue else { continue }
      if let description = entry.objectValue?["description"]?.stringValue {
        kept[path] = (text, description)
      } else if entry.objectValue?["failed"] == .bool(true) {
        kept[path] = (text, nil)
      }
    }
  }

  /// How many project files were described (not found kept, nor kept as failing).
  public private(set) var described = 0

  /// The package in `folder`, described when its manifest changed since it was kept; `nil`
  /// when it cannot be described.
  public func describe(folder: String) -> SwiftPackage? {
    let manifest = PathJoin.join(folder, "Package.swift")
    guard let text = TextFile.text(at: manifest) else { return nil }
    let description = self.description(of: manifest, text: text) {
      switch describePackage(folder) {
      case .json(let json): (json, true)
      case .refused: (nil, true)
      case .notRun: (nil, false)
      }
    }
    return description.flatMap { try? SwiftPackage(describing: $0) }
  }

  /// The targets of the Xcode project whose `project.pbxproj` is at `path` with `text`, read
  /// again when its text changed since they were kept; `nil` when it cannot be read.
  public func xcodeProject(at path: String, text: String) -> XcodeProject? {
    let description = self.description(of: path, text: text) {
      let json = (try? XcodeProject(parsing: text)).flatMap { try? JSONEncoder().encode($0) }.map {
        String(decoding: $0, as: UTF8.self)
      }
      return (json, true)
    }
    return description.flatMap { try? JSONValue.parse($0).decode(XcodeProject.self) }
  }

  /// The description of the file at `path` with `text`, kept or made by `make`, which also
  /// says whether what it made (`nil`: nothing) holds for that text.
  private func description(
    of path: String, text: String, make: () -> (description: String?, keeps: Bool)
  ) -> String? {
    let fingerprint = TextFingerprint(text)
    let identity = "\(fingerprint.hash):\(fingerprint.length)"
    if let entry = kept[path], entry.text == identity { return entry.description }
    described += 1
    let made = make()
    guard made.keeps else { return nil }
    kept[path] = (identity, made.description)
    changed = true
    return made.description
  }

  /// Writes the descriptions made since they were loaded; nothing when none was.
  public func save() {
    guard changed, let url else { return }
    var entries: [String: JSONValue] = [:]
    for (path, entry) in kept {
      var fields: [String: JSONValue] = ["text": .string(entry.text)]
      if let description = entry.description {
        fields["description"] = .string(description)
      } else {
        fields["failed"] = .bool(true)
      }
      entries[path] = .object(fields)
    }
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if (try? AtomicFile.write(JSONValue.object(entries).compact(), to: url.path)) != nil { changed = false }
  }
}
