import DpendAnalysis
import DpendModel

/// What of the workspace's container code (Dip, Swinject, …) sits at a position.
public enum ContainerSymbol: Hashable, Sendable {
  /// A `register` (or `autoregister`) call: its name, its key arguments or its written type.
  case registration(ContainerRegistration)
  /// A resolve: the `resolve` name and its key arguments, `~>` and its operand, a Dip
  /// factory's `$0` or typed closure parameter.
  case resolve(ContainerSite)
}

/// Finds container registrations and resolve sites by position, in the graph's
/// ``ContainerIndex``.
struct ContainerLookup {
  let index: ContainerIndex
  /// Where each call of the file asked about writes its key, by the call's range.
  let keys: [SourceRange: SourceRange]

  /// The registration or resolve with the smallest range containing UTF-8 `offset` of
  /// `path` (its name, its key as written or its written type), with that range. Of equal
  /// ranges a registration wins over the auto-wired needs standing at its name.
  func symbol(at offset: Int, in path: String) -> (ContainerSymbol, SourceRange)? {
    var best: (ContainerSymbol, SourceRange)?
    func consider(_ symbol: ContainerSymbol, _ ranges: [SourceRange?]) {
      for case let range? in ranges where Self.contains(range, offset, path) {
        if best.map({ Self.length(range) < Self.length($0.1) }) ?? true { best = (symbol, range) }
      }
    }
    for registration in index.registrations where registration.range.file == path {
      // The written type counts on its own only outside the key arguments (Dip's `as Store`):
      // inside them the key covers it (`Store.self`).
      let key = keys[registration.range]
      let typeRange = registration.typeRange.flatMap { type in
        key.map { Self.encloses($0, type) } == true ? nil : type
      }
      consider(.registration(registration), [registration.range, key, typeRange])
    }
    for site in index.sites where site.site.range.file == path {
      consider(.resolve(site), [site.site.range, keys[site.site.range]])
    }
    return best
  }

  private static func contains(_ range: SourceRange, _ offset: Int, _ path: String) -> Bool {
    range.file == path && range.start.offset <= offset && offset <= range.end.offset
  }

  private static func encloses(_ outer: SourceRange, _ inner: SourceRange) -> Bool {
    outer.start.offset <= inner.start.offset && inner.end.offset <= outer.end.offset
  }

  private static func length(_ range: SourceRange) -> Int { range.end.offset - range.start.offset }
}
