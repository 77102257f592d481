import DpendModel

/// Every dialect's reader, in one list: where a new dialect is added. A registration two
/// dialects' shapes fit is read by the first (Swinject's `register(P.self) { r in … }` before
/// Dip's); a resolve goes to the dialect its type's spelling names (``DpendModel/DialectTraits/resolveType``).
enum DialectReaders {
  static let all: [any DialectReading.Type] = [
    SwinjectDialect.self, DipDialect.self, ResolverDialect.self, FactoryDialect.self, StitcherDialect.self,
    BelumDialect.self,
  ]

  static let byDialect: [Dialect: any DialectReading.Type] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.dialect, $0) })
}
