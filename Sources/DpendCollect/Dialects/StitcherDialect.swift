import DpendModel
import SwiftSyntax

/// Stitcher (athankefalas/Stitcher): dependencies declared in `DependencyContainer` result
/// builders, located by name or by type, in both of its API generations:
/// - 0.9: `DependencyContainer("App") { Dependency("auth", Auth.init); Dependency(Store.init);
///   Dependency(implementing: P.self, Impl.init); Dependency(.type(X.self, supertypes: A.self,
///   B.self), X.init); Dependency(.name("n"), …) } requires: { Requirement(.name("n"));
///   Requirement(.type(X.self)) }`, `DependencyContainer.compose { … }`;
/// - 1.0: `Dependency { Impl() }`, `Dependency(named: "n") { … }`, `Dependency(conformingTo:
///   P.self) { … }`, the modifiers `.named`, `.conforms(to:)`, `.inherits(from:)`, `.scope`,
///   and a bare `Impl()` in a builder (an autoclosure registration of `Impl`).
///
/// **Keys.** A dependency located by type provides its type and the supertypes it declares
/// (`ContainerKey(type: "Impl")`); one located by name provides the name alone, written as
/// the string literal with the empty type (`ContainerKey(type: "", name: "\"auth\"")`, printed
/// `name "auth"`), which only a by-name injection or requirement of that name matches, as in
/// Stitcher. A name that is not a string literal, an associated value (`Dependency(for:)`,
/// `.associated(with:)`), a property or function locator, or a factory whose type dpend cannot
/// see makes the registration unread.
///
/// **Needs.** The `inject` calls inside a factory closure (`Dependency { Feed(api: try!
/// DependencyGraph.active.inject()) }`). The parameters of a factory (`Dependency("repo",
/// Repository.init)` with `init(url: URL)`) are not needs: Stitcher takes them from the
/// injection site (`inject(named:parameters:)`), not from the graph.
///
/// **Scopes.** Every container is merged into one graph, so a key provided twice anywhere in
/// the workspace is a duplicate — unless one of the two is written under a runtime condition
/// (a builder `if`, `switch` or `for`, a `DependencyGroup`) or outside a container's builder.
enum StitcherDialect: DialectReading {
  static let dialect = Dialect.stitcher
  /// Stitcher merges every container into one graph: its registrations name their containers
  /// across files (see `scopeName(of:reader:)`).
  static let namesItsContainers = true
  /// Calls of these types are the library's own, never a bare autoclosure registration.
  static let ownTypes: Set<String> = ["Dependency", "DependencyGroup", "DependencyContainer", "Requirement"]

  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] {
    switch typeName(called: call) {
    case "Dependency"?: return [.registration(registration(call, reader: reader))]
    case "Requirement"?: return requirement(call, reader: reader).map { [.site($0)] } ?? []
    case let name? where !ownTypes.contains(name) && isBareBuilderEntry(call):
      return [.registration(bareRegistration(call, type: name, reader: reader))]
    default: return need(call, reader: reader).map { [.site($0)] } ?? []
    }
  }

  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] {
    // A custom `DependencyRepresenting`'s `var locator: DependencyLocator { … }`: it may
    // provide any key, so it may answer anything (and a bare `Custom()` entry is no proof of
    // its type).
    if let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "locator",
      binding.typeAnnotation?.type.trimmedDescription == "DependencyLocator"
    {
      var registration = ContainerRegistration(
        dialect: .stitcher, types: [], range: reader.range(binding.pattern),
        unread: "a custom dependency's locator is computed", conditions: reader.conditions(of: variable),
        scopeName: "stitcher|\(reader.range(variable).file)@\(variable.position.utf8Offset)")
      registration.nameIsComputed = true
      return [.registration(registration)]
    }
    return injectedSites(variable, reader: reader).map(ContainerFact.site)
  }

  // MARK: Registrations

  /// One `Dependency(…)`, with the modifiers chained after it.
  private static func registration(_ call: FunctionCallExprSyntax, reader: ContainerReader)
    -> ContainerRegistration
  {
    var registration = ContainerRegistration(
      dialect: .stitcher, types: [], range: reader.nameRange(call), conditions: reader.conditions(of: call),
      scopeName: scopeName(of: call, reader: reader))
    let arguments = Array(call.arguments)
    let factory = call.trailingClosure.map(ExprSyntax.init) ?? arguments.last { $0.label == nil }?.expression
    var located: Location = .unknown
    if let factory {
      registration.constructedType = constructedType(by: factory)
      if let closure = factory.as(ClosureExprSyntax.self) {
        registration.needs = reader.needs(in: closure.statements, dialect: .stitcher, names: ["inject"])
      } else if factory.is(FunctionCallExprSyntax.self) {
        registration.needs = reader.needs(in: factory, dialect: .stitcher, names: ["inject"])
      }
      located = registration.constructedType.map { .types([$0]) } ?? .unread("the dependency's type is inferred")
    }
    for argument in arguments where argument.expression.id != factory?.id {
      switch argument.label?.text {
      case nil:
        if argument.expression.is(StringLiteralExprSyntax.self) {
          located = name(argument.expression)
        } else {
          // `Dependency(Names.auth, Auth.init)`: a name, computed.
          located = locator(argument.expression) ?? name(argument.expression)
        }
      case "named"?: located = name(argument.expression)
      case "implementing"?, "conformingTo"?, "inheritingFrom"?:
        located = located.adding(CallShape.metatype(argument.expression))
      case "for"?: located = .unread("the dependency is located by an associated value")
      case "property"?, "function"?:
        located = .unreadNamed("a \(argument.label!.text) dependency is located by its name and signature", argument)
      default: continue
      }
    }
    for (modifier, chained) in CallShape.chained(after: call) {
      let first = chained.arguments.first?.expression
      switch modifier {
      case "named": located = first.map(name) ?? located
      case "conforms", "inherits": located = located.adding(first.flatMap(CallShape.metatype))
      case "associated": located = .unread("the dependency is located by an associated value")
      case "scope": registration.scope = first.flatMap(scopeText)
      default: continue
      }
    }
    located.apply(to: &registration)
    return containerLocalByType(registration, call: call, reader: reader)
  }

  /// Two containers may each provide a type (Stitcher 1.0 injects them all as an array); only
  /// a name provided twice across containers is a duplicate. So a registration by type is a
  /// duplicate only within its own container.
  private static func containerLocalByType(
    _ registration: ContainerRegistration, call: FunctionCallExprSyntax, reader: ContainerReader
  ) -> ContainerRegistration {
    guard registration.name == nil, registration.scopeName == "stitcher",
      let (container, _) = builder(around: call)
    else { return registration }
    var registration = registration
    registration.scopeName = "stitcher|\(reader.range(call).file)@\(container.position.utf8Offset)"
    return registration
  }

  /// A bare `Impl()` in a container's builder: Stitcher 1.0 registers it by type, made when
  /// first injected.
  private static func bareRegistration(_ call: FunctionCallExprSyntax, type: String, reader: ContainerReader)
    -> ContainerRegistration
  {
    var registration = ContainerRegistration(
      dialect: .stitcher, types: [type], constructedType: type, range: reader.range(call.calledExpression),
      conditions: reader.conditions(of: call), scopeName: scopeName(of: call, reader: reader))
    registration.needs = reader.needs(in: call.arguments, dialect: .stitcher, names: ["inject"])
    return containerLocalByType(registration, call: call, reader: reader)
  }

  /// How a dependency is located, as read so far.
  private enum Location {
    case types([String])
    case name(String)
    case unread(String, nameIsComputed: Bool = false, name: String? = nil)
    case unknown

    /// Unread, with the literal name `argument` gives (`property: "flag"`), or any name.
    static func unreadNamed(_ why: String, _ argument: LabeledExprSyntax) -> Location {
      let literal = argument.expression.is(StringLiteralExprSyntax.self) ? CallShape.literal(argument.expression) : nil
      return .unread(why, nameIsComputed: literal == nil, name: literal)
    }

    /// A supertype added (`implementing:`, `.conforms(to:)`): only a type location takes it.
    func adding(_ supertype: String?) -> Location {
      guard case .types(let types) = self, let supertype else {
        if case .unknown = self { return .unread("the dependency's type is inferred") }
        return self
      }
      return types.contains(supertype) ? self : .types(types + [supertype])
    }

    func apply(to registration: inout ContainerRegistration) {
      switch self {
      case .types(let types): registration.types = types
      case .name(let name):
        registration.types = [""]
        registration.name = name
      case .unread(let why, let computed, let name):
        registration.unread = why
        registration.nameIsComputed = computed
        registration.name = name
      case .unknown: registration.unread = "the dependency's type is inferred"
      }
    }
  }

  /// A string literal name; anything else (`Names.auth`, `"\(prefix)auth"`) is computed.
  private static func name(_ expression: ExprSyntax) -> Location {
    if expression.is(StringLiteralExprSyntax.self), let literal = CallShape.literal(expression) {
      return .name(literal)
    }
    return .unread("the name '\(expression.trimmedDescription)' is not a string literal", nameIsComputed: true)
  }

  /// `.name("n")`, `.type(X.self)`, `.type(X.self, supertype: S.self)`, `.type(X.self,
  /// supertypes: A.self, B.self)`: a `DependencyLocator` written as the first argument.
  private static func locator(_ expression: ExprSyntax) -> Location? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil || member.base?.trimmedDescription == "DependencyLocator"
    else { return nil }
    switch member.declName.baseName.text {
    case "name":
      return call.arguments.first.map { name($0.expression) } ?? .unread("the locator's name is missing")
    case "type":
      let types = call.arguments.map { CallShape.metatype($0.expression) }
      guard !types.isEmpty, types.allSatisfy({ $0 != nil }) else {
        return .unread("the locator's type '\(call.trimmedDescription)' is not written as 'X.self'")
      }
      return .types(types.compactMap { $0 })
    default:
      return .unread("a .\(member.declName.baseName.text) locator is not read", nameIsComputed: true)
    }
  }

  /// The type a factory makes: `Impl` for `Impl.init`, `Impl.self` (an `Instantiable`),
  /// `Impl(…)` (an autoclosure), `{ Impl(…) }`, `{ () -> P in … }`, `{ … as P }`.
  private static func constructedType(by factory: ExprSyntax) -> String? {
    if let type = CallShape.initializerReference(factory) ?? CallShape.metatype(factory) { return type }
    if factory.is(FunctionCallExprSyntax.self) { return ExpressionType.constructed(factory) }
    guard let closure = factory.as(ClosureExprSyntax.self) else { return nil }
    if let declared = ClosureResult.returnedTypeNode(closure) { return TypeText.normalize(declared.trimmedDescription) }
    return ExpressionType.made(by: closure)
  }

  /// `singleton` for `.scope(.singleton)`, `managed` for `.scope(.managed(by: publisher))`.
  private static func scopeText(_ expression: ExprSyntax) -> String? {
    let member =
      expression.as(MemberAccessExprSyntax.self)
      ?? expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
    guard let member, member.base == nil else { return nil }
    return member.declName.baseName.text
  }

  // MARK: Where a registration is written

  /// `Dependency` for `Dependency(…)`, `Stitcher.Dependency(…)`, `Impl` for `Impl()`; `nil` for
  /// a method call or a lower-case function.
  static func typeName(called call: FunctionCallExprSyntax) -> String? {
    var callee = call.calledExpression
    if let member = callee.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "Stitcher" {
      callee = ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName))
    }
    guard let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true
    else { return nil }
    return reference.baseName.text
  }

  /// `true` for a call written as a statement of a `DependencyContainer` or `DependencyGroup`
  /// builder (directly, or in its `if`/`switch` branches).
  private static func isBareBuilderEntry(_ call: FunctionCallExprSyntax) -> Bool {
    guard call.parent?.is(CodeBlockItemSyntax.self) == true, let (builder, _) = builder(around: call) else {
      return false
    }
    return typeName(called: builder).map { $0 == "DependencyContainer" || $0 == "DependencyGroup" } == true
  }

  /// The container or group call whose builder closure `node` is written in, and whether a
  /// runtime condition (a builder `if`, `switch`, `for`) lies between them; `nil` outside any
  /// builder (a closure or function in between ends the search).
  private static func builder(around node: some SyntaxProtocol) -> (call: FunctionCallExprSyntax, conditional: Bool)? {
    var conditional = false
    var current = Syntax(node).parent
    while let parent = current {
      if parent.is(IfExprSyntax.self) || parent.is(SwitchExprSyntax.self) || parent.is(ForStmtSyntax.self) {
        conditional = true
      } else if let closure = parent.as(ClosureExprSyntax.self) {
        // `requires: { … }` holds requirements, not dependencies.
        let label =
          closure.parent?.as(MultipleTrailingClosureElementSyntax.self)?.label.text
          ?? closure.parent?.as(LabeledExprSyntax.self)?.label?.text
        guard label != "requires",
          let call = closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
          let name = typeName(called: call) ?? containerFactoryName(call),
          name == "DependencyContainer" || name == "DependencyGroup"
        else { return nil }
        return (call, conditional)
      } else if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) {
        return nil
      }
      current = parent.parent
    }
    return nil
  }

  /// `DependencyContainer` for `DependencyContainer.compose(…)`.
  private static func containerFactoryName(_ call: FunctionCallExprSyntax) -> String? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base?.trimmedDescription == "DependencyContainer"
    else { return nil }
    return "DependencyContainer"
  }

  /// `stitcher` for a registration every build of its container makes, when the container is
  /// the app's (declared outside any function); the function's own for a container made inside
  /// one (a test method's: two tests' containers are never active together); a name of its
  /// own for one under a runtime condition, in a `DependencyGroup`, or outside any container.
  private static func scopeName(of call: FunctionCallExprSyntax, reader: ContainerReader) -> String {
    guard let (container, conditional) = builder(around: call), !conditional,
      typeName(called: container) == "DependencyContainer" || containerFactoryName(container) != nil
    else { return "stitcher|\(reader.range(call).file)@\(call.position.utf8Offset)" }
    var current = Syntax(container).parent
    while let parent = current {
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
        return "stitcher|\(reader.range(call).file)@\(parent.position.utf8Offset)"
      }
      current = parent.parent
    }
    return "stitcher"
  }

  /// `the container "Feed"` for a site in `DependencyContainer("Feed") { … } requires: { … }`;
  /// `a container` for an unnamed one; `nil` outside any.
  static func containerName(around node: some SyntaxProtocol) -> String? {
    var current = Syntax(node).parent
    while let parent = current {
      if let call = parent.as(FunctionCallExprSyntax.self), typeName(called: call) == "DependencyContainer" {
        let name = call.arguments.first { $0.label == nil || $0.label?.text == "name" }?.expression
        if let name, name.is(StringLiteralExprSyntax.self), let literal = CallShape.literal(name) {
          return "the container \(literal)"
        }
        return "a container"
      }
      current = parent.parent
    }
    return nil
  }
}
