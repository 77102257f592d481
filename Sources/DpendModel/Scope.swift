/// The lifetime of instances made by a factory; mirrors `DpendRuntime.DependencyScope`.
public enum Scope: String, Sendable, Codable, CaseIterable {
  case unique, shared, singleton, eagerSingleton, weakSingleton
}
