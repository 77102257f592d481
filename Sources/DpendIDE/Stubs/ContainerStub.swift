import DpendModel

/// The registration a quick fix adds for a key nothing registers, in the dialect's own form,
/// constructing the key's one implementation (``Construction``) and resolving each of its
/// initializer's dependencies from the container:
/// ```swift
/// container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }
/// container.register(Detail.self) { (r, id: Int) in DetailImpl(store: r.resolve(Store.self)!, id: id) }
/// c.register(tag: "main") { FeedImpl(store: try c.resolve(), clock: try? c.resolve()) as Feed }
/// register { FeedImpl(store: resolve(), clock: optional()) as Feed }
/// ```
/// A key resolved with runtime arguments (Swinject, which counts them) is registered with a
/// factory taking them, typed as the resolve passes them; each is handed to the first
/// initializer parameter of its type not yet given one (named after its label), else
/// ignored (`_: Int`). `nil` when it cannot be written without a guess or a trap: an
/// argument whose type is not known, runtime arguments in a dialect whose typed factory
/// parameters dpend reads as auto-wired needs (Dip), a throwing initializer where the
/// factory cannot throw (Swinject, Resolver), a tagged dependency, another dialect.
enum ContainerStub {
  /// The statement registering `key` on `receiver` (empty: a call on nothing), its factory
  /// taking runtime arguments of `argumentTypes` (one per argument of the key).
  static func registration(
    of key: ContainerKey, dialect: Dialect, receiver: String, making construction: Construction,
    argumentTypes: [String] = []
  ) -> String? {
    guard !key.type.isEmpty, construction.dependencies.allSatisfy({ $0.tag == nil }),
      argumentTypes.count == key.argumentCount
    else { return nil }
    let on = receiver.isEmpty ? "" : receiver + "."
    let cast = construction.type == key.type ? "" : " as \(key.type)"
    return ContainerStub.writers.first { $0.dialect == dialect }?.registration(
      of: key, on: on, cast: cast, making: construction, argumentTypes: argumentTypes)
  }

  /// How each dialect writes a registration: the one list.
  static let writers: [any StubWriter.Type] = [SwinjectStub.self, DipStub.self, ResolverStub.self]

  /// A factory's runtime-argument parameters (`id: Int`, `_: String`) and, by dependency,
  /// the parameter passed to it.
  struct Arguments {
    var parameters: [String] = []
    var passed: [Int: String] = [:]

    /// `nil` when a type is unknown or not a plain type (``Construction/isPlainType(_:)``).
    init?(_ types: [String], for construction: Construction) {
      var names: Set<String> = ["r"]
      for (position, type) in types.enumerated() {
        let isOptional = type.hasSuffix("?")
        let unwrapped = isOptional ? String(type.dropLast()) : type
        guard Construction.isPlainType(unwrapped) else { return nil }
        // An optional argument fits an optional parameter only.
        let index = construction.dependencies.indices.first { index in
          let dependency = construction.dependencies[index]
          return passed[index] == nil && dependency.type == unwrapped && (dependency.isOptional || !isOptional)
        }
        guard let index else {
          parameters.append("_: \(type)")
          continue
        }
        let label = construction.dependencies[index].label
        var name = label == "_" || names.contains(label) ? "argument\(position + 1)" : label
        while names.contains(name) { name += "_" }
        names.insert(name)
        parameters.append("\(name): \(type)")
        passed[index] = name
      }
    }
  }
}

/// How one dialect writes the registration a quick fix adds (``ContainerStub``).
protocol StubWriter: Sendable {
  static var dialect: Dialect { get }
  /// The statement registering `key` on `on` (`container.`, or empty), casting the made value
  /// with `cast` (` as Feed`, or empty); `nil` when the dialect cannot write it without a
  /// guess or a trap.
  static func registration(
    of key: ContainerKey, on: String, cast: String, making construction: Construction, argumentTypes: [String]
  ) -> String?
}
