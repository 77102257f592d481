import DpendModel

/// `container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }`, with the
/// runtime arguments the resolve passes as the factory's parameters.
enum SwinjectStub: StubWriter {
  static let dialect = Dialect.swinject

  static func registration(
    of key: ContainerKey, on: String, cast: String, making construction: Construction, argumentTypes: [String]
  ) -> String? {
    guard !construction.isThrowing, let arguments = ContainerStub.Arguments(argumentTypes, for: construction) else {
      return nil
    }
    let name = key.name.map { ", name: \($0)" } ?? ""
    // `expression` writes the dependencies in order: `position` is the one written.
    var position = 0
    var resolves = false
    let made = construction.expression { dependency in
      defer { position += 1 }
      if let argument = arguments.passed[position] { return argument }
      resolves = true
      return "r.resolve(\(dependency.type).self)" + (dependency.isOptional ? "" : "!")
    }
    let resolver = resolves ? "r" : "_"
    let parameters =
      arguments.parameters.isEmpty
      ? resolver : "(" + ([resolver] + arguments.parameters).joined(separator: ", ") + ")"
    return "\(on)register(\(key.type).self\(name)) { \(parameters) in \(made) }"
  }
}
