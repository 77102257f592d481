import DpendModel
import SwiftSyntax

extension DeclModifierListSyntax {
  /// The access level written among these modifiers; `private(set)` and the like are
  /// setter restrictions and do not count.
  var accessLevel: AccessLevel? {
    for modifier in self where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private): return .private
      case .keyword(.fileprivate): return .fileprivate
      case .keyword(.internal): return .internal
      case .keyword(.package): return .package
      case .keyword(.public): return .public
      case .keyword(.open): return .open
      default: continue
      }
    }
    return nil
  }

  /// `true` for `static` and `class` members.
  var isTypeMember: Bool {
    contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  /// `true` when `lazy` is present.
  var isLazy: Bool { contains { $0.name.tokenKind == .keyword(.lazy) } }
}

extension MemberBlockSyntax {
  /// The member declarations, with the branches of `#if` blocks flattened in (all of
  /// them: dpend cannot know which condition holds, so it takes every branch).
  var flattenedDeclarations: [DeclSyntax] { Self.flatten(members) }

  /// The declarations of `items`, with the branches of `#if` blocks flattened in.
  static func flatten(_ items: MemberBlockItemListSyntax) -> [DeclSyntax] {
    var result: [DeclSyntax] = []
    func add(_ items: MemberBlockItemListSyntax) {
      for item in items {
        let decl = item.decl
        // The kind is read from the raw node; a cast is made only for the rare `#if`.
        guard decl.kind == .ifConfigDecl, let conditional = decl.as(IfConfigDeclSyntax.self) else {
          result.append(decl)
          continue
        }
        for clause in conditional.clauses {
          if case .decls(let nested) = clause.elements { add(nested) }
        }
      }
    }
    add(items)
    return result
  }
}
