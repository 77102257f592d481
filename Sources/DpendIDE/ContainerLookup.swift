import DpendAnalysis
import DpendModel

/// What of the workspace's container code (Dip, Swinject) sits at a position.
public enum ContainerSymbol: Hashable, Sendable {
  /// A `register` (or `autoregister`) call's name.
  case registration(ContainerRegistration)
  /// A resolve: the `resolve` name, `~>`, a Dip factory's `$0` or typed closure parameter.
  case resolve(ContainerSite)
}

/// Finds container registrations and resolve sites by position, in the graph's
/// ``ContainerIndex``.
struct ContainerLookup {
  let index: ContainerIndex

  /// The registration or resolve whose range contains UTF-8 `offset` of `path`, with that
  /// range. A registration wins over the auto-wired needs standing at its name; of nested
  /// resolve sites, the innermost.
  func symbol(at offset: Int, in path: String) -> (ContainerSymbol, SourceRange)? {
    if let registration = index.registrations.first(where: { Self.contains($0.range, offset, path) }) {
      return (.registration(registration), registration.range)
    }
    let sites = index.sites.filter { Self.contains($0.site.range, offset, path) }
    guard let site = sites.min(by: { Self.length($0.site.range) < Self.length($1.site.range) }) else { return nil }
    return (.resolve(site), site.site.range)
  }

  private static func contains(_ range: SourceRange, _ offset: Int, _ path: String) -> Bool {
    range.file == path && range.start.offset <= offset && offset <= range.end.offset
  }

  private static func length(_ range: SourceRange) -> Int { range.end.offset - range.start.offset }
}
