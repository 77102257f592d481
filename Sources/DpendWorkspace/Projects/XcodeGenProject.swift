import Yams

/// The build targets of an XcodeGen spec, `project.yml` (SPEC 8.6), read with a YAML parser:
/// each target's type, platforms, source paths (a folder or a file, with its `excludes` and
/// `includes` globs) and dependencies. Specs it `include`s are merged under it, target
/// templates under the targets that name them, and a target for several platforms
/// (`platform: [iOS, tvOS]`) becomes one target per platform, `Name_iOS`, as XcodeGen makes
/// them. Paths are relative to the folder holding the spec.
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

    /// `true` when `relative` (a file's path relative to the spec's folder) is compiled.
    public func contains(_ relative: String) -> Bool {
      let inside: String
      if relative == path || path.isEmpty || path == "." {
        inside = path.isEmpty || path == "." ? relative : (relative.split(separator: "/").last.map(String.init) ?? "")
      } else if relative.hasPrefix(path + "/") {
        inside = String(relative.dropFirst(path.count + 1))
      } else {
        return false
      }
      if !includes.isEmpty, !includes.contains(where: { Glob.matches($0, inside) }) { return false }
      return !excludes.contains { Glob.matches($0, inside) }
    }
  }

  /// The targets, by name.
  public var targets: [Target]

  /// Reads the targets of `text`, a `project.yml`; `include` gives the text of an included
  /// spec by its path as written (relative to the spec's folder), `nil` when it cannot be read.
  ///
  /// - Throws: ``XcodeGenError`` when the text is not YAML or not a mapping.
  public init(parsing text: String, include: (String) -> String? = { _ in nil }) throws(XcodeGenError) {
    var spec = try Self.spec(text)
    var seen: Set<String> = []
    var pending = Self.includes(spec)
    // XcodeGen merges each included spec first, then the including one over it.
    while let path = pending.popLast() {
      guard seen.insert(path).inserted, let included = include(path).flatMap({ try? Self.spec($0) }) else { continue }
      spec = spec.merged(over: included)
      pending += Self.includes(included)
    }
    let templates = spec["targetTemplates"]?.entries ?? []
    var targets: [Target] = []
    for (name, written) in spec["targets"]?.entries ?? [] {
      var definition = written
      for template in written["templates"]?.strings ?? [] {
        guard let body = templates.first(where: { $0.key == template })?.value else { continue }
        definition = definition.merged(over: body)
      }
      definition = definition.substituting(["target_name": name])
      let platforms = definition["platform"]?.strings ?? []
      let destinations = definition["supportedDestinations"]?.strings ?? []
      if platforms.count > 1 {
        for platform in platforms {
          let one = definition.substituting(["platform": platform])
          targets.append(Self.target(named: "\(name)_\(platform)", one, platforms: [platform]))
        }
      } else {
        targets.append(Self.target(named: name, definition, platforms: Set(platforms + destinations).sorted()))
      }
    }
    self.targets = targets
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

  private static func includes(_ spec: YAML) -> [String] {
    let list = spec["include"].map { $0.list ?? [$0] } ?? []
    return list.compactMap { $0.text ?? $0["path"]?.text }
  }

  private static func target(named name: String, _ definition: YAML, platforms: [String]) -> Target {
    let sources = (definition["sources"].map { $0.list ?? [$0] } ?? []).compactMap { source -> Source? in
      if let path = source.text { return Source(path: trimmed(path)) }
      guard let path = source["path"]?.text else { return nil }
      // Only sources phases compile: a folder of resources or headers does not.
      if let phase = source["buildPhase"]?.text, phase != "sources" { return nil }
      return Source(
        path: trimmed(path), excludes: source["excludes"]?.strings ?? [], includes: source["includes"]?.strings ?? [])
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

  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    while path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

/// An XcodeGen spec that cannot be read.
public struct XcodeGenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var reason: String
  public var description: String { reason }

  public init(reason: String) { self.reason = reason }
}
