import DpendModel
import SwiftSyntax

/// Reads the container code of one file — registrations and resolve sites — for the dialects
/// its imports select (``Dialect/selected(byImports:)``).
///
/// Unlike the declaration walker, it enters function and closure bodies: registrations live
/// in functions (`configure(container:)`, `assemble(container:)`, `DependencyContainer { c in }`)
/// and resolve sites anywhere. It runs only on files that import a container, so the cost
/// stays with them. Every call is read by the dialect whose shape it has; a resolve inside a
/// registration's factory is one of its needs, any other is a resolve site.
final class ContainerReader: SyntaxVisitor {
  let dialects: [Dialect]
  /// The app's own register and resolve helpers this file may use (`.dpend.json`).
  let helpers: AppHelpers?
  /// The app's own helpers and container values the file mentions, inferred from the
  /// workspace (``ContainerVocabulary``).
  let inferred: InferredHelpers?
  let ranges: RangeConverter
  private(set) var registrations: [ContainerRegistration] = []
  private(set) var resolveSites: [ResolveSite] = []
  /// The globals and properties the file declares as containers (for the vocabulary).
  private(set) var containerValues: [ContainerValue] = []
  /// Resolve calls already read as a registration's needs.
  private var consumed: Set<SyntaxIdentifier> = []

  init(dialects: [Dialect], helpers: AppHelpers? = nil, inferred: InferredHelpers? = nil, ranges: RangeConverter) {
    self.dialects = dialects
    self.helpers = helpers
    self.inferred = inferred
    self.ranges = ranges
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard !consumed.contains(call.id) else { return .visitChildren }
    // An app's helper, unless it extends the library's container with a call the library
    // reads itself (then the library's reading comes first).
    let helper = inferred?.helper(of: call)
    if let helper, !helper.extendsContainer {
      readHelper(call, helper)
      return .visitChildren
    }
    if let read = readLibrary(call) { return read }
    if let helper {
      readHelper(call, helper)
      return .visitChildren
    }
    if let helpers {
      if let registration = helpers.registration(call, reader: self) {
        registrations.append(inItsContainer(registration, at: call))
      } else if let site = helpers.resolve(call, reader: self) {
        if let site = readingGenerics(site, at: call) { resolveSites.append(site) }
      }
    }
    return .visitChildren
  }

  /// Reads a call of one of the app's inferred helpers.
  private func readHelper(_ call: FunctionCallExprSyntax, _ helper: ContainerVocabulary.Helper) {
    guard let inferred else { return }
    if helper.role == .register {
      registrations.append(readingGenerics(inferred.registration(call, helper: helper, reader: self), at: call))
    } else {
      if let site = readingGenerics(inferred.resolve(call, helper: helper, reader: self), at: call) {
        resolveSites.append(site)
      }
    }
  }

  /// The dialects a call on `receiver` is read with: the file's, and the dialect of a
  /// container value the receiver names (`container.resolve()` in a file that does not
  /// import Dip, `container` being a global `DependencyContainer`).
  private func dialects(ofReceiver receiver: String, at call: FunctionCallExprSyntax) -> [Dialect] {
    guard let values = inferred?.containerValues, !values.isEmpty, !receiver.isEmpty else { return dialects }
    let components = receiver.split(separator: ".").map(String.init)
    // `container.resolve()` where a parameter named `container` of another type hides the global.
    if let root = components.first, values[root] != nil, Self.isShadowed(root, at: call) { return dialects }
    let named = components.lazy.compactMap { values[$0] }.first
    guard let named, !dialects.contains(named) else { return dialects }
    return dialects + [named]
  }

  /// `true` when a parameter of a function, initializer or closure enclosing `node` is named
  /// `name`: it hides the global of that name.
  static func isShadowed(_ name: String, at node: some SyntaxProtocol) -> Bool {
    var current = Syntax(node).parent
    while let parent = current {
      var parameters: [(name: String, type: String?)] = []
      if let function = parent.as(FunctionDeclSyntax.self) {
        parameters = function.signature.parameterClause.parameters.map {
          (HelperReader.internalName($0), $0.type.trimmedDescription)
        }
      } else if let initializer = parent.as(InitializerDeclSyntax.self) {
        parameters = initializer.signature.parameterClause.parameters.map {
          (HelperReader.internalName($0), $0.type.trimmedDescription)
        }
      } else if let closure = parent.as(ClosureExprSyntax.self) {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: parameters = names.map { ($0.name.text, nil) }
        case .parameterClause(let clause)?:
          parameters = clause.parameters.map { (($0.secondName ?? $0.firstName).text, $0.type?.trimmedDescription) }
        case nil: break
        }
      }
      // Another value of that name, whatever its type: the file's own dialects read it.
      if parameters.contains(where: { $0.name == name }) { return true }
      current = parent.parent
    }
    return false
  }

  /// Reads `call` as the library's own register or resolve, if it is one; `nil` when not.
  private func readLibrary(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind? {
    for dialect in dialects {
      guard let reading = Self.reader(of: dialect) else { continue }
      let facts = reading.facts(of: call, reader: self)
      if !facts.isEmpty {
        record(facts, at: call)
        return .visitChildren
      }
    }
    guard let name = CallShape.calledName(call) else { return nil }
    let dialects = dialects(ofReceiver: CallShape.receiver(call), at: call)
    switch name {
    case "register", "autoregister":
      if let registration = readRegistration(call, name: name, dialects: dialects) {
        registrations.append(registration)
        noteDefinition(call)
        if registration.dialect == .dip {
          registrations += DipDialect.taggedImplementations(of: registration, call: call, reader: self)
        }
        return .visitChildren
      }
      if dialects.contains(.dip), name == "register", forwardType(call) { return .visitChildren }
    case "resolve" where dialects.contains(.dip) || dialects.contains(.swinject):
      if let site = readResolve(call, dialect: resolveDialect(call, dialects: dialects)) {
        resolveSites.append(site)
        return .visitChildren
      }
    default: break
    }
    return nil
  }

  override func visit(_ variable: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for dialect in dialects {
      guard let reading = Self.reader(of: dialect) else { continue }
      let facts = reading.facts(of: variable, reader: self)
      if !facts.isEmpty {
        record(facts, at: variable)
        return .visitChildren
      }
    }
    if let helpers { resolveSites += helpers.wrapped(variable, reader: self) }
    if let inferred { resolveSites += inferred.wrapped(variable, reader: self) }
    recordContainerValue(variable)
    return .visitChildren
  }

  /// A global or property whose annotation or initializer is a library's container type:
  /// a container value other files may use (SPEC 8.2).
  private func recordContainerValue(_ variable: VariableDeclSyntax) {
    let parent = variable.parent?.parent
    let isGlobal = parent?.is(CodeBlockItemListSyntax.self) == true && parent?.parent?.is(SourceFileSyntax.self) == true
    guard isGlobal || parent?.is(MemberBlockItemListSyntax.self) == true else { return }
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
      var written = binding.typeAnnotation.map { TypeText.normalize($0.type.trimmedDescription) }
      if written == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
        written = CallShape.constructedType(call)
      }
      guard var type = written else { continue }
      while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
      let last = type.split(separator: ".").last.map(String.init) ?? type
      let dialect = dialects.first { ContainerVocabulary.containerTypes[$0]?.contains(last) == true }
      guard let dialect else { continue }
      containerValues.append(
        ContainerValue(
          name: name.text, owner: isGlobal ? nil : Self.enclosingTypeNames(of: variable).first, dialect: dialect,
          range: range(name)))
    }
  }

  /// Keeps what a ``DialectReading`` dialect read at `node`, with the same rules as Dip's and
  /// Swinject's: the enclosing body names the container, and a generic parameter is no key.
  private func record(_ facts: [ContainerFact], at node: some SyntaxProtocol) {
    for fact in facts {
      switch fact {
      case .registration(let registration): registrations.append(readingGenerics(registration, at: node))
      case .site(let site): if let site = readingGenerics(site, at: node) { resolveSites.append(site) }
      }
    }
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // SwinjectAutoregistration's `r ~> X.self` outside a registration.
    if dialects.contains(.swinject) {
      for site in SwinjectDialect.arrowResolves(in: node, reader: self) where !consumed.contains(site.id) {
        var read = site.site
        read.lookupScope = Self.lexicalScope(of: node)
        resolveSites.append(read)
      }
    }
    return .visitChildren
  }

  // MARK: Registrations

  /// Dip's definitions held in a variable (`let service = c.register { … }`), by name: the
  /// index of their registration, for a later `c.register(service, type: P.self)`.
  private var definitions: [String: Int] = [:]

  /// Keeps the registration just read for `call` under the name of the variable it is
  /// assigned to, if any.
  private func noteDefinition(_ call: FunctionCallExprSyntax) {
    var node = Syntax(call)
    while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
      node = parent  // `c.register { … }.implements(Q.self)`
    }
    guard let binding = node.parent?.parent?.as(PatternBindingSyntax.self),
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return }
    definitions[name] = registrations.count - 1
  }

  /// Dip's type forwarding, `c.register(service, type: P.self)` (or the definition written
  /// inline): the definition's factory answers `P` too (SPEC 8.4). `false` when `call` is not
  /// one whose definition was read.
  private func forwardType(_ call: FunctionCallExprSyntax) -> Bool {
    guard let first = call.arguments.first, first.label == nil,
      let forwarded = CallShape.argument(call, "type").flatMap({ CallShape.metatype($0.expression) })
    else { return false }
    var index: Int?
    if let name = first.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
      index = definitions[name]
    } else if let inner = first.expression.as(FunctionCallExprSyntax.self), CallShape.calledName(inner) == "register",
      DipDialect.isRegistration(inner)
    {
      // Read now, before its turn as a child of this call.
      if let registration = readRegistration(inner, name: "register", dialects: [.dip]) {
        registrations.append(registration)
        consume(inner)
        index = registrations.count - 1
      }
    }
    guard let index, registrations[index].unread == nil else { return false }
    let tag = CallShape.argument(call, "tag")?.expression
    if tag == nil || tag.flatMap(CallShape.literal) == registrations[index].name {
      registrations[index].types.append(forwarded)
    } else {
      // Another tag: a key of its own, made by the same factory (its needs counted once).
      var other = registrations[index]
      other.types = [forwarded]
      other.needs = []
      other.propertyNeeds = []
      other.name = nil
      other.range = nameRange(call)
      other.readName(tag, called: "tag")
      registrations.append(other)
    }
    return true
  }

  private func readRegistration(_ call: FunctionCallExprSyntax, name: String, dialects: [Dialect])
    -> ContainerRegistration?
  {
    var registration: ContainerRegistration
    if dialects.contains(.swinject), SwinjectDialect.isRegistration(call, name: name) {
      registration = SwinjectDialect.registration(call, name: name, reader: self)
    } else if dialects.contains(.dip), name == "register", DipDialect.isRegistration(call) {
      registration = DipDialect.registration(call, reader: self)
    } else {
      return nil
    }
    return readingGenerics(registration, at: call)
  }

  /// The container of `registration`, completed with the file and the enclosing body (two
  /// test methods' `di.register` are on two containers), unless its dialect names its
  /// containers itself.
  private func inItsContainer(_ registration: ContainerRegistration, at node: some SyntaxProtocol)
    -> ContainerRegistration
  {
    guard Self.reader(of: registration.dialect)?.namesItsContainers != true else { return registration }
    var registration = registration
    registration.scopeName = "\(range(node).file)|\(registration.scopeName)\(Self.enclosingBody(of: node))"
    return registration
  }

  /// `register(T.self)` inside `func register<T>(…)`: the key is whatever a caller passes.
  /// Also places the registration in its container.
  private func readingGenerics(_ registration: ContainerRegistration, at node: some SyntaxProtocol)
    -> ContainerRegistration
  {
    var registration = inItsContainer(registration, at: node)
    registration.lookupScope = Self.lexicalScope(of: node)
    let generics = Self.genericParameters(around: node)
    if let generic = registration.types.lazy.map(Self.head(of:)).first(where: generics.contains) {
      registration.types = []
      if helpers?.isRegisterFunction(around: node) == true
        || inferred?.declaresHelper(around: node, generic: generic) == true
      {
        registration.isForwarded = true
      } else {
        registration.unread = "the registered type is a generic parameter: the key depends on the caller"
      }
    }
    return registration
  }

  /// Marks `call` as read (a need of a registration); `false` when it already was.
  @discardableResult
  func consume(_ call: some SyntaxProtocol) -> Bool {
    consumed.insert(call.id).inserted
  }

  /// Marks the resolve calls (named `names`) inside `node` as read, and returns them read as
  /// needs.
  func needs(in node: some SyntaxProtocol, dialect: Dialect, names: Set<String> = ["resolve"]) -> [ResolveSite] {
    let finder = CallFinder(names: names.union(inferred?.resolveNames ?? []))
    finder.walk(node)
    var sites: [ResolveSite] = []
    for call in finder.calls where !consumed.contains(call.id) {
      if let inferred, let helper = inferred.helper(of: call), helper.role == .resolve {
        consumed.insert(call.id)
        if let site = readingGenerics(inferred.resolve(call, helper: helper, reader: self), at: call) {
          sites.append(site)
        }
        continue
      }
      guard names.contains(CallShape.calledName(call) ?? "") else { continue }
      consumed.insert(call.id)
      if let site = readResolve(call, dialect: dialect) { sites.append(site) }
    }
    if dialect == .swinject {
      let sequences = SequenceFinder()
      sequences.walk(node)
      for sequence in sequences.sequences {
        for arrow in SwinjectDialect.arrowResolves(in: sequence, reader: self) where !consumed.contains(arrow.id) {
          consumed.insert(arrow.id)
          var read = arrow.site
          read.lookupScope = Self.lexicalScope(of: sequence)
          sites.append(read)
        }
      }
    }
    return sites
  }

  // MARK: Resolve sites

  /// The dialect of a resolve call outside a registration: Swinject's take `X.self`, Dip's
  /// take their type from the context.
  private func resolveDialect(_ call: FunctionCallExprSyntax, dialects: [Dialect]) -> Dialect {
    let first = call.arguments.first
    let typeArgument = first?.label == nil && first.map { CallShape.metatype($0.expression) != nil } == true
    if dialects.contains(.swinject) && (typeArgument || !dialects.contains(.dip)) { return .swinject }
    return dialects.contains(.dip) ? .dip : .swinject
  }

  private func readResolve(_ call: FunctionCallExprSyntax, dialect: Dialect) -> ResolveSite? {
    let site: ResolveSite?
    switch dialect {
    case .swinject: site = SwinjectDialect.resolve(call, reader: self)
    case .dip: site = DipDialect.resolve(call, reader: self)
    case .thesis, .locator: return nil
    default: site = Self.reader(of: dialect)?.need(call, reader: self)
    }
    return site.flatMap { readingGenerics($0, at: call) }
  }

  /// `resolve(T.self)` inside `func inject<T>()`: the key is whatever a caller makes `T`.
  /// `nil` inside one of the app's inferred helpers, whose body forwards the key: its callers
  /// are read instead.
  private func readingGenerics(_ site: ResolveSite, at node: some SyntaxProtocol) -> ResolveSite? {
    var site = site
    site.lookupScope = Self.lexicalScope(of: node)
    // `resolve(tag: tag) as T` in a helper: its tag is the caller's too.
    if site.type == nil, let inferred, inferred.declaresHelper(around: node) { return nil }
    guard case .named(let name)? = site.type, Self.genericParameters(around: node).contains(Self.head(of: name))
    else { return site }
    if let inferred, inferred.declaresHelper(around: node, generic: Self.head(of: name)) { return nil }
    site.type = nil
    site.unread = "'\(name)' is a generic parameter: the key depends on the caller"
    return site
  }

  /// The app's resolve-function calls inside a registration of one of its register
  /// functions: its needs.
  func helperNeeds(in node: some SyntaxProtocol) -> [ResolveSite] {
    guard let helpers else { return [] }
    let finder = AnyCallFinder()
    finder.walk(node)
    var sites: [ResolveSite] = []
    for call in finder.calls where !consumed.contains(call.id) {
      guard let site = helpers.resolve(call, reader: self) else { continue }
      consumed.insert(call.id)
      if let site = readingGenerics(site, at: call) { sites.append(site) }
    }
    return sites
  }

  /// Which function or closure a registration is written in (`@120`, its node's index in the
  /// tree): two registrations on `di` in two test methods are on two containers, not one.
  static func enclosingBody(of node: some SyntaxProtocol) -> String {
    var current = Syntax(node).parent
    while let parent = current {
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
        || parent.is(AccessorDeclSyntax.self) || parent.is(ClosureExprSyntax.self)
      {
        // The node's index in the tree, not its offset: a line inserted above leaves the
        // summary's shape (everything but its ranges) as it was.
        return "@\(parent.id.indexInTree.toOpaque())"
      }
      current = parent.parent
    }
    return ""
  }

  /// The qualified name of the type or extended type `node` is written in (`BasketScreen` in
  /// `extension BasketScreen`, `Outer.Inner`), from which names it writes are looked up;
  /// `""` at the top level.
  static func lexicalScope(of node: some SyntaxProtocol) -> String {
    var names: [String] = []
    var current = Syntax(node).parent
    while let parent = current {
      if let named = parent.asProtocol(NamedDeclSyntax.self), parent.asProtocol(DeclGroupSyntax.self) != nil {
        names.insert(named.name.text, at: 0)
      } else if let extended = parent.as(ExtensionDeclSyntax.self) {
        // An extension is written at the top level: its type's name is the whole scope.
        names.insert(TypeText.normalize(extended.extendedType.trimmedDescription), at: 0)
        break
      }
      current = parent.parent
    }
    return names.joined(separator: ".")
  }

  /// The names of the types and extended types enclosing `node`, innermost first (the last
  /// component of an extension's `Outer.Inner`).
  static func enclosingTypeNames(of node: some SyntaxProtocol) -> [String] {
    var names: [String] = []
    var current = Syntax(node).parent
    while let parent = current {
      if let named = parent.asProtocol(NamedDeclSyntax.self), parent.asProtocol(DeclGroupSyntax.self) != nil {
        names.append(named.name.text)
      } else if let extended = parent.as(ExtensionDeclSyntax.self) {
        let text = extended.extendedType.trimmedDescription
        names.append(text.split(separator: ".").last.map(String.init) ?? text)
      }
      current = parent.parent
    }
    return names
  }

  /// `Store` for `Store`, `Store<Int>`, `Store.Kind`, `Store?`.
  static func head(of name: String) -> String {
    String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
  }

  /// The generic parameters of every declaration enclosing `node`.
  static func genericParameters(around node: some SyntaxProtocol) -> Set<String> {
    var names: Set<String> = []
    var current = Syntax(node).parent
    while let parent = current {
      let clause =
        parent.as(FunctionDeclSyntax.self)?.genericParameterClause
        ?? parent.as(StructDeclSyntax.self)?.genericParameterClause
        ?? parent.as(ClassDeclSyntax.self)?.genericParameterClause
        ?? parent.as(EnumDeclSyntax.self)?.genericParameterClause
        ?? parent.as(InitializerDeclSyntax.self)?.genericParameterClause
        ?? parent.as(SubscriptDeclSyntax.self)?.genericParameterClause
      for parameter in clause?.parameters ?? [] { names.insert(parameter.name.text) }
      // A protocol's associated types and `Self` stand for conforming types too.
      if let proto = parent.as(ProtocolDeclSyntax.self) {
        names.insert("Self")
        for member in proto.memberBlock.members {
          if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) { names.insert(associated.name.text) }
        }
      }
      current = parent.parent
    }
    return names
  }

  // MARK: Shared reading

  /// The range of `node` in the file.
  func range(_ node: some SyntaxProtocol) -> DpendModel.SourceRange { ranges.range(of: node) }

  /// The range of a call's name: `register` in `container.register(…)`.
  func nameRange(_ call: FunctionCallExprSyntax) -> DpendModel.SourceRange {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return range(member.declName) }
    return range(call.calledExpression)
  }

  /// The `#if` conditions `node` is written under, outermost first; an `#else` branch is the
  /// negation of the conditions before it.
  func conditions(of node: some SyntaxProtocol) -> BuildConditions {
    var conditions: BuildConditions = []
    var current = Syntax(node).parent
    while let parent = current {
      if let clause = parent.as(IfConfigClauseSyntax.self) {
        conditions.insert(BuildCondition.text(of: clause), at: 0)
      }
      current = parent.parent
    }
    return conditions
  }
}

/// Collects the calls of some names inside a node (closures included).
final class CallFinder: SyntaxVisitor {
  let names: Set<String>
  private(set) var calls: [FunctionCallExprSyntax] = []

  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = CallShape.calledName(call), names.contains(name) { calls.append(call) }
    return .visitChildren
  }
}

/// Collects every call inside a node (closures included).
final class AnyCallFinder: SyntaxVisitor {
  private(set) var calls: [FunctionCallExprSyntax] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(call)
    return .visitChildren
  }
}

/// Collects the operator sequences inside a node.
final class SequenceFinder: SyntaxVisitor {
  private(set) var sequences: [SequenceExprSyntax] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    sequences.append(node)
    return .visitChildren
  }
}
