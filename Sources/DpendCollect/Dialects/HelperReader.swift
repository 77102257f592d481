import DpendModel
import SwiftSyntax

/// Reads a file's helper candidates (SPEC 8.1): a generic function, method or initializer
/// whose body forwards one of its generic parameters as a key — `register(t, name: name)
/// { … }` with `t: S.Type`, `resolve(S.self)!`, `try container.resolve() as T`, a call whose
/// value it returns as `T` — and a `@propertyWrapper` type whose members resolve its generic
/// value. Whether the forwarded call reaches a container is decided over the whole workspace
/// (``ContainerVocabulary``), since it may be another file's helper.
struct HelperReader {
  let ranges: RangeConverter

  // MARK: Functions

  /// The candidate declared by `function` in `owner` (`nil` at the top level), if any.
  func helper(_ function: FunctionDeclSyntax, owner: String?) -> HelperDeclaration? {
    guard let clause = function.genericParameterClause, let body = function.body else { return nil }
    let generics = Set(clause.parameters.map(\.name.text))
    let parameters = Array(function.signature.parameterClause.parameters)
    let keyPosition = parameters.firstIndex { Self.metatypeParameter($0, of: generics) }
    let keyName = keyPosition.map { Self.internalName(parameters[$0]) }
    var returned = function.signature.returnClause.map { TypeText.normalize($0.type.trimmedDescription) }
    var isOptional = false
    if let type = returned, type.hasSuffix("?") || type.hasSuffix("!") {
      isOptional = type.hasSuffix("?")
      returned = String(type.dropLast())
    }
    let returnsKey = returned.map(generics.contains) ?? false
    let forwards = Self.forwards(in: body, generics: generics, keyName: keyName, contextTyped: returnsKey)
    guard !forwards.calls.isEmpty else { return nil }
    let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
    var helper = HelperDeclaration(
      role: returnsKey ? .resolve : .register, name: function.name.text, owner: owner, isStatic: isStatic,
      keyPosition: keyPosition, labels: parameters.map(Self.label), nameLabel: forwards.nameLabel(parameters),
      isOptional: isOptional, scope: forwards.scope, forwards: forwards.calls.map(\.forward),
      range: ranges.range(of: function.name))
    helper.runtimeArguments = forwards.runtimeArguments
    return helper
  }

  // MARK: Property wrappers

  /// The candidate a generic `@propertyWrapper` type declares: its members resolve its value.
  func wrapper(_ declaration: some DeclGroupSyntax, name: TokenSyntax, generics clause: GenericParameterClauseSyntax)
    -> HelperDeclaration?
  {
    let isWrapper = declaration.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper"
    }
    guard isWrapper else { return nil }
    let generics = Set(clause.parameters.map(\.name.text))
    var found = Forwards()
    var isOptional = false
    var initializerLabels: [String?] = []
    for member in declaration.memberBlock.members {
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          let type = binding.typeAnnotation.map { TypeText.normalize($0.type.trimmedDescription) }
          if binding.pattern.trimmedDescription == "wrappedValue", let type, type.hasSuffix("?") {
            isOptional = true
          }
          found.add(Self.forwards(in: binding, generics: generics, keyName: nil, contextTyped: true))
        }
      } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body {
        let forwards = Self.forwards(in: body, generics: generics, keyName: nil, contextTyped: true)
        if !forwards.calls.isEmpty {
          let parameters = Array(initializer.signature.parameterClause.parameters)
          initializerLabels = parameters.map(Self.label)
          found.nameLabels += forwards.nameLabels.compactMap { name in
            parameters.first { Self.internalName($0) == name }.flatMap(Self.label)
          }
        }
        found.add(forwards)
      } else if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
        found.add(Self.forwards(in: body, generics: generics, keyName: nil, contextTyped: true))
      }
    }
    guard !found.calls.isEmpty else { return nil }
    return HelperDeclaration(
      role: .wrapper, name: name.text, owner: nil, keyPosition: nil, labels: initializerLabels,
      nameLabel: found.nameLabels.first, isOptional: isOptional, forwards: found.calls.map(\.forward),
      range: ranges.range(of: name))
  }

  // MARK: Forwarded calls

  /// The calls of a body that forward a key, and what they pass along with it.
  struct Forwards {
    var calls: [(forward: HelperDeclaration.Forward, call: FunctionCallExprSyntax)] = []
    /// The internal names of parameters passed as `name:` or `tag:`.
    var nameLabels: [String] = []
    /// A scope literal the body applies (`.inObjectScope(.container)`, Dip's `register(.singleton)`).
    var scope: String?
    /// The runtime arguments a forwarded resolve passes (`argument: a`, `arguments: a, b`).
    var runtimeArguments = 0

    mutating func add(_ other: Forwards) {
      calls += other.calls
      nameLabels += other.nameLabels
      scope = scope ?? other.scope
    }

    /// The external label of the parameter forwarded as the name.
    func nameLabel(_ parameters: [FunctionParameterSyntax]) -> String? {
      nameLabels.lazy.compactMap { name in
        parameters.first { HelperReader.internalName($0) == name }.flatMap(HelperReader.label)
      }.first
    }
  }

  /// The calls inside `node` that forward a generic parameter as the key: one passing `G.self`
  /// or the parameter `keyName`, or — when `contextTyped` — one whose value is the result
  /// (`return try c.resolve()`, `c.resolve()!`, `try resolve() as T`, `let value: T = inject()`).
  static func forwards(in node: some SyntaxProtocol, generics: Set<String>, keyName: String?, contextTyped: Bool)
    -> Forwards
  {
    let finder = AnyCallFinder()
    finder.walk(node)
    var result = Forwards()
    for call in finder.calls {
      guard let name = CallShape.calledName(call) else { continue }
      let passesType = call.arguments.contains { argument in
        if let type = CallShape.metatype(argument.expression) {
          return generics.contains(ContainerReader.head(of: type))
        }
        if let keyName, let reference = argument.expression.as(DeclReferenceExprSyntax.self) {
          return reference.baseName.text == keyName
        }
        return false
      }
      let typedByContext = !passesType && contextTyped && isResult(call, generics: generics)
      guard passesType || typedByContext else { continue }
      result.calls.append(
        (HelperDeclaration.Forward(name: name, receiver: CallShape.receiver(call), passesType: passesType), call))
      let arguments = Array(call.arguments)
      if let index = arguments.firstIndex(where: { ["argument", "arguments"].contains($0.label?.text) }) {
        result.runtimeArguments = max(result.runtimeArguments, arguments.count - index)
      }
      for label in ["name", "tag"] {
        if let reference = CallShape.argument(call, label)?.expression.as(DeclReferenceExprSyntax.self) {
          result.nameLabels.append(reference.baseName.text)
        }
      }
      if let first = call.arguments.first, first.label == nil, let literal = CallShape.literal(first.expression),
        Dialect.allCases.contains(where: { $0.traits.scopeArguments.contains(literal) })
      {
        result.scope = result.scope ?? String(literal.dropFirst())
      }
      for (chainedName, chained) in CallShape.chained(after: call) where chainedName == "inObjectScope" {
        if let literal = chained.arguments.first.flatMap({ CallShape.literal($0.expression) }) {
          result.scope = result.scope ?? String(literal.drop { $0 == "." })
        }
      }
    }
    return result
  }

  /// `true` when `call`'s value, through `try`, `!`, `as G` and parentheses, is what the
  /// enclosing code returns or stores as a generic parameter's value: a `return`, a
  /// closure's or getter's only expression, an initializer or an assignment.
  private static func isResult(_ call: FunctionCallExprSyntax, generics: Set<String>) -> Bool {
    var node = Syntax(call)
    while let parent = node.parent {
      if parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
        || parent.is(TupleExprSyntax.self)
        || parent.is(LabeledExprListSyntax.self)
          && parent.parent?.is(TupleExprSyntax.self) == true
        || parent.is(LabeledExprSyntax.self)
          && parent.parent?.parent?.is(TupleExprSyntax.self) == true
      {
        node = parent
        continue
      }
      if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
        // `try c.resolve() as T`, `x = c.resolve()`.
        let elements = Array(sequence.elements)
        if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
          let type = elements[2].as(TypeExprSyntax.self)
        {
          return generics.contains(ContainerReader.head(of: TypeText.normalize(type.type.trimmedDescription)))
        }
        return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == node.id
      }
      if parent.is(ReturnStmtSyntax.self) || parent.is(InitializerClauseSyntax.self) { return true }
      if parent.is(CodeBlockItemSyntax.self), let list = parent.parent?.as(CodeBlockItemListSyntax.self),
        list.count == 1
      {
        return true  // `{ c.resolve()! }`, `get { inject() }`
      }
      return false
    }
    return false
  }

  /// `true` for `t: T.Type` (also `T.Type?`) with `T` one of `generics`.
  static func metatypeParameter(_ parameter: FunctionParameterSyntax, of generics: Set<String>) -> Bool {
    let type = TypeText.normalize(parameter.type.trimmedDescription)
    guard type.hasSuffix(".Type") else { return false }
    return generics.contains(String(type.dropLast(".Type".count)))
  }

  /// The name the body uses: `t` in `_ t: T.Type`, `type` in `type: T.Type`.
  static func internalName(_ parameter: FunctionParameterSyntax) -> String {
    (parameter.secondName ?? parameter.firstName).text
  }

  /// The label callers write; `nil` for `_`.
  static func label(_ parameter: FunctionParameterSyntax) -> String? {
    parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
  }
}
