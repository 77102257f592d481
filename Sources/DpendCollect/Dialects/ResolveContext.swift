import DpendModel
import SwiftSyntax

/// What the code around a resolve call says about it: the type it is read as, whether a
/// missing registration crashes (required) or yields `nil` (optional), and a conditional cast.
struct ResolveContext {
  /// `T` from `as T`/`as! T`, an annotation `let x: T = …`, or the parameter it is passed to.
  var type: ResolvedType?
  /// Where ``type`` is written, when it is the written type itself (not `T?` read as `T`).
  var typeNode: TypeSyntax?
  /// `try?`, `?? fallback`, `if let`/`guard let`, an optional annotation.
  var isOptional = false
  /// `try!`, `try`, `!`.
  var isForced = false
  /// `P` in `… as? P`.
  var conditionalCast: String?
  /// Why the context names no type Swift could infer a key from, when it says so.
  var unread: String?

  /// Reads the context of `call`, walking out through `try`, `!`, casts and `??`.
  init(of call: FunctionCallExprSyntax) {
    var node = Syntax(call)
    while let parent = node.parent {
      if let tryExpression = parent.as(TryExprSyntax.self) {
        switch tryExpression.questionOrExclamationMark?.tokenKind {
        case .postfixQuestionMark?: isOptional = true
        default: isForced = true
        }
        node = parent
      } else if parent.is(ForceUnwrapExprSyntax.self) {
        isForced = true
        node = parent
      } else if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
        readSequence(sequence, after: node)
        node = Syntax(sequence)
      } else if let tuple = parent.as(LabeledExprSyntax.self), tuple.parent?.parent?.is(TupleExprSyntax.self) == true,
        tuple.parent?.as(LabeledExprListSyntax.self)?.count == 1
      {
        node = tuple.parent!.parent!  // `(expression)`
      } else {
        break
      }
    }
    readSurroundings(of: node)
  }

  /// `x as T`, `x as? P`, `x ?? fallback` after the resolve in an operator sequence.
  private mutating func readSequence(_ sequence: SequenceExprSyntax, after node: Syntax) {
    let elements = Array(sequence.elements)
    guard let index = elements.firstIndex(where: { $0.id == node.id }) else { return }
    // `property = try! container.resolve()`: the type of the property, declared in the type
    // the code is in.
    if index == 2, elements[1].is(AssignmentExprSyntax.self) {
      if let declared = Self.propertyType(named: elements[0]) {
        // `T!` traps where the value is used: required like `T` (SPEC 10).
        if declared.hasSuffix("!") { isForced = true }
        if type == nil { type = optionalStripped(declared) }
      } else if type == nil, let member = ExpectedType.assignedMember(elements[0]) {
        // A property declared in another file or declaration: its type, found there.
        type = .member(of: member.owner, name: member.name)
      }
    }
    var next = index + 1
    while next < elements.count {
      let element = elements[next]
      if let cast = element.as(UnresolvedAsExprSyntax.self), next + 1 < elements.count,
        let typeExpression = elements[next + 1].as(TypeExprSyntax.self)
      {
        let written = TypeText.normalize(typeExpression.type.trimmedDescription)
        switch cast.questionOrExclamationMark?.tokenKind {
        case .postfixQuestionMark?: conditionalCast = written
        default:
          if type == nil {
            type = optionalStripped(written)
            if type == .named(written) { typeNode = typeExpression.type }
          }
          if cast.questionOrExclamationMark != nil { isForced = true }
        }
        next += 2
      } else if let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "??" {
        // `?? fatalError("…")` traps on a miss: required (SPEC 8.3).
        if next + 1 < elements.count, Self.traps(elements[next + 1]) {
          isForced = true
        } else {
          isOptional = true
        }
        return
      } else {
        return
      }
    }
  }

  /// An `if let`, or what the context expects (``ExpectedType``).
  private mutating func readSurroundings(of node: Syntax) {
    guard let parent = node.parent else { return }
    if let binding = parent.parent?.as(OptionalBindingConditionSyntax.self), parent.is(InitializerClauseSyntax.self) {
      readBinding(binding)
    } else if parent.is(OptionalBindingConditionSyntax.self) {
      isOptional = true
    }
    let expected = ExpectedType.of(node)
    // `T!` traps where the value is used: required like `T` (SPEC 10).
    if case .written(let annotation)? = expected, annotation.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      isForced = true
    }
    guard type == nil else { return }
    switch expected {
    case .written(let annotation)?:
      let written = TypeText.normalize(annotation.trimmedDescription)
      type = optionalStripped(written)
      if type == .named(written) { typeNode = annotation }
    case .found(let found)?: type = found
    case .unreadable(let reason)?: unread = reason
    case nil: break
    }
  }

  /// `if let x = …` or `guard let x = … else { … }`: optional, unless the `guard`'s `else`
  /// traps (`fatalError`, `preconditionFailure`): then a miss crashes, and the resolve is
  /// required (SPEC 8.3).
  private mutating func readBinding(_ binding: OptionalBindingConditionSyntax) {
    if let guardStatement = binding.parent?.parent?.parent?.as(GuardStmtSyntax.self),
      guardStatement.body.statements.contains(where: { Self.traps($0.item) })
    {
      isForced = true
    } else {
      isOptional = true
    }
  }

  /// The functions that never return: a call of one stands for a crash.
  static let trappingFunctions: Set<String> = ["fatalError", "preconditionFailure"]

  /// `true` for a call of a trapping function (`fatalError("…")`), perhaps after `return`.
  static func traps(_ node: some SyntaxProtocol) -> Bool {
    var node = Syntax(node)
    if let statement = node.as(ReturnStmtSyntax.self), let expression = statement.expression {
      node = Syntax(expression)
    }
    if let expression = node.as(ExpressionStmtSyntax.self) { node = Syntax(expression.expression) }
    guard let call = node.as(FunctionCallExprSyntax.self), let name = CallShape.calledName(call) else { return false }
    return trappingFunctions.contains(name)
  }

  /// The type of the variable `x` (a local, a property of the type declaration around, a
  /// global, a parameter; ``NameLookup``) or of the property `self.x`, as written or made
  /// (``ExpressionType``); `nil` when not written or declared elsewhere
  /// (``ExpectedType/assignedMember(_:)`` finds those).
  static func propertyType(named target: ExprSyntax) -> String? {
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      return ExpressionType.declared(NameLookup.declaration(of: reference.baseName.text, at: Syntax(target)))
    }
    guard let member = target.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" else {
      return nil
    }
    return NameLookup.member(named: member.declName.baseName.text, around: Syntax(target)).flatMap(
      ExpressionType.declared)
  }

  /// `T` for `T?`/`T!` (marking the resolve optional for `T?`), else the type as written.
  private mutating func optionalStripped(_ written: String) -> ResolvedType {
    if written.hasSuffix("?") {
      isOptional = true
      return .named(String(written.dropLast()))
    }
    if written.hasSuffix("!") { return .named(String(written.dropLast())) }
    return .named(written)
  }
}
