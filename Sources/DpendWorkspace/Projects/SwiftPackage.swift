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
  /// when it cannot run or the manifest does not evaluate (``describing(folder:temporaryDirectory:)``).
  public static func description(
    folder: String, temporaryDirectory: URL = FileManager.default.temporaryDirectory
  ) -> String? {
    if case .json(let json) = describing(folder: folder, temporaryDirectory: temporaryDirectory) { json } else { nil }
  }

  /// What `swift package describe` says of a package.
  public enum Described: Hashable, Sendable {
    /// The description's JSON.
    case json(String)
    /// The toolchain ran and the manifest did not evaluate: the same text fails again.
    case refused
    /// The toolchain could not be run (no `swift` on the `PATH`): another run may.
    case notRun
  }

  /// Runs `swift package describe --type json` for the package in `folder`. Nothing is left
  /// behind: SwiftPM's scratch files, and the lock files it makes in the temporary folder (one
  /// named after each scratch path, `_tmp_dpend-describe-….lock`), go to a folder of dpend's
  /// own in `temporaryDirectory`, removed after.
  public static func describing(
    folder: String, temporaryDirectory: URL = FileManager.default.temporaryDirectory
  ) -> Described {
    let scratch = temporaryDirectory.appendingPathComponent("dpend-describe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let temporary = scratch.appendingPathComponent("tmp")
    do { try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true) } catch {
      return .notRun
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "package", "--package-path", folder, "--scratch-path", scratch.path, "describe", "--type", "json",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return .notRun }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // `env` exits with 127 when it finds no `swift`, 126 when it cannot run it; a signal
    // (an interrupted run) says nothing of the manifest either.
    guard process.terminationReason == .exit, ![126, 127].contains(process.terminationStatus) else { return .notRun }
    guard process.terminationStatus == 0 else { return .refused }
    return .json(String(decoding: data, as: UTF8.self))
  }
}
