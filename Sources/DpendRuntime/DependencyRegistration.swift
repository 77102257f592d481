/// How to make a `T`: returned by a registration method of a ``DependencyConfiguration``.
///
/// dpend reads `tag:` and `scope:` from the source, so write them as literals:
/// ```swift
/// DependencyRegistration(tag: Remote.self, scope: .singleton) { RemoteStore() }
/// ```
/// Generated container code calls ``makeInstance()`` to obtain the instance.
public struct DependencyRegistration<T> {
  /// The tag that tells this provider apart from others of `T`, if any.
  public let tag: (any DependencyTag.Type)?
  /// How long the instances live.
  public let scope: DependencyScope
  private let factory: () throws -> T

  /// Declares a registration.
  /// - Parameters:
  ///   - tag: a ``DependencyTag`` type such as `Remote.self`, or `nil` for an untagged key.
  ///   - scope: the instance's lifetime; ``DependencyScope/unique`` by default.
  ///   - factory: makes a new instance; called by the container according to `scope`.
  public init(
    tag: (any DependencyTag.Type)? = nil,
    scope: DependencyScope = .unique,
    factory: @escaping () throws -> T
  ) {
    self.tag = tag
    self.scope = scope
    self.factory = factory
  }

  /// The tag's name as containers use it (`"Remote"`), or `nil` when untagged.
  public var tagName: String? { tag.map { String(describing: $0) } }

  /// Runs the factory once and returns the new instance.
  public func makeInstance() throws -> T {
    try factory()
  }
}
