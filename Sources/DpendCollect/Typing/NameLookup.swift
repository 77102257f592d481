import DpendModel
import SwiftSyntax

/// What a name written somewhere in a file stands for, found the way Swift's lexical lookup
/// finds it (SPEC 10): the innermost local declared before it in an enclosing block, a name an
/// `if let`, `guard let`, `case`, `for` or `catch` binds, a parameter of a function,
/// initializer, subscript or closure around, a property of the type declaration around, a
/// global of the file. Every reader that asks what a name is — a runtime argument's type, the
/// property a resolve is assigned to, a receiver's container, the container instance a call is
/// made on — asks it; none walks the tree for names of its own.
enum NameLookup {
  /// A parameter of a function, initializer, subscript or closure.
  struct Parameter {
    /// Its type's node; `nil` when not written (`{ r in … }`).
    var written: TypeSyntax?
    /// `ids: Int...`: an array inside the function.
    var isVariadic = false
    /// For a closure's parameter: the closure and the parameter's place among its own.
    var closure: (node: ClosureExprSyntax, position: Int)?

    /// Its type as written, read only when asked (most lookups only ask what a name is).
    var type: String? { written?.trimmedDescription }

    /// For a closure's parameter: the function or type the closure is passed to, its argument
    /// label (``EnclosingScopes/passing(_:)``) and the parameter's place; `nil` otherwise.
    var passing: (callee: String, label: String??, position: Int)? {
      guard let closure, let passing = EnclosingScopes.passing(closure.node) else { return nil }
      return (passing.callee, passing.label, closure.position)
    }
  }

  /// What a name stands for.
  enum Declaration {
    /// A local `let`/`var` declared before the name in a block around it.
    case local(PatternBindingSyntax)
    /// A parameter around.
    case parameter(Parameter)
    /// A name a pattern binds: an optional binding (its annotation and value, when written),
    /// a `case` or `for` pattern, a tuple's element, a `catch` clause's `error`.
    case bound(type: String?, value: ExprSyntax?)
    /// A property of the type (or extension) declaration around, declared in this file.
    case member(PatternBindingSyntax)
    /// A global of the file; `insideType` when the name is written inside a type, whose
    /// members declared elsewhere (an extension in another file) would come first.
    case global(PatternBindingSyntax, insideType: Bool)
    /// Nothing this file declares where the name is written: a property declared in another
    /// file or extension, a global of another file, a type.
    case undeclared(insideType: Bool)

    /// `true` for a local, a parameter or a name a pattern binds; `false` when nothing around
    /// declares it below the type (a property, or a global).
    var isLocal: Bool {
      switch self {
      case .local, .parameter, .bound: true
      case .member, .global, .undeclared: false
      }
    }

    /// `true` for a parameter.
    var isParameter: Bool {
      if case .parameter = self { return true }
      return false
    }
  }

  /// The declaration `name` written at `node` stands for.
  static func declaration(of name: String, at node: Syntax) -> Declaration {
    var child = node
    var current = node.parent
    var insideType = false
    while let parent = current {
      switch parent.kind {
      case .codeBlockItemList:
        guard let block = parent.as(CodeBlockItemListSyntax.self) else { break }
        if parent.parent?.kind == .sourceFile {
          return global(named: name, in: block).map { .global($0, insideType: insideType) }
            ?? .undeclared(insideType: insideType)
        }
        if let found = inBlock(block, before: child, name) { return found }
      case .memberBlockItemList:
        guard let members = parent.as(MemberBlockItemListSyntax.self) else { break }
        if !insideType, let member = self.member(named: name, in: members) { return .member(member) }
        insideType = true
      default:
        if let found = inBindingScope(parent, child: child, name) { return found }
      }
      child = parent
      current = parent.parent
    }
    return .undeclared(insideType: insideType)
  }

  /// The property `name` the type (or extension) declaration around `node` declares in its
  /// own members (`self.name`); `nil` when it declares none here.
  static func member(named name: String, around node: Syntax) -> PatternBindingSyntax? {
    var current = node.parent
    while let parent = current {
      if let members = parent.as(MemberBlockItemListSyntax.self) { return member(named: name, in: members) }
      current = parent.parent
    }
    return nil
  }

  /// The qualified name of the type or extended type around `node` (`Outer.Inner`); `nil` at
  /// the top level.
  static func enclosingType(of node: Syntax) -> String? {
    var names: [String] = []
    var current = node.parent
    while let parent = current {
      if let extended = parent.as(ExtensionDeclSyntax.self) {
        names.insert(TypeText.normalize(extended.extendedType.trimmedDescription), at: 0)
        break
      }
      if parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self) || parent.is(ActorDeclSyntax.self)
        || parent.is(EnumDeclSyntax.self), let named = parent.asProtocol(NamedDeclSyntax.self)
      {
        names.insert(named.name.text, at: 0)
      }
      current = parent.parent
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }

  // MARK: Scopes

  private static func global(named name: String, in statements: CodeBlockItemListSyntax) -> PatternBindingSyntax? {
    for item in statements {
      guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
      if let binding = identifierBinding(name, in: variable) { return binding }
    }
    return nil
  }

  private static func member(named name: String, in members: MemberBlockItemListSyntax) -> PatternBindingSyntax? {
    for member in members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      if let binding = identifierBinding(name, in: variable) { return binding }
    }
    return nil
  }

  private static func identifierBinding(_ name: String, in variable: VariableDeclSyntax) -> PatternBindingSyntax? {
    variable.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
  }

  /// The declarations of `name` among the items of `block` before the one holding `child`,
  /// the nearest first.
  private static func inBlock(_ block: CodeBlockItemListSyntax, before child: Syntax, _ name: String) -> Declaration? {
    for item in block.prefix(while: { $0.id != child.id }).reversed() {
      if let variable = item.item.as(VariableDeclSyntax.self) {
        if let binding = identifierBinding(name, in: variable) { return .local(binding) }
        // `let (a, b) = …`: bound by a pattern.
        if variable.bindings.contains(where: { binds(name, in: $0.pattern) }) { return .bound(type: nil, value: nil) }
      }
      // `guard let name = … else { … }` binds it for the rest of the block.
      if let guardStatement = item.item.as(GuardStmtSyntax.self), binds(name, in: guardStatement.conditions) {
        return bound(name, in: guardStatement.conditions)
      }
    }
    return nil
  }

  /// Parameters of functions, initializers, subscripts and closures, and names bound by
  /// `if let`, `while let`, `switch` cases, `for` loops and `catch` clauses around `child`.
  private static func inBindingScope(_ parent: Syntax, child: Syntax, _ name: String) -> Declaration? {
    // One test of the node's kind first: most nodes around a name bind nothing.
    switch parent.kind {
    case .functionDecl:
      return parent.as(FunctionDeclSyntax.self).flatMap { parameter($0.signature.parameterClause.parameters, name) }
    case .initializerDecl:
      return parent.as(InitializerDeclSyntax.self).flatMap {
        parameter($0.signature.parameterClause.parameters, name)
      }
    case .subscriptDecl:
      return parent.as(SubscriptDeclSyntax.self).flatMap { parameter($0.parameterClause.parameters, name) }
    case .closureExpr:
      return parent.as(ClosureExprSyntax.self).flatMap { closureParameter($0, name) }
    // Only the body sees what the conditions bind.
    case .ifExpr:
      guard let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == child.id else { return nil }
      return binds(name, in: ifExpression.conditions) ? bound(name, in: ifExpression.conditions) : nil
    case .whileStmt:
      guard let whileStatement = parent.as(WhileStmtSyntax.self), whileStatement.body.id == child.id else {
        return nil
      }
      return binds(name, in: whileStatement.conditions) ? bound(name, in: whileStatement.conditions) : nil
    case .switchCase:
      guard let switchCase = parent.as(SwitchCaseSyntax.self) else { return nil }
      return binds(name, in: switchCase.label) ? .bound(type: nil, value: nil) : nil
    case .forStmt:
      guard let forStatement = parent.as(ForStmtSyntax.self), forStatement.body.id == child.id else { return nil }
      return binds(name, in: forStatement.pattern) ? .bound(type: nil, value: nil) : nil
    case .catchClause:
      guard let catchClause = parent.as(CatchClauseSyntax.self) else { return nil }
      return name == "error" || binds(name, in: catchClause.catchItems) ? .bound(type: nil, value: nil) : nil
    default:
      return nil
    }
  }

  private static func parameter(_ parameters: FunctionParameterListSyntax, _ name: String) -> Declaration? {
    guard let found = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
    return .parameter(Parameter(written: found.type, isVariadic: found.ellipsis != nil))
  }

  /// A closure's parameter, or a name its capture list binds (`[weak c]`, `[r = c.resolver]`):
  /// a capture of the same name, written bare, is the value around.
  private static func closureParameter(_ closure: ClosureExprSyntax, _ name: String) -> Declaration? {
    if let captures = closure.signature?.capture?.items, let capture = captures.first(where: { $0.name.text == name }) {
      if let value = capture.initializer?.value { return .bound(type: nil, value: value) }
      return capture.specifier == nil ? nil : .bound(type: nil, value: nil)
    }
    switch closure.signature?.parameterClause {
    case .simpleInput(let names)?:
      guard let index = names.firstIndex(where: { $0.name.text == name }) else { return nil }
      return .parameter(Parameter(closure: (closure, names.distance(from: names.startIndex, to: index))))
    case .parameterClause(let clause)?:
      let parameters = clause.parameters
      guard let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else {
        return nil
      }
      return .parameter(
        Parameter(
          written: parameters[index].type,
          closure: (closure, parameters.distance(from: parameters.startIndex, to: index))))
    case nil: return nil
    }
  }

  /// What an `if let` or `guard let` condition gives `name`: its annotation and value.
  private static func bound(_ name: String, in conditions: ConditionElementListSyntax) -> Declaration {
    for condition in conditions {
      guard case .optionalBinding(let binding) = condition.condition,
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      else { continue }
      return .bound(type: binding.typeAnnotation?.type.trimmedDescription, value: binding.initializer?.value)
    }
    return .bound(type: nil, value: nil)
  }

  /// `true` when a pattern in `node` binds `name`.
  private static func binds(_ name: String, in node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { token in
      token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
    }
  }
}
