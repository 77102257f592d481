import DpendModel
import Foundation

/// The targets of a Swift package as the toolchain describes them (SPEC 8.6):
/// `swift package describe --type json`, which evaluates the manifest as SwiftPM does (custom
/// paths, excluded files, conditional targets included). Paths are relative to the package's
/// folder.
public struct SwiftPackage: Hashable, Sendable {
  /// A target of the package.
  public struct Target: Hashable, Sendable {
    public var name: String
    /// `library`, `executable`, `test`, `macro`, `plugin`, `snippet`.
    public var type: String
    /// Its folder.
    public var path: String
    /// Its Swift files, relative to its folder.
    public var sources: [String]
    /// The names of the package's targets it depends on.
    public var dependencies: [String]
  }

  public var name: String
  public var targets: [Target]
  /// The targets of each product the package declares, by the product's name.
  public var products: [String: [String]]
  /// The platforms the manifest names (`iOS`, `macOS`); empty when it names none (every one).
  public var platforms: [String]

  /// Reads the JSON of `swift package describe --type json`.
  public init(describing json: String) throws(JSONParseError) {
    let root = try JSONValue.parse(json)
    let object = root.objectValue ?? [:]
    name = object["name"]?.stringValue ?? ""
    targets = (object["targets"]?.arrayValue ?? []).compactMap { value in
      guard let target = value.objectValue, let name = target["name"]?.stringValue else { return nil }
      return Target(
        name: name, type: target["type"]?.stringValue ?? "", path: target["path"]?.stringValue ?? "",
        sources: (target["sources"]?.arrayValue ?? []).compactMap(\.stringValue),
        dependencies: (target["target_dependencies"]?.arrayValue ?? []).compactMap(\.stringValue))
    }
    var products: [String: [String]] = [:]
    for value in object["products"]?.arrayValue ?? [] {
      guard let product = value.objectValue, let name = product["name"]?.stringValue else { continue }
      products[name] = (product["targets"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
    self.products = products
    platforms = (object["platforms"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
      .map(Self.platformName)
  }

  /// `iOS` for `ios` or `iOS`: a platform as project files write it, named as `os(…)` does.
  static func platformName(_ written: String) -> String {
    let names = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]
    return names[written.lowercased()] ?? written
  }

  /// The description of the package in `folder`, from the toolchain (`swift` on the `PATH`);
  /// `nil` when it cannot run or the manifest does not evaluate (the caller falls back to
  /// SwiftPM's folder conventions).
  public static func describe(folder: String) -> SwiftPackage? {
    description(folder: folder).flatMap { try? SwiftPackage(describing: $0) }
  }

  /// The JSON of `swift package describe --type json` for the package in `folder`; `nil`
  /// when it cannot run or the manifest does not evaluate.
  public static func description(folder: String) -> String? {
    // SwiftPM's scratch files go to a folder of dpend's own: nothing is written in the package.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-describe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "package", "--package-path", folder, "--scratch-path", scratch.path, "describe", "--type", "json",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
