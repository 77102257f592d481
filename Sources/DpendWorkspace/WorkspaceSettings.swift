import DpendAnalysis
import DpendGenerate
import DpendModel
import Foundation

/// Settings given on the command line; each one set replaces the configuration file's.
/// Paths are relative to the current directory.
public struct SettingOverrides: Sendable {
  public var inputs: [String] = []
  public var implicitFilters: [String] = []
  public var libraries: [String] = []
  public var outputFile: String?
  public var container: String?
  public var moduleName: String?

  public init() {}
}

/// The effective settings of a workspace: `.dpend.json` at its root, overridden by the
/// command line, with every path ready to open.
public struct WorkspaceSettings: Sendable {
  /// The workspace root.
  public var root: String
  /// The configuration file that was read, if there is one.
  public var configurationFile: String?
  public var inputs: [String]
  public var excludes: [String]
  public var implicitFilters: [String]
  public var libraries: [String]
  public var outputFile: String?
  public var container: ContainerKind
  public var moduleName: String?
  /// What the collector reads: dialects and the app's own helpers.
  public var collection = CollectionSettings()
  /// The build configurations to analyse; `nil` derives them from the `#if`s found.
  public var configurations: [[String]]?
  /// The build targets whose files are analysed; every target's when empty.
  public var targets: [String] = []
  /// The build targets whose files are not analysed, unless another target compiles them.
  public var excludeTargets: [String] = []

  /// The name of the configuration file at a workspace root.
  public static let configurationFileName = ".dpend.json"

  /// Reads `root/.dpend.json` if it exists and applies `overrides`.
  /// - Throws: ``WorkspaceError`` for an unreadable or invalid configuration.
  public static func load(root: String, overrides: SettingOverrides = SettingOverrides()) throws(WorkspaceError)
    -> WorkspaceSettings
  {
    let file = PathJoin.join(root, configurationFileName)
    var configuration = ProjectConfiguration()
    var configurationFile: String?
    if FileManager.default.fileExists(atPath: file) {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw WorkspaceError(message: "\(file): cannot be read")
      }
      do {
        configuration = try ProjectConfiguration.parse(String(decoding: data, as: UTF8.self), file: file)
      } catch {
        throw WorkspaceError(message: error.description)
      }
      configurationFile = file
    }
    return try resolve(configuration, file: configurationFile, root: root, overrides: overrides)
  }

  /// Applies `overrides` to a parsed configuration whose paths are relative to `root`.
  public static func resolve(
    _ configuration: ProjectConfiguration, file: String?, root: String, overrides: SettingOverrides
  ) throws(WorkspaceError) -> WorkspaceSettings {
    let fromRoot = { (path: String) in PathJoin.join(root, path) }
    let containerName = overrides.container ?? configuration.container ?? ContainerKind.standard.rawValue
    guard let container = ContainerKind(rawValue: containerName) else {
      let known = ContainerKind.allCases.map(\.rawValue).joined(separator: ", ")
      let origin = overrides.container != nil ? "--container" : "\(file ?? configurationFileName): field 'container'"
      throw WorkspaceError(message: "\(origin): unknown container '\(containerName)'; expected one of: \(known)")
    }
    // Paths the configuration file gives must stay in the workspace: a checked-in
    // `.dpend.json` must not make dpend write, or read libraries, elsewhere. Paths given
    // on the command line are the user's own choice and are not restricted.
    let origin = file ?? configurationFileName
    if overrides.outputFile == nil, let output = configuration.outputFile {
      try requireInside(root, output, field: "outputFile", flag: "--output-file", origin: origin)
    }
    if overrides.libraries.isEmpty {
      for library in configuration.libraries {
        try requireInside(root, library, field: "libraries", flag: "--library", origin: origin)
      }
    }
    let inputs =
      !overrides.inputs.isEmpty
      ? overrides.inputs : configuration.inputs.isEmpty ? [root] : configuration.inputs.map(fromRoot)
    var settings = WorkspaceSettings(
      root: root, configurationFile: file, inputs: inputs.map(PathJoin.trimDot),
      excludes: configuration.excludes.map(fromRoot),
      implicitFilters: overrides.implicitFilters.isEmpty ? configuration.implicitFilters : overrides.implicitFilters,
      libraries: overrides.libraries.isEmpty ? configuration.libraries.map(fromRoot) : overrides.libraries,
      outputFile: overrides.outputFile ?? configuration.outputFile.map(fromRoot),
      container: container, moduleName: overrides.moduleName ?? configuration.moduleName)
    settings.collection = configuration.collection
    settings.configurations = configuration.configurations
    settings.targets = configuration.targets
    settings.excludeTargets = configuration.excludeTargets
    return settings
  }

  private static func requireInside(
    _ root: String, _ path: String, field: String, flag: String, origin: String
  ) throws(WorkspaceError) {
    guard !PathJoin.isInside(PathJoin.join(root, path), root: root) else { return }
    throw WorkspaceError(
      message:
        "\(origin): field '\(field)': '\(path)' is outside the workspace; use a path inside it, or pass \(flag) on the command line"
    )
  }

  /// Library mode when the output file ends in `.dpendmodule`.
  public var mode: GenerationMode { GenerationMode(outputFile: outputFile) }
}

/// A workspace that cannot be analysed: bad configuration, bad filter.
public struct WorkspaceError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}
