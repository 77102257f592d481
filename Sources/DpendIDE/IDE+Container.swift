import DpendAnalysis
import DpendModel

/// The editor features on container code (Dip, Swinject), through the graph's
/// ``ContainerIndex``: ``hover(at:in:)``, ``providers(at:in:)`` and
/// ``consumers(at:in:includeDeclaration:)`` answer with these where the dependency graph has
/// nothing at the position.
extension IDE {
  /// The registration or resolve at UTF-8 `offset` of `path`, and the range it covers.
  public func containerSymbol(at offset: Int, in path: String) -> (symbol: ContainerSymbol, range: SourceRange)? {
    ContainerLookup(index: graph.containerIndex, keys: keyRanges(in: path)).symbol(at: offset, in: path).map {
      (symbol: $0.0, range: $0.1)
    }
  }

  /// Where each register and resolve call of `path` writes its key, by the call's range, from
  /// the file's summary.
  func keyRanges(in path: String) -> [SourceRange: SourceRange] {
    let ranges = graph.summary(of: path)?.keyRanges ?? []
    return Dictionary(ranges.map { ($0.call, $0.key) }, uniquingKeysWith: { first, _ in first })
  }

  /// On a resolve, the registrations answering it or why none does; on a registration, its
  /// keys, scope and the number of resolve sites it answers.
  func containerHover(at offset: Int, in path: String) -> HoverResult? {
    guard let (symbol, range) = containerSymbol(at: offset, in: path) else { return nil }
    return HoverResult(markdown: ContainerHoverText.markdown(for: symbol, in: graph.containerIndex), range: range)
  }

  /// On a resolve: the registrations answering it; when none does, the unread registrations
  /// that might, else the registration of a concrete type conforming to the protocol asked
  /// for. On a registration: the declarations of the types it registers. `nil` when neither
  /// is at the offset.
  func containerProviders(at offset: Int, in path: String) -> [SourceRange]? {
    let symbol = containerSymbol(at: offset, in: path)?.symbol
    // On a registration (its `register` or its key): where the sources declare what it
    // registers, as on the key's type in the compiler's own index.
    if case .registration(let registration)? = symbol {
      return registration.types.flatMap { graph.declarations(ofType: $0) }
    }
    guard case .resolve(let site)? = symbol else { return nil }
    let index = graph.containerIndex
    var registrations = index.registrations(answering: site)
    if registrations.isEmpty { registrations = index.unreadRegistrations(possiblyAnswering: site) }
    if registrations.isEmpty, let concrete = index.concreteRegistration(for: site) {
      registrations = [concrete.registration]
    }
    return Self.unique(registrations.map(\.range))
  }

  /// On a registration: the resolve sites it answers (an auto-wired factory's needs stand at
  /// its registration), by file and position, after the registration itself with
  /// `includeDeclaration`. On a resolve: every resolve asking for the same key in the same
  /// dialect, after the registrations answering it with `includeDeclaration`. `nil` when
  /// neither is at the offset.
  func containerConsumers(at offset: Int, in path: String, includeDeclaration: Bool) -> [SourceRange]? {
    guard let symbol = containerSymbol(at: offset, in: path)?.symbol else { return nil }
    let index = graph.containerIndex
    switch symbol {
    case .registration(let registration):
      let sites = index.sites(answeredBy: registration).map(\.site.range).sorted()
      return Self.unique((includeDeclaration ? [registration.range] : []) + sites)
    case .resolve(let site):
      let declarations = includeDeclaration ? index.registrations(answering: site).map(\.range) : []
      guard let key = site.key else { return Self.unique(declarations + [site.site.range]) }
      let same = index.sites.filter { $0.key == key && $0.site.dialect == site.site.dialect }
      return Self.unique(declarations + same.map(\.site.range).sorted())
    }
  }

  /// Quick fixes for the `registered-as-concrete-type` registrations at UTF-8 `offsets` of
  /// `path`: each registers the concrete type as the protocol resolved instead. Swinject:
  /// `register(Impl.self)` becomes `register(P.self)`. Dip: a written type (`type: Impl.self`,
  /// `{ () -> Impl in … }`, `as Impl`) becomes `P`; else a factory of one expression gets
  /// `as P` appended (`{ Impl() as P }`); else the call gets a `type: P.self` argument.
  public func concreteRegistrationFixes(at offsets: [Int], in path: String) -> [Fix] {
    let index = graph.containerIndex
    var seen: Set<SourceRange> = []
    var fixes: [Fix] = []
    for offset in offsets {
      guard case .registration(let registration)? = containerSymbol(at: offset, in: path)?.symbol,
        seen.insert(registration.range).inserted,
        graph.diagnostics.contains(where: { $0.code == .registeredAsConcreteType && $0.range == registration.range }),
        let lines = lines(of: registration.range.file)
      else { continue }
      let missed = index.protocolsMissed(by: registration).filter { $0.registered == registration.types.first }
      for (wanted, registered) in missed {
        guard let replacement = Self.registering(registration, as: wanted) else { continue }
        fixes.append(
          Fix(
            title: "Register '\(registered)' as '\(wanted)'", isPreferred: missed.count == 1,
            edits: [.edit(path: registration.range.file, replacements: [replacement], lines: lines)]))
      }
    }
    return fixes
  }

  /// The edit that makes `registration` register `wanted` instead of its first type.
  private static func registering(_ registration: ContainerRegistration, as wanted: String) -> TextReplacement? {
    if let written = registration.typeRange {
      return TextReplacement(
        offset: written.start.offset, length: written.end.offset - written.start.offset, replacement: wanted)
    }
    guard registration.dialect.traits.castsFactoryResult else { return nil }
    if let result = registration.resultRange {
      return TextReplacement(offset: result.end.offset, length: 0, replacement: " as \(wanted)")
    }
    if let insertion = registration.typeArgumentInsertion {
      return TextReplacement(
        offset: insertion.position.start.offset, length: 0,
        replacement: insertion.prefix + "type: \(wanted).self" + insertion.suffix)
    }
    return nil
  }

  private static func unique(_ ranges: [SourceRange]) -> [SourceRange] {
    var result: [SourceRange] = []
    for range in ranges where !result.contains(range) { result.append(range) }
    return result
  }
}
