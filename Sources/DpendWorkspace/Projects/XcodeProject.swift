/// The build targets of an Xcode project, read from its `project.pbxproj` (SPEC 8.6): which
/// Swift files each native target compiles — those of its sources build phase, and those of
/// its synchronized folders (Xcode 16) but the exceptions — which targets it depends on, and
/// the platforms it builds for. Paths are relative to the folder holding the `.xcodeproj`.
public struct XcodeProject: Hashable, Sendable, Codable {
  /// A native target.
  public struct Target: Hashable, Sendable, Codable {
    public var name: String
    /// `com.apple.product-type.application`, `…bundle.unit-test`, `…app-extension`.
    public var productType: String
    /// The files of its sources build phase.
    public var sources: [String]
    /// The folders whose every file it compiles, but the excluded ones.
    public var synchronizedFolders: [SynchronizedFolder]
    /// The files of other targets' synchronized folders it compiles too.
    public var includedFiles: [String]
    /// The names of the targets it depends on.
    public var dependencies: [String]
    /// The platforms it builds for: `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`.
    public var platforms: [String]
    /// The compilation conditions each of its build configurations sets, sorted
    /// (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `OTHER_SWIFT_FLAGS`' `-D`, the project's
    /// through `$(inherited)`); `nil` when it has none (kept descriptions of an older dpend).
    public var conditions: [[String]]?
  }

  /// A synchronized folder of a target (`PBXFileSystemSynchronizedRootGroup`).
  public struct SynchronizedFolder: Hashable, Sendable, Codable {
    public var path: String
    /// The files (relative to the project's folder) the target leaves out.
    public var excluded: [String]

    public init(path: String, excluded: [String]) {
      self.path = path
      self.excluded = excluded
    }
  }

  /// The native targets, in the project's order.
  public var targets: [Target]

  /// Reads the targets of `text`, a `project.pbxproj`.
  ///
  /// - Throws: ``PropertyListError`` when the text is no property list, or holds no project.
  public init(parsing text: String) throws(PropertyListError) {
    let root = try PropertyList(parsing: text)
    guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
      let project = objects[rootID]
    else { throw PropertyListError(line: 1, reason: "no 'objects' and 'rootObject' of a project") }
    let paths = Self.paths(objects, from: project["mainGroup"]?.string)
    let projectPlatforms = Self.platforms(project, objects)
    var names: [String: String] = [:]
    // The target whose product each product reference is.
    var products: [String: String] = [:]
    for id in project["targets"]?.strings ?? [] {
      names[id] = objects[id]?["name"]?.string
      if let product = objects[id]?["productReference"]?.string { products[product] = names[id] }
    }
    var targets: [Target] = []
    for id in project["targets"]?.strings ?? [] {
      guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget" else { continue }
      let phases = (target["buildPhases"]?.strings ?? []).compactMap { objects[$0] }
      let sources = phases.filter { $0["isa"]?.string == "PBXSourcesBuildPhase" }.flatMap { phase in
        (phase["files"]?.strings ?? []).compactMap { objects[$0]?["fileRef"]?.string }.compactMap { paths[$0] }
      }
      let own = Set(target["fileSystemSynchronizedGroups"]?.strings ?? [])
      var folders: [SynchronizedFolder] = []
      var included: [String] = []
      for (groupID, group) in objects.sorted(by: { $0.key < $1.key })
      where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
        guard let folder = paths[groupID] else { continue }
        // An exception set for this target flips its files' membership: out of a folder the
        // target compiles, into it from a folder it does not.
        let flipped = (group["exceptions"]?.strings ?? []).compactMap { objects[$0] }
          .filter { $0["target"]?.string == id }
          .flatMap { $0["membershipExceptions"]?.strings ?? [] }
          .map { Self.join(folder, $0) }
        if own.contains(groupID) {
          folders.append(SynchronizedFolder(path: folder, excluded: flipped))
        } else {
          included += flipped
        }
      }
      // Targets it depends on, products of other targets it links (Xcode's implicit
      // dependencies), and Swift package products (by the product's name).
      let linkedFiles = phases.filter { $0["isa"]?.string == "PBXFrameworksBuildPhase" }.flatMap { phase in
        (phase["files"]?.strings ?? []).compactMap { objects[$0]?["fileRef"]?.string }
      }
      let dependencies =
        (target["dependencies"]?.strings ?? []).compactMap { objects[$0]?["target"]?.string }.compactMap { names[$0] }
        + linkedFiles.compactMap { products[$0] }
        + (target["packageProductDependencies"]?.strings ?? []).compactMap { objects[$0]?["productName"]?.string }
      let platforms = Self.platforms(target, objects)
      var unique: [String] = []
      for name in dependencies where !unique.contains(name) { unique.append(name) }
      targets.append(
        Target(
          name: target["name"]?.string ?? id, productType: target["productType"]?.string ?? "",
          sources: sources, synchronizedFolders: folders, includedFiles: included, dependencies: unique,
          platforms: platforms.isEmpty ? projectPlatforms : platforms,
          conditions: Self.conditions(target, project: project, objects)))
    }
    self.targets = targets
  }

  /// The path of every group, file and synchronized folder reached from the main group,
  /// relative to the project's folder; those under a build-products or SDK root are left out.
  private static func paths(_ objects: [String: PropertyList], from mainGroup: String?) -> [String: String] {
    var paths: [String: String] = [:]
    var pending: [(id: String, parent: String)] = mainGroup.map { [($0, "")] } ?? []
    var seen: Set<String> = []
    while let (id, parent) = pending.popLast() {
      guard seen.insert(id).inserted, let object = objects[id] else { continue }
      let own = object["path"]?.string
      let path: String
      switch object["sourceTree"]?.string ?? "<group>" {
      case "<group>": path = own.map { join(parent, $0) } ?? parent
      case "SOURCE_ROOT": path = own ?? ""
      case "<absolute>": path = own ?? ""
      default: continue
      }
      paths[id] = path
      for child in object["children"]?.strings ?? [] { pending.append((child, path)) }
    }
    return paths
  }

  /// The conditions each build configuration of `target` sets, the project's configuration
  /// of the same name standing for `$(inherited)` (and for a setting the target leaves out).
  private static func conditions(
    _ target: PropertyList, project: PropertyList, _ objects: [String: PropertyList]
  ) -> [[String]]? {
    func configurations(_ object: PropertyList) -> [(name: String, settings: PropertyList?)] {
      let list = object["buildConfigurationList"]?.string.flatMap { objects[$0] }
      return (list?["buildConfigurations"]?.strings ?? []).compactMap { id in
        objects[id].map { ($0["name"]?.string ?? "", $0["buildSettings"]) }
      }
    }
    let projectSettings = Dictionary(configurations(project).map { ($0.name, $0.settings) }) { first, _ in first }
    let own = configurations(target)
    guard !own.isEmpty else { return nil }
    var sets: Set<[String]> = []
    for configuration in own {
      let inherited = projectSettings[configuration.name] ?? nil
      var names: Set<String> = []
      for key in ["SWIFT_ACTIVE_COMPILATION_CONDITIONS", "OTHER_SWIFT_FLAGS"] {
        let parent = inherited.map { words($0[key]) } ?? []
        let written = configuration.settings?[key] == nil ? ["$(inherited)"] : words(configuration.settings?[key])
        let expanded = written.flatMap { $0 == "$(inherited)" || $0 == "${inherited}" ? parent : [$0] }
        names.formUnion(key == "OTHER_SWIFT_FLAGS" ? defines(expanded) : expanded.filter { !$0.hasPrefix("$") })
      }
      sets.insert(names.sorted())
    }
    return sets.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// A setting's words: a string split on spaces, or an array's strings.
  private static func words(_ value: PropertyList?) -> [String] {
    if let array = value?.array {
      return array.compactMap(\.string).flatMap { $0.split(separator: " ").map(String.init) }
    }
    return value?.string?.split(separator: " ").map(String.init) ?? []
  }

  /// The names `-D NAME` and `-DNAME` define among compiler flags.
  private static func defines(_ flags: [String]) -> [String] {
    var names: [String] = []
    var next = false
    for flag in flags {
      if next {
        names.append(flag)
        next = false
      } else if flag == "-D" {
        next = true
      } else if flag.hasPrefix("-D") {
        names.append(String(flag.dropFirst(2)))
      }
    }
    return names
  }

  /// The platforms `object`'s build configurations name (`SDKROOT`, `SUPPORTED_PLATFORMS`).
  private static func platforms(_ object: PropertyList, _ objects: [String: PropertyList]) -> [String] {
    let list = object["buildConfigurationList"]?.string.flatMap { objects[$0] }
    var found: Set<String> = []
    for id in list?["buildConfigurations"]?.strings ?? [] {
      let settings = objects[id]?["buildSettings"]
      let sdks =
        [settings?["SDKROOT"]?.string].compactMap { $0 }
        + (settings?["SUPPORTED_PLATFORMS"]?.string?.split(separator: " ").map(String.init) ?? [])
      for sdk in sdks { if let platform = platformNames[sdk] { found.insert(platform) } }
    }
    return found.sorted()
  }

  private static let platformNames = [
    "iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "appletvos": "tvOS",
    "appletvsimulator": "tvOS", "watchos": "watchOS", "watchsimulator": "watchOS", "xros": "visionOS",
    "xrsimulator": "visionOS",
  ]

  private static func join(_ parent: String, _ child: String) -> String {
    parent.isEmpty ? child : child.isEmpty ? parent : parent + "/" + child
  }
}
