import DpendModel

/// The providers of one key and the factory chosen to make it.
///
/// Factories are grouped by provider (a type, or one configuration method). Within a
/// provider the first factory whose required dependencies all have some provider wins
/// (SPEC 1.1); when none does, the first one is kept and its missing dependencies are
/// recorded for ``MissingDependencyCheck``. Several providers for one key are ambiguous:
/// the first in stable order (file, then position) is used and a warning names every
/// candidate.
struct ProviderSelection: Equatable, Sendable {
  /// Every factory of every provider, providers in stable order.
  var candidates: [Factory] { severalCandidates ?? [resolved] }
  /// ``candidates`` when there are several; `nil` when ``resolved`` is the only one (most
  /// keys: a graph holds a selection for every key).
  private(set) var severalCandidates: [Factory]?
  /// The factory that makes the key.
  var resolved: Factory
  /// Where ``resolved`` is in the ``ProviderIndex`` the selection was made from.
  var resolvedReference: FactoryReference
  /// The warning when several providers make the key.
  var ambiguity: Diagnostic? {
    get { ambiguityStorage.first }
    set { ambiguityStorage = newValue.map { [$0] } ?? [] }
  }
  /// ``ambiguity`` out of line: rare, and a graph holds a selection for every key.
  private var ambiguityStorage: [Diagnostic] = []
  /// For providers with no satisfiable factory: each dependency nothing provides, with
  /// the parameters that need it.
  var missing: [DependencyKey: [MissingDependencyCheck.Consumer]] = [:]

  /// - Parameters:
  ///   - references: the key's factories in stable order (file, position, then libraries); not empty.
  ///   - index: where the factories are, and which keys some factory provides.
  init(key: DependencyKey, references: [FactoryReference], in index: ProviderIndex) {
    if references.count == 1 {
      // The common case: one initializer or one registration, nothing to group or order.
      resolvedReference = references[0]
      resolved = index.factory(resolvedReference)
      ambiguity = nil
      let required = index.required(resolvedReference)
      if !required.allSatisfy(index.isProvided) {
        for ((dependency, range), number) in zip(resolved.requiredDependencies, required)
        where !index.isProvided(number) {
          missing[dependency, default: []].append(
            MissingDependencyCheck.Consumer(factory: resolved.displayName, range: range))
        }
      }
      return
    }
    var providers: [[(factory: Factory, reference: FactoryReference)]] = []
    for reference in references {
      let factory = index.factory(reference)
      if let position = providers.firstIndex(where: { Self.sameProvider($0[0].factory, factory) }) {
        providers[position].append((factory, reference))
      } else {
        providers.append([(factory, reference)])
      }
    }
    providers.sort { $0[0].factory.range < $1[0].factory.range }
    let candidates = providers.flatMap { $0.map(\.factory) }
    severalCandidates = candidates.count > 1 ? candidates : nil
    var chosen: [(factory: Factory, reference: FactoryReference)] = []
    for provider in providers {
      if let satisfiable = provider.first(where: { index.required($0.reference).allSatisfy(index.isProvided) }) {
        chosen.append(satisfiable)
        continue
      }
      chosen.append(provider[0])
      // No factory can be built: report every factory's missing keys, so the user sees
      // every option.
      for (factory, reference) in provider {
        for ((dependency, range), number) in zip(factory.requiredDependencies, index.required(reference))
        where !index.isProvided(number) {
          let consumer = MissingDependencyCheck.Consumer(factory: factory.displayName, range: range)
          if !missing[dependency, default: []].contains(consumer) { missing[dependency, default: []].append(consumer) }
        }
      }
    }
    (resolved, resolvedReference) = chosen[0]
    ambiguity = chosen.count > 1 ? Self.ambiguity(key, chosen.map(\.factory)) : nil
  }

  /// `true` when both factories belong to one provider (``Factory/provider``), decided
  /// without building the provider's name.
  static func sameProvider(_ lhs: Factory, _ rhs: Factory) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.initializer(let left, _), .initializer(let right, _)):
      return left == right
    case (.configurationMethod(let left, let leftMethod, _), .configurationMethod(let right, let rightMethod, _)):
      return left.name == right.name && leftMethod == rightMethod
    default:
      // A type named like `Configuration.method` would share the provider's name.
      return lhs.provider == rhs.provider
    }
  }

  /// The warning for a key with several providers; `chosen[0]` is the one used.
  static func ambiguity(_ key: DependencyKey, _ chosen: [Factory]) -> Diagnostic {
    let names = chosen.map { "'\($0.provider)'" }
    return Diagnostic(
      code: .ambiguousProvider,
      message: "ambiguous provider: '\(key)' is provided by \(Wording.list(names)); using '\(chosen[0].displayName)'",
      range: chosen[0].range,
      notes: chosen.map { DiagnosticNote(message: "'\($0.provider)' provides '\(key)' here", range: $0.range) })
  }
}

/// Shared bits of English for messages.
enum Wording {
  /// `a`, `a and b`, `a, b and c`, `a, b, c and 1 other`, `a, b, c and 2 others`.
  static func list(_ items: [String], limit: Int = 3) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    if items.count > limit {
      let rest = items.count - limit
      return items.prefix(limit).joined(separator: ", ") + " and \(rest) other\(rest == 1 ? "" : "s")"
    }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}

extension ProviderSelection: BinaryCoded {
  init() {
    resolved = Factory()
    resolvedReference = FactoryReference()
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&severalCandidates)
    try coder.code(&resolved)
    try coder.code(&resolvedReference)
    try coder.code(&ambiguityStorage)
    try coder.code(&missing)
  }
}
