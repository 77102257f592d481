import DpendModel
import SwiftSyntax

/// What the declarations and closures enclosing a node make of it: the generic parameters,
/// the type it is written in, the body it belongs to, the registration function that gates it.
/// Each is worked out once per enclosing declaration or closure and shared by every call
/// inside, instead of walking every call's chain of parents once per question. What a name
/// stands for is ``NameLookup``'s.
final class EnclosingScopes {
  /// What holds inside one declaration or closure (and everything around it).
  struct Scope {
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
    /// The innermost assembly or registration function around that the app must reach
    /// for what is written in it to run (``RegistrationGates``); `nil` for none.
    var gate: RegistrationGate?
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
      scope.generics.formUnion(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
      scope.body = Self.body(node)
      if let gate = RegistrationGates.gate(of: function, in: scope) { scope.gate = gate }
    } else if let initializer = node.as(InitializerDeclSyntax.self) {
      scope.generics.formUnion(initializer.genericParameterClause?.parameters.map(\.name.text) ?? [])
      scope.body = Self.body(node)
    } else if node.is(ClosureExprSyntax.self) {
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

  /// The name of the function or type `closure` is passed to, and its argument label
  /// (`.some(nil)` unlabelled; `nil` for a trailing closure, whose label is not written).
  static func passing(_ closure: ClosureExprSyntax) -> (callee: String, label: String??)? {
    let call: FunctionCallExprSyntax
    let label: String??
    if let argument = closure.parent?.as(LabeledExprSyntax.self),
      let found = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    {
      call = found
      label = .some(argument.label?.text)
    } else if let found = closure.parent?.as(FunctionCallExprSyntax.self) {
      call = found
      label = nil
    } else {
      return nil
    }
    var called = call.calledExpression
    if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
    if let member = called.as(MemberAccessExprSyntax.self) {
      // `Route.init(factory:)`: the type's.
      if member.declName.baseName.text == "init", let base = member.base {
        return (base.trimmedDescription.split(separator: ".").last.map(String.init) ?? "", label)
      }
      return (member.declName.baseName.text, label)
    }
    guard let reference = called.as(DeclReferenceExprSyntax.self) else { return nil }
    return (reference.baseName.text, label)
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
