/// Swift's access levels, ordered from most to least restrictive.
public enum AccessLevel: Int, Comparable, Sendable, Codable, CaseIterable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `true` for `public` and `open`: visible to other modules, so exported in library mode.
  public var isPublic: Bool { self >= .public }
}
