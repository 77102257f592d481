/// A dependency on the provider of `T` registered with tag `Tag`.
///
/// ```swift
/// func sync(store: Tagged<Store, Remote>) -> DependencyRegistration<Sync> {
///   DependencyRegistration { Sync(store: store.dependency) }
/// }
/// ```
public struct Tagged<T, Tag: DependencyTag> {
  /// The resolved instance.
  public let dependency: T

  /// Wraps an instance resolved for tag `Tag`; used by generated container code.
  public init(_ dependency: T) {
    self.dependency = dependency
  }

  /// The tag's name as containers use it, e.g. `"Remote"`.
  public static var tagName: String { Tag.dependencyTagName }
}
