import DpendModel

/// The build configurations the container check runs in (SPEC 7.6), and how a message names
/// them.
extension ContainerCheck {
  /// The kinds of platform condition of which exactly one value holds in any build.
  static let exclusiveKinds = ["os(", "arch("]

  /// The kinds whose `#else` arm every app builds too: an app is built for the simulator's
  /// architecture and the device's, so a build may have an architecture no `arch(…)` names.
  /// (`os(…)`'s other arm waits for the targets a file is compiled into: a file of an iOS-only
  /// target never builds the `#else` of `os(iOS)`.)
  static let kindsWithOtherArm = ["arch("]

  /// The configurations to analyse: a base one, then each condition atom that appears made
  /// true alone on top of it. Platform conditions exclude each other (a build has one `os`
  /// and one `arch`), so the base takes the first value found of each (`os(iOS)` first), and
  /// each other value replaces it rather than joining it; for an architecture, so does none
  /// of those named (`!arch(x86_64)`: the arm64 device of `#if arch(x86_64) … #else`).
  ///
  /// `platforms` are those the build targets build for (`iOS`, `macOS`): when some condition
  /// names an `os(…)`, each of them is an `os(…)` value too, the `#else` of `#if os(iOS)` in
  /// a target that also builds for macOS being its macOS arm.
  static func configurations(_ conditionLists: [BuildConditions], platforms: [String] = []) -> [[String]] {
    var atoms: Set<String> = []
    for conditions in conditionLists {
      for condition in conditions {
        atoms.formUnion(ConditionLogic.atoms(condition))
      }
    }
    if atoms.contains(where: { isPlatformValue($0, of: "os(") }) {
      for platform in platforms
      where !atoms.contains("os(\(platform))") && !(platform == "macOS" && atoms.contains("os(OSX)")) {
        atoms.insert("os(\(platform))")
      }
    }
    var base: [String] = []
    var alternatives: [(kind: String, values: [String])] = []
    for kind in exclusiveKinds {
      // `os(iOS)` first: the platform most apps with container code are built for.
      let values = atoms.filter { Self.isPlatformValue($0, of: kind) }.sorted { lhs, rhs in
        lhs == "os(iOS)" || (rhs != "os(iOS)" && lhs < rhs)
      }
      guard let first = values.first else { continue }
      base.append(first)
      alternatives += values.dropFirst().map { (kind, [$0]) }
      // Named as what it is not: no atom of that kind holds in it.
      if kindsWithOtherArm.contains(kind) { alternatives.append((kind, values.map { "!" + $0 })) }
      atoms.subtract(values)
    }
    var result = [base]
    for alternative in alternatives {
      result.append(base.filter { !$0.hasPrefix(alternative.kind) } + alternative.values)
    }
    result += atoms.sorted().map { base + [$0] }
    return result
  }

  /// `os(iOS)` for the kind `os(`: one value, nothing more.
  private static func isPlatformValue(_ atom: String, of kind: String) -> Bool {
    atom.hasPrefix(kind) && atom.hasSuffix(")") && !atom.dropFirst(kind.count).contains { $0 == "(" || $0 == " " }
  }

  /// `in configuration 'DEBUG': ` — how a message names the configurations it holds in.
  static func scope(_ configurations: [[String]]) -> String {
    let names = configurations.map { $0.isEmpty ? "with no condition set" : "'\($0.joined(separator: ", "))'" }
    return "in configuration\(names.count == 1 ? "" : "s") \(names.joined(separator: " and ")): "
  }

  /// `true` when every condition of `conditions` holds in `configuration`.
  static func holds(_ conditions: BuildConditions, in configuration: [String]) -> Bool {
    conditions.allSatisfy { ConditionLogic.value($0, in: configuration) }
  }
}
