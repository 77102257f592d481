import DpendModel

/// The registration a quick fix adds for a key nothing registers, in the dialect's own form,
/// constructing the key's one implementation (``Construction``) and resolving each of its
/// initializer's dependencies from the container:
/// ```swift
/// container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }
/// c.register(tag: "main") { FeedImpl(store: try c.resolve(), clock: try? c.resolve()) as Feed }
/// register { FeedImpl(store: resolve(), clock: optional()) as Feed }
/// ```
/// `nil` when it cannot be written without a guess or a trap: runtime arguments (their
/// types and values are the caller's), a throwing initializer where the factory cannot throw
/// (Swinject, Resolver), a tagged dependency, another dialect.
enum ContainerStub {
  /// The statement registering `key` on `receiver` (empty: a call on nothing).
  static func registration(
    of key: ContainerKey, dialect: Dialect, receiver: String, making construction: Construction
  ) -> String? {
    guard key.argumentCount == 0, !key.type.isEmpty, construction.dependencies.allSatisfy({ $0.tag == nil }) else {
      return nil
    }
    let on = receiver.isEmpty ? "" : receiver + "."
    let cast = construction.type == key.type ? "" : " as \(key.type)"
    switch dialect {
    case .swinject:
      guard !construction.isThrowing else { return nil }
      let name = key.name.map { ", name: \($0)" } ?? ""
      let made = construction.expression { "r.resolve(\($0.type).self)" + ($0.isOptional ? "" : "!") }
      let resolver = construction.dependencies.isEmpty ? "_" : "r"
      return "\(on)register(\(key.type).self\(name)) { \(resolver) in \(made) }"
    case .dip:
      let tag = key.name.map { "(tag: \($0))" } ?? ""
      let made = construction.expression { ($0.isOptional ? "try? " : "try ") + on + "resolve()" }
      return "\(on)register\(tag) { \(made)\(cast) }"
    case .resolver:
      guard !construction.isThrowing else { return nil }
      let name = key.name.map { "(name: \($0))" } ?? ""
      let made = construction.expression { $0.isOptional ? "optional()" : "resolve()" }
      return "\(on)register\(name) { \(made)\(cast) }"
    default:
      return nil
    }
  }
}
