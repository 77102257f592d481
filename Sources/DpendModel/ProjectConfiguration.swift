/// The settings of `.dpend.json`, shared by the command line and the language server.
///
/// ```json
/// {
///   "implicitFilters": [".*Impl", ".*ViewModel"],
///   "inputs": ["Sources/App"],
///   "excludes": ["Sources/App/Generated"],
///   "libraries": ["Vendor/Network.dpendmodule"],
///   "outputFile": "Sources/App/Generated/Dependencies.swift",
///   "container": "dip",
///   "moduleName": "App",
///   "dialects": ["dip", "swinject"],
///   "registerFunctions": ["Locator.register"],
///   "resolveFunctions": ["inject"],
///   "injectWrappers": ["Inject"],
///   "configurations": [[], ["DEBUG"], ["targetEnvironment(simulator)"]],
///   "targets": ["App", "ShareExtension"],
///   "excludeTargets": ["AppUITests"]
/// }
/// ```
/// Paths are relative to the directory holding the file. Every field is optional.
public struct ProjectConfiguration: Hashable, Sendable {
  /// Anchored regular expressions selecting implicit dependencies by qualified name.
  public var implicitFilters: [String] = []
  /// Files and directories to analyse; the workspace root when empty.
  public var inputs: [String] = []
  /// Files and directories to skip (path prefixes).
  public var excludes: [String] = []
  /// `.dpendmodule` files whose factories are extra providers.
  public var libraries: [String] = []
  /// Where `generate` writes; its extension picks library or application mode.
  public var outputFile: String?
  /// The container the generated code targets, e.g. `dip`.
  public var container: String?
  /// The module the analysed sources belong to; library factories require it.
  public var moduleName: String?
  /// The dialects to read in every file; `nil` lets each file's imports decide.
  public var dialects: [Dialect]?
  /// An app's own register functions, resolve functions and property wrappers.
  public var registerFunctions: [String] = []
  public var resolveFunctions: [String] = []
  public var injectWrappers: [String] = []
  /// The build configurations to analyse, each the `#if` conditions it takes as true;
  /// `nil` derives them from the conditions found.
  public var configurations: [[String]]?
  /// The build targets whose files are analysed (SPEC 8.6); every target's when empty.
  public var targets: [String] = []
  /// The build targets whose files are not analysed (a file compiled into another target
  /// too still is).
  public var excludeTargets: [String] = []

  /// What the collector reads under these settings.
  public var collection: CollectionSettings {
    CollectionSettings(
      dialects: dialects, registerFunctions: registerFunctions, resolveFunctions: resolveFunctions,
      injectWrappers: injectWrappers)
  }

  /// An empty configuration: no filters, the whole workspace as input.
  public init() {}

  /// The fields `.dpend.json` accepts.
  public static let fieldNames = [
    "implicitFilters", "inputs", "excludes", "libraries", "outputFile", "container", "moduleName", "dialects",
    "registerFunctions", "resolveFunctions", "injectWrappers", "configurations", "targets", "excludeTargets",
  ]

  /// Reads a `.dpend.json` document; `file` names it in errors.
  /// - Throws: ``ProjectConfigurationError`` naming the file and the field.
  public static func parse(_ text: String, file: String) throws(ProjectConfigurationError) -> ProjectConfiguration {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      throw ProjectConfigurationError(file: file, field: nil, reason: "invalid JSON at \(error)")
    }
    guard let members = document.objectValue else {
      throw ProjectConfigurationError(
        file: file, field: nil, reason: "expected a JSON object, found \(document.kindDescription)")
    }
    var configuration = ProjectConfiguration()
    for (field, value) in members.sorted(by: { $0.key < $1.key }) {
      func strings() throws(ProjectConfigurationError) -> [String] {
        guard let elements = value.arrayValue, elements.allSatisfy({ $0.stringValue != nil }) else {
          let element = value.arrayValue?.first { $0.stringValue == nil }
          let found = element.map { "an array containing \($0.kindDescription)" }
          throw ProjectConfigurationError(
            file: file, field: field, reason: "expected an array of strings, found \(found ?? value.kindDescription)")
        }
        return elements.compactMap(\.stringValue)
      }
      func string() throws(ProjectConfigurationError) -> String {
        guard let text = value.stringValue, !text.isEmpty else {
          throw ProjectConfigurationError(
            file: file, field: field, reason: "expected a non-empty string, found \(value.kindDescription)")
        }
        return text
      }
      switch field {
      case "implicitFilters": configuration.implicitFilters = try strings()
      case "inputs": configuration.inputs = try strings()
      case "excludes": configuration.excludes = try strings()
      case "libraries": configuration.libraries = try strings()
      case "outputFile": configuration.outputFile = try string()
      case "container": configuration.container = try string()
      case "moduleName": configuration.moduleName = try string()
      case "dialects":
        var dialects: [Dialect] = []
        for name in try strings() {
          guard let dialect = Dialect(rawValue: name), dialect.traits.isNamedInSettings else {
            let known = Dialect.allCases.filter(\.traits.isNamedInSettings).map(\.rawValue).joined(separator: ", ")
            throw ProjectConfigurationError(
              file: file, field: field, reason: "unknown dialect '\(name)'; expected some of: \(known)")
          }
          dialects.append(dialect)
        }
        configuration.dialects = dialects
      case "registerFunctions": configuration.registerFunctions = try strings()
      case "resolveFunctions": configuration.resolveFunctions = try strings()
      case "injectWrappers": configuration.injectWrappers = try strings()
      case "targets": configuration.targets = try strings()
      case "excludeTargets": configuration.excludeTargets = try strings()
      case "configurations":
        guard let lists = value.arrayValue else {
          throw ProjectConfigurationError(
            file: file, field: field,
            reason: "expected an array of arrays of condition names, found \(value.kindDescription)")
        }
        var configurations: [[String]] = []
        for list in lists {
          let expected = "expected an array of arrays of condition names"
          guard let items = list.arrayValue else {
            throw ProjectConfigurationError(
              file: file, field: field, reason: "\(expected), found an array containing \(list.kindDescription)")
          }
          if let wrong = items.first(where: { $0.stringValue == nil }) {
            throw ProjectConfigurationError(
              file: file, field: field, reason: "\(expected), found a configuration containing \(wrong.kindDescription)"
            )
          }
          configurations.append(items.compactMap(\.stringValue))
        }
        guard !configurations.isEmpty else {
          throw ProjectConfigurationError(file: file, field: field, reason: "expected at least one configuration")
        }
        configuration.configurations = configurations
      default:
        let prefix = String(field.lowercased().prefix(4))
        let suggestion = prefix.isEmpty ? nil : fieldNames.first { $0.lowercased().hasPrefix(prefix) }
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        throw ProjectConfigurationError(
          file: file, field: field,
          reason: "unknown field\(hint); known fields: \(fieldNames.joined(separator: ", "))")
      }
    }
    return configuration
  }
}

/// A `.dpend.json` that cannot be used.
public struct ProjectConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  public var file: String
  /// The offending field, or `nil` when the document as a whole is wrong.
  public var field: String?
  /// What is wrong.
  public var reason: String

  public var description: String {
    guard let field else { return "\(file): \(reason)" }
    return "\(file): field '\(field)': \(reason)"
  }
}
