/// What a factory provides and what a parameter needs: a type name and an optional tag.
///
/// The name is the type as written with white space removed, `any`/`some` dropped and
/// nested names and typealiases resolved (`Outer.Inner`).
public struct DependencyKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The normalized type name, e.g. `FooService` or `Outer.Inner`.
  public var name: String
  /// The tag type's name, e.g. `Remote`, or `nil` for an untagged key.
  public var tag: String?

  /// Creates a key.
  public init(name: String, tag: String? = nil) {
    self.name = name
    self.tag = tag
  }

  /// Orders by name, untagged before tagged, then by tag.
  public static func < (lhs: DependencyKey, rhs: DependencyKey) -> Bool {
    // Equal names are rare among sorted keys, and unequal lengths tell at once.
    guard lhs.name == rhs.name else { return lhs.name < rhs.name }
    return (lhs.tag ?? "") < (rhs.tag ?? "")
  }

  /// The key as a Swift developer writes it: `FooService` or `Tagged<FooService, Remote>`.
  public var description: String {
    guard let tag else { return name }
    return "Tagged<\(name), \(tag)>"
  }
}
