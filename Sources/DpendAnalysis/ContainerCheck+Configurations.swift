import DpendModel

/// The build configurations the container check runs in (SPEC 7.6), and how a message names
/// them.
extension ContainerCheck {
  /// The kinds of platform condition of which exactly one value holds in any build.
  static let exclusiveKinds = ["os(", "arch("]

  /// The configurations to analyse: a base one, then each condition atom that appears made
  /// true alone on top of it. Platform conditions exclude each other (a build has one `os`
  /// and one `arch`), so the base takes the first value found of each (`os(iOS)` first), and
  /// each other value replaces it rather than joining it.
  static func configurations(_ conditionLists: [BuildConditions]) -> [[String]] {
    var atoms: Set<String> = []
    for conditions in conditionLists {
      for condition in conditions {
        atoms.formUnion(ConditionLogic.atoms(condition))
      }
    }
    var base: [String] = []
    var alternatives: [[String]] = []
    for kind in exclusiveKinds {
      // `os(iOS)` first: the platform most apps with container code are built for.
      let values = atoms.filter { Self.isPlatformValue($0, of: kind) }.sorted { lhs, rhs in
        lhs == "os(iOS)" || (rhs != "os(iOS)" && lhs < rhs)
      }
      guard let first = values.first else { continue }
      base.append(first)
      alternatives += values.dropFirst().map { [$0] }
      atoms.subtract(values)
    }
    var result = [base]
    for alternative in alternatives {
      let kind = exclusiveKinds.first { Self.isPlatformValue(alternative[0], of: $0) }!
      result.append(base.filter { !$0.hasPrefix(kind) } + alternative)
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
