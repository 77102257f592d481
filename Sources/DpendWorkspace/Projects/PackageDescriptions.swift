import DpendModel
import Foundation

/// The toolchain's descriptions of Swift packages, kept beside the summary cache by the text
/// of each manifest (SPEC 8.6): a package is described once (about 0.3 s for the toolchain to
/// evaluate a manifest), then again only when its `Package.swift` changes. Only speed depends
/// on the file: one that cannot be read or written describes again.
public final class PackageDescriptions: @unchecked Sendable {
  /// The file name inside the cache directory.
  public static let fileName = "packages.json"

  private let url: URL?
  private let describeText: (String) -> String?
  /// Each manifest's path: the fingerprint of its text and the description made from it.
  private var kept: [String: (manifest: String, description: String)] = [:]
  private var changed = false

  /// Descriptions kept in `directory` (none kept: `nil`), made by `describeText` (the
  /// description's JSON of the package in a folder, ``SwiftPackage/description(folder:)``).
  public init(directory: URL?, describeText: @escaping (String) -> String? = SwiftPackage.description(folder:)) {
    url = directory?.appendingPathComponent(Self.fileName)
    self.describeText = describeText
    guard let url, let data = FileManager.default.contents(atPath: url.path),
      let root = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), case .object(let entries) = root
    else { return }
    for (path, entry) in entries {
      guard let manifest = entry.objectValue?["manifest"]?.stringValue,
        let description = entry.objectValue?["description"]?.stringValue
      else { continue }
      kept[path] = (manifest, description)
    }
  }

  /// How many packages were described by the toolchain (not found kept).
  public private(set) var described = 0

  /// The package in `folder`, described when its manifest changed since it was kept; `nil`
  /// when it cannot be described.
  public func describe(folder: String) -> SwiftPackage? {
    let manifest = PathJoin.join(folder, "Package.swift")
    guard let text = TextFile.text(at: manifest) else { return nil }
    let fingerprint = TextFingerprint(text)
    let identity = "\(fingerprint.hash):\(fingerprint.length)"
    if let entry = kept[manifest], entry.manifest == identity {
      return try? SwiftPackage(describing: entry.description)
    }
    described += 1
    guard let description = describeText(folder) else { return nil }
    kept[manifest] = (identity, description)
    changed = true
    return try? SwiftPackage(describing: description)
  }

  /// Writes the descriptions made since they were loaded; nothing when none was.
  public func save() {
    guard changed, let url else { return }
    var entries: [String: JSONValue] = [:]
    for (path, entry) in kept {
      entries[path] = .object(["manifest": .string(entry.manifest), "description": .string(entry.description)])
    }
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if (try? AtomicFile.write(JSONValue.object(entries).compact(), to: url.path)) != nil { changed = false }
  }
}
