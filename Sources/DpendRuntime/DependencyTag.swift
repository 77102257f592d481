/// A marker for tag types that tell apart several providers of the same type.
///
/// Declare tags as case-less enums so they can never be instantiated:
/// ```swift
/// public enum Remote: DependencyTag {}
/// ```
/// A tag is referenced as `Remote.self` in a ``DependencyRegistration`` and as the
/// second generic argument of ``Tagged``.
public protocol DependencyTag {}

extension DependencyTag {
  /// The name containers use for this tag: the tag type's name, e.g. `"Remote"`.
  public static var dependencyTagName: String { String(describing: Self.self) }
}
