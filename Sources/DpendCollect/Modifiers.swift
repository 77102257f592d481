import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// The modifiers of a declaration, read from its raw `DeclModifierListSyntax`.
enum Modifiers {
  private static let name = Slot(\DeclModifierSyntax.name)
  private static let detail = Slot(\DeclModifierSyntax.detail)

  /// The access level written among `list`; `private(set)` and the like are setter
  /// restrictions and do not count.
  static func accessLevel(_ list: RawNode?) -> AccessLevel? {
    for modifier in list?.elements ?? [] where modifier.child(detail) == nil {
      guard let keyword = modifier.child(name), keyword.isToken(.keyword) else { continue }
      switch keyword.tokenText {
      case "private": return .private
      case "fileprivate": return .fileprivate
      case "internal": return .internal
      case "package": return .package
      case "public": return .public
      case "open": return .open
      default: continue
      }
    }
    return nil
  }

  /// `true` when a modifier keyword of `list` satisfies `predicate` (`static`, `lazy`, …).
  static func contains(_ list: RawNode?, where predicate: (SyntaxText) -> Bool) -> Bool {
    (list?.elements ?? []).contains { modifier in
      guard let keyword = modifier.child(name), keyword.isToken(.keyword) else { return false }
      return predicate(keyword.tokenText)
    }
  }
}
