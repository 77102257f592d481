import Yams

/// The build targets of an XcodeGen spec, `project.yml` (SPEC 8.6), read as XcodeGen reads it:
/// each target's type, platforms, source paths (a folder or a file, with its `excludes` and
/// `includes` globs) and dependencies.
///
/// - The specs it `include`s (a path, or `{path:, relativePaths:, enable:}`) are merged under
///   it, in order, each after the specs it includes itself. An included spec's own paths, its
///   sources and its includes, are relative to its own folder (`relativePaths: true`, the
///   default) or to the including spec's (`relativePaths: false`); a spec is merged once.
/// - Keys ending in `:REPLACE` replace the value they would merge with.
/// - A target for several platforms (`platform: [iOS, tvOS]`) becomes one target per platform,
///   `Name_iOS` (`platformPrefix`, `platformSuffix`), with `${platform}` put in; target
///   templates (`templates:`, nested ones first) are merged under the targets naming them,
///   with `${target_name}` and the target's `templateAttributes` put in; a target's `name`
///   renames it.
/// - A source of `type: folder` (a folder reference) or of a build phase other than
///   `sources` compiles nothing; `optional` and `createIntermediateGroups` change only the
///   project's groups, not what compiles.
/// - `${NAME}` is the environment's value, as XcodeGen expands it.
///
/// Paths are relative to the folder holding the root spec.
public struct XcodeGenProject: Hashable, Sendable {
  /// A target of the spec.
  public struct Target: Hashable, Sendable {
    public var name: String
    /// XcodeGen's product type: `application`, `bundle.unit-test`, `app-extension`, `framework`.
    public var type: String
    /// The platforms it builds for: `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`.
    public var platforms: [String]
    /// The paths it compiles.
    public var sources: [Source]
    /// The names of the targets, products and frameworks it depends on.
    public var dependencies: [String]
  }

  /// A source path of a target: a folder (every file under it) or a file.
  public struct Source: Hashable, Sendable {
    /// Relative to the root spec's folder, normalized (no `.`, no trailing `/`; `..` only
    /// leading); empty for that folder itself.
    public var path: String
    /// Globs, relative to ``path``, of the files left out (`**/*Mock.swift`, `Generated`).
    public var excludes: [String]
    /// Globs, relative to ``path``, of the only files taken; empty for every file.
    public var includes: [String]

    public init(path: String, excludes: [String] = [], includes: [String] = []) {
      self.path = path
      self.excludes = excludes
      self.includes = includes
    }

    /// `true` when `relative` (a file's path relative to the root spec's folder) is compiled.
    public func contains(_ relative: String) -> Bool {
      if path.isEmpty || path == "." { return admits(relative) }
      if relative == path { return admits(relative.split(separator: "/").last.map(String.init) ?? "") }
      guard relative.hasPrefix(path + "/") else { return false }
      return admits(String(relative.dropFirst(path.count + 1)))
    }

    /// `true` when a file at `inside` (relative to ``path``; a file source's own name) is
    /// compiled: it matches an include, when there are any, and no exclude, which wins.
    public func admits(_ inside: String) -> Bool {
      if !includes.isEmpty, !includes.contains(where: { Glob.matches($0, inside) }) { return false }
      return !excludes.contains { Glob.matches($0, inside) }
    }
  }

  /// The targets, in the order the merged spec lists them.
  public var targets: [Target]
  /// The specs included, directly or not, relative to the root spec's folder, normalized, in
  /// the order they were read; only those that could be read.
  public var includedFiles: [String] = []
  /// Each include that could not be read or is not a spec, said in a sentence; the rest of
  /// the spec is read without it.
  public var problems: [String] = []

  /// Reads the targets of `text`, a `project.yml`; `include` gives the text of an included
  /// spec by its path relative to the root spec's folder (normalized: `App/target.yml`,
  /// `../Shared/base.yml`), `nil` when it cannot be read; `environment` gives the values of
  /// `${NAME}`.
  ///
  /// - Throws: ``XcodeGenError`` when the text is not YAML or not a mapping.
  public init(
    parsing text: String, include: (String) -> String? = { _ in nil }, environment: [String: String] = [:]
  ) throws(XcodeGenError) {
    targets = []
    var reading = Reading(environment: environment)
    let root = try Self.spec(text).expanding(environment)
    let spec = reading.resolved(root, base: "", relative: "", folder: "", depth: 0, read: include)
    includedFiles = reading.included
    problems = reading.problems
    var definitions = Self.splittingPlatforms(spec["targets"]?.entries ?? [])
    definitions = Self.applyingTemplates(definitions, templates: spec["targetTemplates"]?.entries ?? [])
    for (name, definition) in Self.splittingPlatforms(definitions) {
      let platforms =
        (definition["platform"]?.text.map { [$0] } ?? []) + (definition["supportedDestinations"]?.strings ?? [])
      targets.append(
        Self.target(named: definition["name"]?.text ?? name, definition, platforms: Set(platforms).sorted()))
    }
  }

  /// The specs a spec includes, read once each.
  private struct Reading {
    let environment: [String: String]
    var included: [String] = []
    var problems: [String] = []
    /// The specs met, so a spec included twice (or including itself) is merged once.
    var seen: Set<String> = ["project.yml"]

    init(environment: [String: String]) {
      self.environment = environment
    }

    /// `spec` (its paths relative to `folder`) over the specs it includes (their texts given
    /// by `read`), merged in order. `base` and `relative` are XcodeGen's: the folder an
    /// include's path starts from is `base/relative`, and with `relativePaths: false`, `base`.
    mutating func resolved(
      _ spec: YAML, base: String, relative: String, folder: String, depth: Int, read: (String) -> String?
    ) -> YAML {
      var merged = YAML.mapping([])
      for entry in XcodeGenProject.includes(spec) where entry.enable {
        let childBase = entry.relativePaths ? Path.joined(base, relative) : base
        let childRelative = entry.relativePaths ? Path.folder(of: entry.path) : ""
        let path = Path.joined(childBase, entry.path)
        guard seen.insert(path).inserted else { continue }
        guard depth < 64 else {
          problems.append("included spec '\(path)' is included more than 64 specs deep; not read")
          continue
        }
        guard let text = read(path) else {
          problems.append("included spec '\(path)' cannot be read")
          continue
        }
        let child: YAML
        switch Result(catching: { () throws(XcodeGenError) in try XcodeGenProject.spec(text) }) {
        case .success(let spec): child = spec.expanding(environment)
        case .failure(let error):
          problems.append("included spec '\(path)' is not read: \(error.reason)")
          continue
        }
        included.append(path)
        let childFolder = Path.joined(folder, childRelative)
        merged = resolved(
          child, base: childBase, relative: childRelative, folder: childFolder, depth: depth + 1, read: read
        ).merged(over: merged)
      }
      return XcodeGenProject.resolvingPaths(spec, in: folder).merged(over: merged).withoutReplaceMarks
    }
  }

  /// An entry of `include:`.
  private struct Include {
    var path: String
    var relativePaths = true
    var enable = true
  }

  private static func includes(_ spec: YAML) -> [Include] {
    let list = spec["include"].map { $0.list ?? [$0] } ?? []
    return list.compactMap { entry in
      if let path = entry.text { return Include(path: path) }
      guard let path = entry["path"]?.text else { return nil }
      return Include(
        path: path, relativePaths: entry["relativePaths"].map(isTrue) ?? true,
        enable: entry["enable"].map(isTrue) ?? true)
    }
  }

  /// A YAML boolean, or a text read as Foundation reads a string's `boolValue` (what XcodeGen
  /// does with an `enable: ${VARIABLE}` left unset: false).
  private static func isTrue(_ value: YAML) -> Bool {
    guard let text = value.text else { return false }
    switch text.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default:
      let digits = text.drop { $0 == " " || $0 == "\t" || $0 == "+" || $0 == "-" }.drop { $0 == "0" }
      return digits.first.map { "YyTt123456789".contains($0) } ?? false
    }
  }

  /// `spec` with its targets' and templates' source paths made relative to the root spec's
  /// folder, from `folder` (what XcodeGen does to an included spec before merging it).
  private static func resolvingPaths(_ spec: YAML, in folder: String) -> YAML {
    guard !folder.isEmpty else { return spec }
    func resolved(_ source: YAML) -> YAML {
      if let path = source.text { return .text(Path.joined(folder, path)) }
      return source.replacing("path") { $0.text.map { .text(Path.joined(folder, $0)) } ?? $0 }
    }
    return ["targets", "targetTemplates"].reduce(spec) { spec, key in
      spec.replacing(key) { targets in
        targets.mappingValues { target in
          target.replacing("sources") { sources in sources.list.map { .list($0.map(resolved)) } ?? resolved(sources) }
        }
      }
    }
  }

  /// Each target listing several platforms made one per platform, `${platform}` put in.
  private static func splittingPlatforms(_ targets: [(key: String, value: YAML)]) -> [(key: String, value: YAML)] {
    targets.flatMap { name, target -> [(key: String, value: YAML)] in
      guard let platforms = target["platform"]?.list else { return [(name, target)] }
      return platforms.compactMap(\.text).map { platform in
        let one = target.substituting(["platform": platform]).replacing("platform") { _ in .text(platform) }
        let prefix = one["platformPrefix"]?.text ?? ""
        return (prefix + name + (one["platformSuffix"]?.text ?? "_\(platform)"), one)
      }
    }
  }

  /// Each target merged over the templates it names (and those they name, first), with
  /// `${target_name}` and its `templateAttributes` put in.
  private static func applyingTemplates(
    _ targets: [(key: String, value: YAML)], templates: [(key: String, value: YAML)]
  ) -> [(key: String, value: YAML)] {
    let bodies = Dictionary(templates, uniquingKeysWith: { first, _ in first })
    func collect(_ definition: YAML, into names: inout [String], at index: inout Int) {
      for name in definition["templates"]?.strings ?? [] where !names.contains(name) {
        guard let body = bodies[name] else { continue }
        names.insert(name, at: index)
        collect(body, into: &names, at: &index)
        index += 1
      }
    }
    return targets.map { name, target in
      var names: [String] = []
      var index = 0
      collect(target, into: &names, at: &index)
      guard !names.isEmpty else { return (name, target) }
      let base = names.reduce(YAML.mapping([])) { merged, template in bodies[template]!.merged(over: merged) }
      var definition = target.merged(over: base).expanding(["target_name": name])
      if let attributes = definition["templateAttributes"]?.entries {
        let values = attributes.compactMap { entry in entry.value.text.map { (entry.key, $0) } }
        definition = definition.expanding(Dictionary(values, uniquingKeysWith: { first, _ in first }))
      }
      return (name, definition)
    }
  }

  private static func spec(_ text: String) throws(XcodeGenError) -> YAML {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch {
      throw XcodeGenError(reason: "not YAML: \(error)")
    }
    guard let node, let spec = YAML(node), spec.entries != nil else {
      throw XcodeGenError(reason: "expected a mapping of a project's fields")
    }
    return spec
  }

  private static func target(named name: String, _ definition: YAML, platforms: [String]) -> Target {
    let sources = (definition["sources"].map { $0.list ?? [$0] } ?? []).compactMap { source -> Source? in
      if let path = source.text { return Source(path: Path.normalized(path)) }
      guard let path = source["path"]?.text else { return nil }
      // Only sources phases compile: a folder of resources or headers does not, nor a
      // folder reference.
      if let phase = source["buildPhase"], phase.text != "sources" { return nil }
      if source["type"]?.text == "folder" { return nil }
      return Source(
        path: Path.normalized(path), excludes: source["excludes"]?.strings ?? [],
        includes: source["includes"]?.strings ?? [])
    }
    var dependencies: [String] = []
    for dependency in definition["dependencies"]?.list ?? [] {
      if let target = dependency["target"]?.text {
        dependencies.append(String(target.split(separator: "/").last ?? ""))
      } else if let package = dependency["package"]?.text {
        let products = (dependency["products"]?.strings ?? []) + (dependency["product"]?.text.map { [$0] } ?? [])
        dependencies += products.isEmpty ? [package] : products
      } else if let framework = dependency["framework"]?.text ?? dependency["carthage"]?.text {
        let file = String(framework.split(separator: "/").last ?? "")
        dependencies.append(file.hasSuffix(".framework") ? String(file.dropLast(".framework".count)) : file)
      }
    }
    return Target(
      name: name, type: definition["type"]?.text ?? "",
      platforms: platforms.map(SwiftPackage.platformName), sources: sources,
      dependencies: dependencies.filter { !$0.isEmpty })
  }

  /// Relative path arithmetic on `/`-separated texts, as a spec's paths need it.
  enum Path {
    /// `path` without `.`, empty components or a trailing `/`, each `..` taking away the
    /// folder before it (kept when there is none); `""` for the folder itself.
    static func normalized(_ path: String) -> String {
      var components: [Substring] = []
      for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
        if component == "..", let last = components.last, last != ".." {
          components.removeLast()
        } else if component == "..", path.hasPrefix("/") {
          continue
        } else {
          components.append(component)
        }
      }
      return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// `path` from `folder`, normalized; an absolute `path` alone.
    static func joined(_ folder: String, _ path: String) -> String {
      normalized(path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path)
    }

    /// The folder holding `path`; `""` for a name alone.
    static func folder(of path: String) -> String {
      normalized(path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
    }
  }
}

/// An XcodeGen spec that cannot be read.
public struct XcodeGenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var reason: String
  public var description: String { reason }

  public init(reason: String) { self.reason = reason }
}
