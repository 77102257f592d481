import DpendModel

/// `register { FeedImpl(store: resolve(), clock: optional()) as Feed }`.
enum ResolverStub: StubWriter {
  static let dialect = Dialect.resolver

  static func registration(
    of key: ContainerKey, on: String, cast: String, making construction: Construction, argumentTypes: [String]
  ) -> String? {
    guard argumentTypes.isEmpty, !construction.isThrowing else { return nil }
    let name = key.name.map { "(name: \($0))" } ?? ""
    let made = construction.expression { $0.isOptional ? "optional()" : "resolve()" }
    return "\(on)register\(name) { \(made)\(cast) }"
  }
}
