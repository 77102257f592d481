import DpendModel
import SwiftSyntax

/// Dip: `container.register(.scope, type: P.self, tag: t, factory: …)` with the key read from
/// `type:`, the closure's declared return type, a trailing `as P`, or the constructed type, and
/// `.implements(…)` chained; needs from `try container.resolve()` typed by `as T`, an
/// annotation or the initializer parameter they are passed to, typed closure parameters and
/// `$0…$n`; resolve sites anywhere.
enum DipDialect {
  static let scopes = Dialect.dip.traits.scopeArguments

  /// `true` for Dip's shapes of `register`: a scope first, `type:`/`tag:`/`factory:`
  /// arguments, or only a trailing closure.
  static func isRegistration(_ call: FunctionCallExprSyntax) -> Bool {
    var arguments = call.arguments[...]
    if let first = arguments.first, first.label == nil {
      guard CallShape.literal(first.expression).map(scopes.contains) == true else { return false }
      arguments = arguments.dropFirst()
    }
    guard arguments.allSatisfy({ ["type", "tag", "factory"].contains($0.label?.text) }) else { return false }
    return call.trailingClosure != nil || CallShape.argument(call, "factory") != nil
  }

  static func registration(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ContainerRegistration {
    var registration = ContainerRegistration(
      dialect: .dip, types: [], range: reader.nameRange(call), conditions: reader.conditions(of: call),
      scopeName: CallShape.receiver(call))
    if let first = call.arguments.first, first.label == nil, let scope = CallShape.literal(first.expression) {
      registration.scope = String(scope.dropFirst())
    }
    registration.readName(CallShape.argument(call, "tag")?.expression, called: "tag")
    let typeArgument = CallShape.argument(call, "type")?.expression
    let declared = typeArgument.flatMap(CallShape.metatype)
    registration.typeRange = typeArgument.flatMap(CallShape.metatypeBase).map { reader.range($0) }
    var constructed: String?
    var fromFactory: String?
    if let factory = CallShape.argument(call, "factory")?.expression, let type = CallShape.initializerReference(factory)
    {
      constructed = type
      fromFactory = type
      registration.autowired = type
    } else if let closure = CallShape.closure(call, label: "factory") {
      registration.needs = reader.needs(in: closure.statements, dialect: .dip)
      registration.needs += closureParameterNeeds(closure, reader: reader)
      registration.needs += positionalNeeds(closure, reader: reader)
      // `{ (l: Logger) in … }` is a factory of one runtime argument, a definition of its own
      // beside `{ Feed() }`; Dip fills it by auto-wiring when resolved without arguments.
      registration.argumentCount = parameterCount(closure)
      constructed = ExpressionType.made(by: closure)
      let returned = ClosureResult.returnedTypeNode(closure)
      fromFactory = returned.map { TypeText.normalize($0.trimmedDescription) } ?? constructed
      if declared == nil {
        registration.typeRange = returned.map { reader.range($0) }
        if returned == nil, constructed != nil {
          registration.resultRange = ClosureResult.onlyExpression(closure).map { reader.range($0) }
        }
      }
    }
    registration.constructedType = constructed
    if registration.typeRange == nil {
      registration.typeArgumentInsertion = typeArgumentInsertion(call, reader: reader)
    }
    if let key = declared ?? fromFactory {
      registration.types = [key]
    } else {
      // Unknown key: the registration might answer any resolve (see `ContainerCheck`), but
      // for the keys written beside it, which it answers and alone is silent on (SPEC 10).
      registration.unread = "the registered type is inferred from the factory's body"
      registration.valueType = CallShape.closure(call, label: "factory").flatMap(ClosureResult.factoryValueType)
    }
    // `.implements(P.self, tag: t)` is a key of its own (``taggedImplementations(of:call:reader:)``).
    for (name, chained) in CallShape.chained(after: call)
    where name == "implements" && CallShape.argument(chained, "tag") == nil {
      registration.types += chained.arguments.compactMap { CallShape.metatype($0.expression) }
    }
    // `.resolvingProperties { c, x in x.delegate = try c.resolve() }`: property injection,
    // after the instance exists — how Dip breaks cycles.
    for (name, chained) in CallShape.chained(after: call) where name == "resolvingProperties" {
      if let closure = chained.trailingClosure ?? chained.arguments.first?.expression.as(ClosureExprSyntax.self) {
        registration.propertyNeeds += reader.needs(in: closure.statements, dialect: .dip)
      }
    }
    return registration
  }

  /// `.implements(P.self, tag: t)` after `registration`'s call: the same factory answers `P`
  /// under tag `t`, a key of its own, one registration for each (its needs counted with
  /// `registration`'s), at the `implements` call.
  static func taggedImplementations(
    of registration: ContainerRegistration, call: FunctionCallExprSyntax,
    reader: ContainerReader
  ) -> [ContainerRegistration] {
    // Written beside the factory, the key is read whether or not the factory's type is (SPEC 10).
    CallShape.chained(after: call).compactMap { name, chained -> ContainerRegistration? in
      guard name == "implements", let tag = CallShape.argument(chained, "tag")?.expression else { return nil }
      var implemented = registration
      implemented.types = chained.arguments.compactMap { CallShape.metatype($0.expression) }
      guard !implemented.types.isEmpty else { return nil }
      implemented.unread = nil
      implemented.valueType = nil
      implemented.needs = []
      implemented.propertyNeeds = []
      implemented.autowired = nil
      implemented.name = nil
      implemented.nameIsComputed = false
      implemented.typeRange = nil
      implemented.resultRange = nil
      implemented.typeArgumentInsertion = nil
      implemented.range = reader.nameRange(chained)
      implemented.readName(tag, called: "tag")
      return implemented
    }
  }

  /// `try container.resolve()`, `resolve(tag:)`, `resolve(arguments:)`, typed by its context.
  static func resolve(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    // Dip's `resolve()`, `resolve(tag:)`, `resolve(arguments: a, b)`; `seal.resolve(value)` is not.
    var seenArguments = false
    for argument in call.arguments {
      switch argument.label?.text {
      case "tag"?: continue
      case "arguments"?: seenArguments = true
      case nil where seenArguments || CallShape.metatype(argument.expression) != nil: continue
      default: return nil
      }
    }
    let context = ResolveContext(of: call)
    var site = ResolveSite(
      dialect: .dip, type: context.type, isRequired: !context.isOptional, conditionalCast: context.conditionalCast,
      range: reader.nameRange(call), conditions: reader.conditions(of: call))
    if let first = call.arguments.first, first.label == nil {
      // `resolve(P.self)`, on a container wrapper that takes the type: the type as written.
      site.type = CallShape.metatype(first.expression).map(ResolvedType.named) ?? site.type
    }
    if site.type == nil { site.unread = context.unread ?? "the resolved type is inferred from the context" }
    site.readName(CallShape.argument(call, "tag")?.expression, called: "tag")
    reader.record(reader.editRanges(of: call, nameLabel: "tag", typeNode: context.typeNode), of: site)
    let arguments = Array(call.arguments)
    if let index = arguments.firstIndex(where: { $0.label?.text == "arguments" }) {
      site.argumentCount = arguments.count - index
    }
    return site
  }

  /// Where `type: P.self` goes in Dip's `register(_ scope:type:tag:factory:)`: after the
  /// scope, else before the first argument, else between the parentheses, or in new ones.
  static func typeArgumentInsertion(_ call: FunctionCallExprSyntax, reader: ContainerReader)
    -> ArgumentInsertion
  {
    func at(_ node: some SyntaxProtocol, end: Bool) -> DpendModel.SourceRange {
      let range = reader.range(node)
      let position = end ? range.end : range.start
      return DpendModel.SourceRange(file: range.file, start: position, end: position)
    }
    if let first = call.arguments.first, first.label == nil {
      return ArgumentInsertion(position: at(first.expression, end: true), prefix: ", ", suffix: "")
    }
    if let first = call.arguments.first {
      return ArgumentInsertion(position: at(first, end: false), prefix: "", suffix: ", ")
    }
    if let paren = call.leftParen {
      return ArgumentInsertion(position: at(paren, end: true), prefix: "", suffix: "")
    }
    return ArgumentInsertion(position: at(call.calledExpression, end: true), prefix: "(", suffix: ")")
  }

  /// `{ (a: A, b: B) in … }`: each typed parameter is resolved by Dip's auto-wiring.
  private static func closureParameterNeeds(_ closure: ClosureExprSyntax, reader: ContainerReader) -> [ResolveSite] {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return [] }
    return clause.parameters.compactMap { parameter -> ResolveSite? in
      guard let type = parameter.type else { return nil }
      // `@escaping Handler<Exchange>` is the key `Handler<Exchange>`.
      let written = TypeText.normalize(TypeNormalizer.strip(type).trimmedDescription)
      var site = ResolveSite(
        dialect: .dip, type: .named(written.hasSuffix("?") ? String(written.dropLast()) : written),
        isRequired: !written.hasSuffix("?"), range: reader.range(type), conditions: reader.conditions(of: closure))
      site.isFactoryArgument = true
      return site
    }
  }

  /// The runtime arguments a factory closure takes: its declared parameters, else one past
  /// the highest `$n` its own body uses (not a nested closure's).
  static func parameterCount(_ closure: ClosureExprSyntax) -> Int {
    switch closure.signature?.parameterClause {
    case .parameterClause(let clause)?: return clause.parameters.count
    case .simpleInput(let names)?: return names.count
    case nil:
      let finder = ShorthandFinder()
      finder.walk(closure.statements)
      return finder.highest.map { $0 + 1 } ?? 0
    }
  }

  /// `{ Impl(store: $0, clock: $1) }`: each `$n` passed to an initializer is auto-wired, typed
  /// by the parameter it is passed to.
  private static func positionalNeeds(_ closure: ClosureExprSyntax, reader: ContainerReader) -> [ResolveSite] {
    let finder = CallFinderByArgument()
    finder.walk(closure.statements)
    return finder.found.map { call, argument in
      let list = call.arguments
      let position = list.distance(from: list.startIndex, to: list.firstIndex { $0.id == argument.id }!)
      var site = ResolveSite(
        dialect: .dip,
        type: .parameter(
          of: ExpressionType.constructed(ExprSyntax(call))!, labels: list.map { $0.label?.text },
          position: position), isRequired: true, range: reader.range(argument.expression),
        conditions: reader.conditions(of: argument))
      site.isFactoryArgument = true
      return site
    }
  }
}

/// The `$0…$n` arguments of calls constructing a type.
private final class CallFinderByArgument: SyntaxVisitor {
  private(set) var found: [(FunctionCallExprSyntax, LabeledExprSyntax)] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard CallShape.constructedType(call) != nil else { return .visitChildren }
    for argument in call.arguments {
      if let reference = argument.expression.as(DeclReferenceExprSyntax.self),
        case .dollarIdentifier = reference.baseName.tokenKind
      {
        found.append((call, argument))
      }
    }
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The highest `$n` a closure's body uses, nested closures left out.
private final class ShorthandFinder: SyntaxVisitor {
  private(set) var highest: Int?

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ reference: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if case .dollarIdentifier(let text) = reference.baseName.tokenKind, let number = Int(text.dropFirst()) {
      highest = max(highest ?? number, number)
    }
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension DipDialect: DialectReading {
  static let dialect = Dialect.dip
  static var readsVerbsByReceiver: Bool { true }

  static func registration(_ call: FunctionCallExprSyntax, name: String, reader: ContainerReader)
    -> ContainerRegistration?
  {
    name == "register" && isRegistration(call) ? registration(call, reader: reader) : nil
  }

  static func alsoRegistered(
    by registration: ContainerRegistration, call: FunctionCallExprSyntax, reader: ContainerReader
  )
    -> [ContainerRegistration]
  {
    taggedImplementations(of: registration, call: call, reader: reader)
  }

  static func addsKeys(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> Bool {
    reader.forwardType(call)
  }

  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    resolve(call, reader: reader)
  }

  /// `a.collaborate(with: b)`: `a` resolves what `b` registers.
  static func observe(_ call: FunctionCallExprSyntax, reader: ContainerReader) {
    reader.instances.recordCollaboration(call)
  }
}
