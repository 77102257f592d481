/// Which build target compiles each file, and what each target links (SPEC 8.6): what the
/// container check needs to answer a resolve only with what is registered where it runs.
/// Read by the workspace from Swift packages, Xcode projects and folder conventions.
public struct TargetMap: Hashable, Sendable {
  /// The kind of product a target builds.
  public enum Kind: String, Hashable, Sendable {
    case application, tests
    case appExtension = "extension"
    case library, other
  }

  /// One build target.
  public struct Target: Hashable, Sendable {
    public var name: String
    public var kind: Kind
    /// The names of the targets it depends on, as its project writes them; a name no target
    /// of the map has (a remote package's product) is a library dpend does not see.
    public var dependencies: [String]
    /// `false` for a target named by a folder convention: what links it is unknown.
    public var isRead: Bool
    /// The platforms it builds for, as `os(…)` names them (`iOS`, `macOS`); empty when
    /// unknown (every one).
    public var platforms: [String]
    /// The compilation conditions each of its build configurations sets, as `#if` names them
    /// (`DEBUG`, `APPCLIP`); empty when unknown (any).
    public var conditions: [[String]]

    public init(
      name: String, kind: Kind, dependencies: [String] = [], isRead: Bool = true, platforms: [String] = [],
      conditions: [[String]] = []
    ) {
      self.name = name
      self.kind = kind
      self.dependencies = dependencies
      self.isRead = isRead
      self.platforms = platforms
      self.conditions = conditions
    }
  }

  public var targets: [Target]
  /// The names of the targets compiling each file (by the path the analysis reads it from);
  /// a file with none is in a target dpend does not know.
  public var targetsOfFile: [String: [String]]

  public init(targets: [Target], targetsOfFile: [String: [String]]) {
    self.targets = targets
    self.targetsOfFile = targetsOfFile
  }
}
