import DpendModel
import SwiftSyntax

/// Swinject: `container.register(P.self, name: "n") { r in … }` (with `.inObjectScope(…)` and
/// `.initCompleted { r, x in … }` chained), SwinjectAutoregistration's `autoregister(P.self,
/// initializer: Impl.init)` and `r ~> X.self`; resolve sites `r.resolve(X.self, name:,
/// argument(s):)`, required when force-unwrapped.
enum SwinjectDialect {
  /// `true` for `register(X.self, name:) { … }` (a factory is required: `tableView.register(
  /// Cell.self, forCellReuseIdentifier:)` is not a container's) and `autoregister(X.self, …)`.
  static func isRegistration(_ call: FunctionCallExprSyntax, name: String) -> Bool {
    guard let first = call.arguments.first, first.label == nil else { return false }
    if name == "autoregister" { return CallShape.argument(call, "initializer") != nil }
    let labels = call.arguments.dropFirst().map { $0.label?.text }
    return CallShape.metatype(first.expression) != nil && labels.allSatisfy { $0 == "name" || $0 == "factory" }
      && CallShape.closure(call, label: "factory") != nil
  }

  static func readRegistration(_ call: FunctionCallExprSyntax, name: String, reader: ContainerReader)
    -> ContainerRegistration
  {
    let first = call.arguments.first!
    let type = CallShape.metatype(first.expression)
    let registeredName = CallShape.argument(call, "name").map(\.expression)
    var registration = ContainerRegistration(
      dialect: .swinject, types: type.map { [$0] } ?? [], range: reader.nameRange(call),
      conditions: reader.conditions(of: call), scopeName: CallShape.receiver(call))
    if type == nil { registration.unread = "the registered type is not written as 'T.self'" }
    registration.typeRange = CallShape.metatypeBase(first.expression).map { reader.range($0) }
    registration.readName(registeredName, called: "name")
    if name == "autoregister" {
      if let initializer = CallShape.argument(call, "initializer").flatMap({
        CallShape.initializerReference($0.expression)
      }) {
        registration.constructedType = initializer
        registration.autowired = initializer
      } else {
        registration.types = []
        registration.unread = "the initializer is not written as 'Type.init'"
      }
      if let argument = CallShape.argument(call, "argument") {
        registration.argumentCount = 1
        registration.argumentTypes = CallShape.metatype(argument.expression).map { [ExpressionType.written($0)] } ?? []
      }
    } else if let closure = CallShape.closure(call, label: "factory") {
      // `{ r in }`, `{ _ in }`, `{ (r, url: URL) in }`: every parameter after the resolver is
      // a runtime argument.
      registration.argumentCount = max(0, parameterCount(closure) - 1)
      registration.argumentTypes = ArgumentTypes.ofFactory(closure)
      registration.needs = reader.needs(in: closure.statements, dialect: .swinject)
      registration.constructedType = ExpressionType.made(by: closure)
    }
    for (chainedName, chained) in CallShape.chained(after: call) {
      switch chainedName {
      case "inObjectScope":
        registration.scope = chained.arguments.first.flatMap { CallShape.literal($0.expression) }
          .map { String($0.drop { $0 == "." }) }
      case "implements":
        // `.implements(P.self, Q.self)`: the same factory answers these keys too.
        if !registration.types.isEmpty {
          registration.types += chained.arguments.compactMap { CallShape.metatype($0.expression) }
        }
      case "initCompleted":
        if let closure = chained.trailingClosure ?? chained.arguments.first?.expression.as(ClosureExprSyntax.self) {
          registration.propertyNeeds += reader.needs(in: closure.statements, dialect: .swinject)
        }
      default: continue
      }
    }
    return registration
  }

  /// `r.resolve(X.self)`, `resolve(X.self, name: "n", argument: a)`, `arguments: a, b`.
  static func resolve(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    let context = ResolveContext(of: call)
    let arguments = Array(call.arguments)
    // `promise.resolve(value)` is not a container's: Swinject's takes `X.self` first.
    guard let first = arguments.first, first.label == nil, CallShape.metatype(first.expression) != nil else {
      return nil
    }
    var site = ResolveSite(
      dialect: .swinject, type: CallShape.metatype(first.expression).map(ResolvedType.named),
      isRequired: context.isForced,
      conditionalCast: context.conditionalCast, range: reader.nameRange(call),
      conditions: reader.conditions(of: call))
    if site.type == nil { site.unread = "the resolved type is not written as 'T.self'" }
    site.readName(CallShape.argument(call, "name")?.expression, called: "name")
    reader.record(reader.editRanges(of: call, nameLabel: "name", typeNode: nil), of: site)
    if let index = arguments.firstIndex(where: { $0.label?.text == "argument" || $0.label?.text == "arguments" }) {
      site.argumentCount = arguments.count - index
      site.argumentTypes = ArgumentTypes.of(arguments[index...].map(\.expression))
    }
    if context.isOptional { site.isRequired = false }
    return site
  }

  /// `r ~> X.self` and `r ~> (X.self, name: "n")` in an operator sequence: required resolves.
  static func arrowResolves(in sequence: SequenceExprSyntax, reader: ContainerReader) -> [(
    id: SyntaxIdentifier, site: ResolveSite
  )] {
    let elements = Array(sequence.elements)
    var result: [(SyntaxIdentifier, ResolveSite)] = []
    for (index, element) in elements.enumerated() {
      guard let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "~>", index + 1 < elements.count
      else { continue }
      let operand = elements[index + 1]
      var site = ResolveSite(
        dialect: .swinject, type: CallShape.metatype(operand).map(ResolvedType.named), isRequired: true,
        range: reader.range(op), conditions: reader.conditions(of: op))
      reader.keyRanges.append(KeyRange(call: site.range, key: reader.range(operand)))
      if site.type == nil { site.unread = "the resolved type is not written as 'T.self'" }
      result.append((op.id, site))
    }
    return result
  }

  /// The closure's parameter count (1 for `{ … }` with none written: Swinject's resolver).
  static func parameterCount(_ closure: ClosureExprSyntax) -> Int {
    switch closure.signature?.parameterClause {
    case .simpleInput(let names)?: return names.count
    case .parameterClause(let clause)?: return clause.parameters.count
    case nil: return 1
    }
  }
}

extension SwinjectDialect: DialectReading {
  static let dialect = Dialect.swinject
  static var readsVerbsByReceiver: Bool { true }
  static var resolvesInSequences: Bool { true }

  static func registration(_ call: FunctionCallExprSyntax, name: String, reader: ContainerReader)
    -> ContainerRegistration?
  {
    isRegistration(call, name: name) ? readRegistration(call, name: name, reader: reader) : nil
  }

  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    resolve(call, reader: reader)
  }

  static func resolves(in sequence: SequenceExprSyntax, reader: ContainerReader)
    -> [(id: SyntaxIdentifier, site: ResolveSite)]
  {
    arrowResolves(in: sequence, reader: reader)
  }

  /// `{ r in }`, `{ (r, url: URL?) in }`: every parameter after the resolver is a runtime
  /// argument.
  static func runtimeArguments(of factory: ClosureExprSyntax) -> (count: Int, types: [String])? {
    (max(0, parameterCount(factory) - 1), ArgumentTypes.ofFactory(factory))
  }
}
