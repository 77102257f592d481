import DpendModel

/// `c.register(tag: "main") { FeedImpl(store: try c.resolve()) as Feed }`; no runtime arguments
/// (Dip reads a factory's typed parameters as auto-wired needs).
enum DipStub: StubWriter {
  static let dialect = Dialect.dip

  static func registration(
    of key: ContainerKey, on: String, cast: String, making construction: Construction, argumentTypes: [String]
  ) -> String? {
    guard argumentTypes.isEmpty else { return nil }
    let tag = key.name.map { "(tag: \($0))" } ?? ""
    let made = construction.expression { ($0.isOptional ? "try? " : "try ") + on + "resolve()" }
    return "\(on)register\(tag) { \(made)\(cast) }"
  }
}
