import SwiftSyntax

/// What the declarations and closures enclosing a node make of the names written in it: the
/// parameters that hide globals, the generic parameters, the type it is written in, the body
/// it belongs to. Each is worked out once per enclosing declaration or closure and shared by
/// every call inside, instead of walking every call's chain of parents once per question.
final class EnclosingScopes {
  /// What holds inside one declaration or closure (and everything around it).
  struct Scope {
    /// The names of the parameters of every function, initializer and closure around.
    var parameters: Set<String> = []
    /// The generic parameters of every declaration around (a protocol's `Self` and
    /// associated types among them).
    var generics: Set<String> = []
    /// The qualified name of the type or extended type around (`BasketScreen` in
    /// `extension BasketScreen`, `Outer.Inner`); `""` at the top level.
    var lexicalScope = ""
    /// The names of the types and extended types around, innermost first (the last
    /// component of an extension's `Outer.Inner`).
    var typeNames: [String] = []
    /// The innermost function, initializer, accessor or closure around, as `@` and its
    /// node's index in the tree (a line inserted above leaves it as it was); `""` for none.
    var body = ""
  }

  private var scopes: [SyntaxIdentifier: Scope] = [:]

  init() {}

  /// The scope `node` is written in (its own declaration, when it is one, excluded).
  func scope(of node: some SyntaxProtocol) -> Scope {
    var current = Syntax(node).parent
    while let parent = current {
      if Self.isScope(parent) { return scope(at: parent) }
      current = parent.parent
    }
    return Scope()
  }

  /// The scope inside `node`, a declaration or closure.
  private func scope(at node: Syntax) -> Scope {
    if let known = scopes[node.id] { return known }
    var scope = self.scope(of: node)
    if let function = node.as(FunctionDeclSyntax.self) {
      scope.parameters.formUnion(function.signature.parameterClause.parameters.map(HelperReader.internalName))
      scope.generics.formUnion(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
      scope.body = Self.body(node)
    } else if let initializer = node.as(InitializerDeclSyntax.self) {
      scope.parameters.formUnion(initializer.signature.parameterClause.parameters.map(HelperReader.internalName))
      scope.generics.formUnion(initializer.genericParameterClause?.parameters.map(\.name.text) ?? [])
      scope.body = Self.body(node)
    } else if let closure = node.as(ClosureExprSyntax.self) {
      switch closure.signature?.parameterClause {
      case .simpleInput(let names)?: scope.parameters.formUnion(names.map(\.name.text))
      case .parameterClause(let clause)?:
        scope.parameters.formUnion(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
      case nil: break
      }
      scope.body = Self.body(node)
    } else if node.is(AccessorDeclSyntax.self) {
      scope.body = Self.body(node)
    } else if let subscriptDecl = node.as(SubscriptDeclSyntax.self) {
      scope.generics.formUnion(subscriptDecl.genericParameterClause?.parameters.map(\.name.text) ?? [])
    } else if let extended = node.as(ExtensionDeclSyntax.self) {
      // An extension is written at the top level: its type's name is the whole scope.
      let text = extended.extendedType.trimmedDescription
      scope.lexicalScope = TypeText.normalize(text)
      scope.typeNames.insert(text.split(separator: ".").last.map(String.init) ?? text, at: 0)
    } else if let named = node.asProtocol(NamedDeclSyntax.self) {
      let name = named.name.text
      scope.lexicalScope = scope.lexicalScope.isEmpty ? name : scope.lexicalScope + "." + name
      scope.typeNames.insert(name, at: 0)
      let clause =
        node.as(StructDeclSyntax.self)?.genericParameterClause ?? node.as(ClassDeclSyntax.self)?.genericParameterClause
        ?? node.as(EnumDeclSyntax.self)?.genericParameterClause
      scope.generics.formUnion(clause?.parameters.map(\.name.text) ?? [])
      // A protocol's associated types and `Self` stand for conforming types too.
      if let proto = node.as(ProtocolDeclSyntax.self) {
        scope.generics.insert("Self")
        for member in proto.memberBlock.members {
          if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) {
            scope.generics.insert(associated.name.text)
          }
        }
      }
    }
    scopes[node.id] = scope
    return scope
  }

  private static func isScope(_ node: Syntax) -> Bool {
    switch node.kind {
    case .functionDecl, .initializerDecl, .closureExpr, .accessorDecl, .subscriptDecl, .extensionDecl, .structDecl,
      .classDecl, .enumDecl, .actorDecl, .protocolDecl:
      true
    default: false
    }
  }

  private static func body(_ node: Syntax) -> String { "@\(node.id.indexInTree.toOpaque())" }
}
