/// How long an instance made by a factory lives. The names match Dip's scopes.
public enum DependencyScope: String, CaseIterable, Sendable {
  /// A new instance for every resolution. The default.
  case unique
  /// One instance shared by everything created during one top-level resolution.
  case shared
  /// One instance for the container's lifetime, created on first use.
  case singleton
  /// One instance for the container's lifetime, created together with the container.
  case eagerSingleton
  /// One instance held weakly: reused while someone holds it, recreated once released.
  case weakSingleton
}
