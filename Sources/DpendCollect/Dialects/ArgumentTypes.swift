import DpendModel
import SwiftSyntax

/// The types of runtime arguments where the code writes them: a factory closure's parameter
/// annotations, and a resolve's arguments typed by a literal or by the declaration they name
/// (a parameter, a local, a property of the enclosing type). Swinject's key holds the
/// arguments' types, so `Int` passed where the factory takes `Int?` finds nothing. Anything
/// not written — an untyped parameter, a call's result, a name bound by a pattern — is `""`:
/// unknown, and silent.
enum ArgumentTypes {
  /// The annotated types of `closure`'s parameters after the first (the resolver):
  /// `["Int", "String?"]` for `{ (r: Resolver, id: Int, title: String?) in … }`; empty when
  /// none is annotated.
  static func ofFactory(_ closure: ClosureExprSyntax) -> [String] {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return [] }
    let types = clause.parameters.dropFirst().map { $0.type.map { written($0.trimmedDescription) } ?? "" }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }

  /// The types of `expressions`, passed as runtime arguments; empty when none is known.
  static func of(_ expressions: [ExprSyntax]) -> [String] {
    let types = expressions.map { type(of: $0) ?? "" }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }

  /// A type as Swift's generics see it: `Int?` for `Int!` and `Optional<Int>`, no spaces.
  static func written(_ text: String) -> String {
    var type = TypeText.normalize(text)
    if type.hasSuffix("!") { type = String(type.dropLast()) + "?" }
    if type.hasPrefix("Optional<") && type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) + "?" }
    return type
  }

  /// The type Swift infers for `expression` passed to a generic parameter, when written:
  /// a literal's (`Int` for `3`), or the declaration's it names; `nil` when unknown.
  static func type(of expression: ExprSyntax) -> String? {
    if let literal = SwinjectDialect.literalType(expression) { return literal }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return SwinjectDialect.literalType(prefix.expression).flatMap { $0 == "Int" || $0 == "Double" ? $0 : nil }
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return declaredType(of: reference.baseName.text, from: Syntax(expression), localsToo: true)
    }
    // `self.id`: a property of the enclosing type.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return declaredType(of: member.declName.baseName.text, from: Syntax(expression), localsToo: false)
    }
    return nil
  }

  /// `true` when `name` at `node` is a local, a parameter or a name a pattern binds; `false`
  /// when nothing around declares it below the type (a property, or a global).
  static func isLocal(_ name: String, at node: Syntax) -> Bool {
    var child = node
    var current = node.parent
    while let parent = current {
      if parent.is(MemberBlockItemListSyntax.self) || parent.parent?.is(SourceFileSyntax.self) == true { return false }
      var found = Found.none
      if let block = parent.as(CodeBlockItemListSyntax.self) {
        found = inBlock(block, before: child, name)
      } else {
        found = inBindingScope(parent, child: child, name)
      }
      if case .none = found {} else { return true }
      child = parent
      current = parent.parent
    }
    return false
  }

  /// The type of the value `expression` names: its declaration's written type
  /// (``type(of:)``), or the type a local or property is made of (`let router = Router()`).
  static func valueType(of expression: ExprSyntax) -> String? {
    if let written = type(of: expression) { return written }
    guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
    return constructedType(of: reference.baseName.text, from: Syntax(expression))
  }

  /// The type the nearest `let`/`var name = T(…)` before `node` constructs, or casts its
  /// value to (`let c = storyboard.instantiate() as! LoginViewController`).
  private static func constructedType(of name: String, from node: Syntax) -> String? {
    var child = node
    var current = node.parent
    while let parent = current {
      let items: [CodeBlockItemSyntax]
      if let block = parent.as(CodeBlockItemListSyntax.self) {
        items = Array(block.prefix { $0.id != child.id }).reversed()
      } else {
        items = []
      }
      for item in items {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
          guard let value = binding.initializer?.value else { return nil }
          if let cast = castType(value) { return cast }
          guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
          return CallShape.constructedType(call).map(TypeText.normalize)
        }
      }
      if parent.is(MemberBlockItemListSyntax.self) { return nil }
      child = parent
      current = parent.parent
    }
    return nil
  }

  /// `T` for `x as T` and `x as! T` (not `as?`, whose value is optional and may be nil).
  private static func castType(_ value: ExprSyntax) -> String? {
    if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark {
      return TypeText.normalize(cast.type.trimmedDescription)
    }
    guard let sequence = value.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
      cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark,
      let type = elements[2].as(TypeExprSyntax.self)
    else { return nil }
    return TypeText.normalize(type.type.trimmedDescription)
  }

  /// What happened when looking for `name` in one scope.
  private enum Found {
    case type(String)
    case unknown
    case none
  }

  /// The written type of the innermost declaration of `name` visible at `node`: locals
  /// before it in enclosing blocks and parameters (unless `localsToo` is `false`: `self.id`),
  /// then the properties of the enclosing type, or the file's globals outside any type;
  /// `nil` when it is not written, a pattern binds the name, or the enclosing type declares
  /// no such property here (another file, or an extension, may).
  private static func declaredType(of name: String, from node: Syntax, localsToo: Bool) -> String? {
    var child = node
    var current = node.parent
    while let parent = current {
      var found = Found.none
      if let block = parent.as(CodeBlockItemListSyntax.self) {
        if localsToo || parent.parent?.is(SourceFileSyntax.self) == true { found = inBlock(block, before: child, name) }
      } else if let members = parent.as(MemberBlockItemListSyntax.self) {
        // Inside a type, a name is its member first: not found here, it is unknown.
        found = inMembers(members, name)
        if case .none = found { return nil }
      } else if localsToo {
        found = inBindingScope(parent, child: child, name)
      }
      switch found {
      case .type(let type): return type
      case .unknown: return nil
      case .none: break
      }
      child = parent
      current = parent.parent
    }
    return nil
  }

  /// The declarations of `name` among the items of `block` before the one holding `child`
  /// (a global anywhere in the file), the nearest first.
  private static func inBlock(_ block: CodeBlockItemListSyntax, before child: Syntax, _ name: String) -> Found {
    let isFile = block.parent?.is(SourceFileSyntax.self) == true
    let items = isFile ? Array(block) : Array(block.prefix { $0.id != child.id })
    for item in items.reversed() {
      if let variable = item.item.as(VariableDeclSyntax.self) {
        let found = inVariable(variable, name)
        if case .none = found { continue }
        return found
      }
      // `guard let name = … else { … }` binds it for the rest of the block.
      if let guardStatement = item.item.as(GuardStmtSyntax.self), binds(name, in: guardStatement.conditions) {
        return bound(name, in: guardStatement.conditions)
      }
    }
    return .none
  }

  private static func inMembers(_ members: MemberBlockItemListSyntax, _ name: String) -> Found {
    for member in members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let found = inVariable(variable, name)
      if case .none = found { continue }
      return found
    }
    return .none
  }

  /// `let name: T`, `var name = 3`; unknown for a name bound inside a pattern.
  private static func inVariable(_ variable: VariableDeclSyntax, _ name: String) -> Found {
    for binding in variable.bindings {
      if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
        guard identifier.identifier.text == name else { continue }
        if let annotation = binding.typeAnnotation { return .type(written(annotation.type.trimmedDescription)) }
        if let value = binding.initializer?.value, let literal = SwinjectDialect.literalType(value) {
          return .type(literal)
        }
        return .unknown
      }
      if binds(name, in: binding.pattern) { return .unknown }
    }
    return .none
  }

  /// The calls whose closure's parameter at an index is of the type their metatype argument
  /// names (``DialectTraits/metatypedClosureParameters``), from every dialect.
  private static let metatypedClosureParameters: [String: Int] = Dialect.allCases.reduce(into: [:]) { table, dialect in
    table.merge(dialect.traits.metatypedClosureParameters) { first, _ in first }
  }

  /// The type of parameter `index` of `closure`, as the library call it is passed to types it
  /// (`storyboardInitCompleted(LoginViewController.self) { r, controller in … }`); unknown
  /// for any other closure.
  private static func calleeType(ofParameter index: Int, of closure: ClosureExprSyntax) -> Found {
    var call = closure.parent?.as(FunctionCallExprSyntax.self)
    if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self) {
      call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    guard let call, let name = CallShape.calledName(call), metatypedClosureParameters[name] == index else {
      return .unknown
    }
    func metatype(_ call: FunctionCallExprSyntax) -> String? {
      call.arguments.first.flatMap { $0.label == nil ? CallShape.metatype($0.expression) : nil }
    }
    // `register(P.self) { … }.initCompleted { r, service in … }`: the chained-on call's type.
    let chainedOn = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self)
    guard let type = metatype(call) ?? chainedOn.flatMap(metatype) else { return .unknown }
    return .type(written(type))
  }

  /// Parameters of functions, initializers and closures, and names bound by `if let`,
  /// `switch` cases, `for` loops and `catch` clauses around `child`.
  private static func inBindingScope(_ parent: Syntax, child: Syntax, _ name: String) -> Found {
    if let function = parent.as(FunctionDeclSyntax.self) {
      return parameter(function.signature.parameterClause.parameters, name)
    }
    if let initializer = parent.as(InitializerDeclSyntax.self) {
      return parameter(initializer.signature.parameterClause.parameters, name)
    }
    if let closure = parent.as(ClosureExprSyntax.self) {
      switch closure.signature?.parameterClause {
      case .simpleInput(let names)?:
        guard let index = names.firstIndex(where: { $0.name.text == name }) else { return .none }
        return calleeType(ofParameter: names.distance(from: names.startIndex, to: index), of: closure)
      case .parameterClause(let clause)?:
        guard let index = clause.parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else {
          return .none
        }
        if let type = clause.parameters[index].type { return .type(written(type.trimmedDescription)) }
        return calleeType(
          ofParameter: clause.parameters.distance(from: clause.parameters.startIndex, to: index), of: closure)
      case nil: return .none
      }
    }
    // Only the body sees what the conditions bind.
    if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == child.id {
      return binds(name, in: ifExpression.conditions) ? bound(name, in: ifExpression.conditions) : .none
    }
    if let whileStatement = parent.as(WhileStmtSyntax.self), whileStatement.body.id == child.id {
      return binds(name, in: whileStatement.conditions) ? bound(name, in: whileStatement.conditions) : .none
    }
    if let switchCase = parent.as(SwitchCaseSyntax.self) {
      return binds(name, in: switchCase.label) ? .unknown : .none
    }
    if let forStatement = parent.as(ForStmtSyntax.self), forStatement.body.id == child.id {
      return binds(name, in: forStatement.pattern) ? .unknown : .none
    }
    if let catchClause = parent.as(CatchClauseSyntax.self) {
      return name == "error" || binds(name, in: catchClause.catchItems) ? .unknown : .none
    }
    return .none
  }

  private static func parameter(_ parameters: FunctionParameterListSyntax, _ name: String) -> Found {
    guard let found = parameters.first(where: { HelperReader.internalName($0) == name }) else { return .none }
    // `ids: Int...` is an array inside the function.
    if found.ellipsis != nil { return .type("[\(written(found.type.trimmedDescription))]") }
    return .type(written(found.type.trimmedDescription))
  }

  /// The type an `if let` or `guard let` condition gives `name`: its annotation, else unknown.
  private static func bound(_ name: String, in conditions: ConditionElementListSyntax) -> Found {
    for condition in conditions {
      guard case .optionalBinding(let binding) = condition.condition,
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      else { continue }
      return binding.typeAnnotation.map { .type(written($0.type.trimmedDescription)) } ?? .unknown
    }
    return .unknown
  }

  /// `true` when a pattern in `node` binds `name`.
  private static func binds(_ name: String, in node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { token in
      token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
    }
  }
}
