import DpendModel
import SwiftSyntax

/// Resolver: `register { Impl() as P }`, `register { () -> P in … }`, `register(P.self,
/// name: "n") { r in … }` with `.implements(P.self)`, `.scope(.application)` and
/// `.resolveProperties { r, x in … }` chained, wherever they are written
/// (`registerAllServices()` and the helpers it calls); needs from `resolve()` and `optional()`
/// typed by `as T`, an annotation or the initializer parameter they are passed to; resolve
/// sites `Resolver.resolve()`, `optional()` and the wrappers `@Injected`, `@LazyInjected`,
/// `@WeakLazyInjected`, `@InjectedObject` (required) and `@OptionalInjected` (optional).
///
/// A name written as a static member (`name: .fancy`) is a `Resolver.Name` whose string
/// dpend does not evaluate: such a registration might answer any name, and such a resolve is
/// unread.
enum ResolverDialect: DialectReading {
  static let dialect = Dialect.resolver
  static let resolveNames: Set<String> = ["resolve", "optional"]
  static let requiredWrappers: Set<String> = ["Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject"]
  static let optionalWrappers: Set<String> = ["OptionalInjected"]

  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] {
    switch CallShape.calledName(call) {
    case "register"?:
      guard isRegistration(call) else { return [] }
      return registrations(call, reader: reader).map(ContainerFact.registration)
    case let name? where resolveNames.contains(name):
      return need(call, reader: reader).map { [.site($0)] } ?? []
    default:
      return []
    }
  }

  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] {
    guard let attribute = wrapper(of: variable) else { return [] }
    let name = attribute.attributeName.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
    let optional = optionalWrappers.contains(name)
    var nameArgument: ExprSyntax?
    if case .argumentList(let arguments)? = attribute.arguments {
      nameArgument = CallShape.argument(arguments, "name")?.expression
    }
    return variable.bindings.map { binding in
      guard let annotation = binding.typeAnnotation?.type else {
        return .site(
          ResolveSite(
            dialect: .resolver, type: nil, isRequired: !optional, range: reader.range(binding.pattern),
            unread: "the wrapped property declares no type", conditions: reader.conditions(of: variable)))
      }
      var written = TypeText.normalize(annotation.trimmedDescription)
      if written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
      var site = ResolveSite(
        dialect: .resolver, type: .named(written), isRequired: !optional, range: reader.range(annotation),
        conditions: reader.conditions(of: variable))
      // `@Injected` resolves when its instance is made; the lazy ones when first read.
      if !name.contains("Lazy") { site.owner = enclosingType(of: variable) }
      site.readName(nameArgument, called: "name", .stringLiteral)
      return .site(site)
    }
  }

  /// `resolve()`, `resolve(P.self, name: "n", args: a)`, `optional()`: Resolver's resolves
  /// take nothing else (`promise.resolve(value)` is not one).
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    guard let called = CallShape.calledName(call), resolveNames.contains(called) else { return nil }
    for (index, argument) in call.arguments.enumerated() {
      switch argument.label?.text {
      case "name"?, "args"?: continue
      case nil where index == 0 && CallShape.metatype(argument.expression) != nil: continue
      default: return nil
      }
    }
    let context = ResolveContext(of: call)
    var site = ResolveSite(
      dialect: .resolver, type: context.type, isRequired: called == "resolve" && !context.isOptional,
      conditionalCast: context.conditionalCast, range: reader.nameRange(call), conditions: reader.conditions(of: call))
    if let first = call.arguments.first, first.label == nil, let written = CallShape.metatype(first.expression) {
      site.type = .named(written)
    }
    if site.type == nil { site.unread = context.unread ?? "the resolved type is inferred from the context" }
    site.readName(CallShape.argument(call, "name")?.expression, called: "name", .stringLiteral)
    return site
  }

  // MARK: Registrations

  /// `register { … }`, `register(P.self, name:) { … }`, `register(factory: { … })`: at most a
  /// type and a name before the factory, which must be a closure (`tableView.register(
  /// Cell.self, forCellReuseIdentifier:)` is not Resolver's).
  static func isRegistration(_ call: FunctionCallExprSyntax) -> Bool {
    for (index, argument) in call.arguments.enumerated() {
      switch argument.label?.text {
      case "name"?: continue
      case "factory"?: guard argument.expression.is(ClosureExprSyntax.self) else { return false }
      case nil where index == 0 && CallShape.metatype(argument.expression) != nil: continue
      default: return false
      }
    }
    return CallShape.closure(call, label: "factory") != nil
  }

  /// The registration, then one per `.implements(P.self, name: "n")` under another name.
  private static func registrations(_ call: FunctionCallExprSyntax, reader: ContainerReader)
    -> [ContainerRegistration]
  {
    var registration = ContainerRegistration(
      dialect: .resolver, types: [], range: reader.nameRange(call), conditions: reader.conditions(of: call),
      scopeName: CallShape.receiver(call))
    let first = call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
    let declared = first.flatMap(CallShape.metatype)
    registration.typeRange = first.flatMap(CallShape.metatypeBase).map { reader.range($0) }
    registration.readName(CallShape.argument(call, "name")?.expression, called: "name", .stringLiteral)
    var fromFactory: String?
    if let closure = CallShape.closure(call, label: "factory") {
      registration.needs = reader.needs(in: closure.statements, dialect: .resolver, names: resolveNames)
      registration.constructedType = ExpressionType.made(by: closure)
      let returned = ClosureResult.returnedTypeNode(closure)
      fromFactory = returned.map { TypeText.normalize($0.trimmedDescription) } ?? registration.constructedType
      if declared == nil {
        registration.typeRange = returned.map { reader.range($0) }
        if returned == nil, registration.constructedType != nil {
          registration.resultRange = ClosureResult.onlyExpression(closure).map { reader.range($0) }
        }
      }
    }
    var extra: [ContainerRegistration] = []
    if let key = declared ?? fromFactory {
      registration.types = [key]
    } else {
      registration.unread = "the registered type is inferred from the factory's body"
      registration.valueType = CallShape.closure(call, label: "factory").flatMap(ClosureResult.factoryValueType)
    }
    for (name, chained) in CallShape.chained(after: call) {
      switch name {
      case "implements":
        guard let type = chained.arguments.first.flatMap({ CallShape.metatype($0.expression) }) else { continue }
        if let named = CallShape.argument(chained.arguments, "name")?.expression {
          var other = registration
          other.types = [type]
          other.range = reader.nameRange(chained)
          other.name = nil
          other.nameIsComputed = false
          other.typeRange = nil
          other.resultRange = nil
          other.readName(named, called: "name", .stringLiteral)
          if registration.unread == nil || other.unread != nil { extra.append(other) }
        } else {
          // An unreadable factory still registers the keys written beside it, and so is
          // silent on those alone (SPEC 10).
          registration.types.append(type)
        }
      case "scope":
        // `.scope(.application)`, or `.scope(application)` inside `extension Resolver`.
        registration.scope = chained.arguments.first.flatMap { argument in
          CallShape.literal(argument.expression).map { String($0.drop { $0 == "." }) }
            ?? argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
      case "resolveProperties":
        if let closure = chained.trailingClosure ?? chained.arguments.first?.expression.as(ClosureExprSyntax.self) {
          registration.propertyNeeds += reader.needs(in: closure.statements, dialect: .resolver, names: resolveNames)
        }
      default:
        continue
      }
    }
    return [registration] + extra
  }

  /// The class or struct declaring an instance property; `nil` for a static or local one.
  private static func enclosingType(of variable: VariableDeclSyntax) -> String? {
    guard !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
      let block = variable.parent?.parent?.parent?.as(MemberBlockSyntax.self)
    else { return nil }
    return block.parent?.as(ClassDeclSyntax.self)?.name.text ?? block.parent?.as(StructDeclSyntax.self)?.name.text
  }

  /// Resolver's wrapper on `variable`; not Factory's `@Injected(\.x)`, which names its key
  /// path (a file may import both).
  private static func wrapper(of variable: VariableDeclSyntax) -> AttributeSyntax? {
    variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { attribute in
      let name = attribute.attributeName.trimmedDescription
      let last = name.split(separator: ".").last.map(String.init) ?? name
      if case .argumentList(let arguments)? = attribute.arguments,
        arguments.contains(where: { $0.expression.is(KeyPathExprSyntax.self) })
      {
        return false
      }
      return (requiredWrappers.contains(last) || optionalWrappers.contains(last))
        && (name == last || name.hasPrefix("Resolver."))
    }
  }
}
