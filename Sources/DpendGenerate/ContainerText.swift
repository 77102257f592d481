import DpendAnalysis
import DpendModel

/// How `dpend tree` writes a container registration, in text and in DOT alike.
enum ContainerText {
  /// `Dip`, `Swinject`.
  static func name(of dialect: Dialect) -> String {
    dialect.rawValue.prefix(1).uppercased() + dialect.rawValue.dropFirst()
  }

  /// `Store`, `Store?` (an optional need), `Store (name "remote")`.
  static func key(_ key: ContainerKey, optional: Bool = false) -> String {
    guard optional else { return key.description }
    return ContainerKey(type: key.type + "?", name: key.name, argumentCount: key.argumentCount).description
  }

  /// What is known of a registration besides the type it constructs: `(unread: why)` for
  /// one whose key dpend could not read (all of it or its name), `(singleton)`, `(#if DEBUG)`.
  static func details(_ registration: ContainerRegistration) -> [String] {
    var parts: [String] = []
    if let unread = registration.unread { parts.append("(unread: \(unread))") }
    if let scope = registration.scope { parts.append("(\(scope))") }
    if !registration.conditions.isEmpty { parts.append("(#if \(registration.conditions.joined(separator: " && ")))") }
    return parts
  }

  /// The keys a registration answers under which a need of `type` finds it: that type with
  /// the registration's name and runtime arguments.
  static func key(of registration: ContainerRegistration, as type: String) -> ContainerKey {
    ContainerKey(type: type, name: registration.name, argumentCount: registration.argumentCount)
  }
}
