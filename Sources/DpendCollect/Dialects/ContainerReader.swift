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
  /// The readers of ``dialects``.
  let readers: [any DialectReading.Type]
  /// The app's own register and resolve helpers this file may use (`.dpend.json`).
  let helpers: AppHelpers?
  /// The app's own helpers and container values the file mentions, inferred from the
  /// workspace (``ContainerVocabulary``).
  let inferred: InferredHelpers?
  let ranges: RangeConverter
  var registrations: [ContainerRegistration] = []
  var resolveSites: [ResolveSite] = []
  /// Where the Swinject and Dip resolves read write their keys, by site (quick fixes).
  var siteEdits: [SiteEdits] = []
  /// Where the registrations and resolves read write their keys (the editor's).
  var keyRanges: [KeyRange] = []
  /// The globals and properties the file declares as containers (for the vocabulary).
  var containerValues: [ContainerValue] = []
  /// The parameters and struct properties the file declares whose closures receive a
  /// container (for the vocabulary).
  var slots: [ContainerSlotDeclaration] = []
  /// What the declarations around each node make of its names, worked out once per scope.
  let scopes = EnclosingScopes()
  /// The name and byte range of the body of each function that is a registration gate
  /// (``RegistrationGates``), in the order met (an inner one after the one around it).
  private(set) var gateBodies: [(gate: String, body: Range<Int>)] = []
  /// The names the file's register and resolve calls are made on.
  private(set) var receiverNames = ReceiverNames()
  /// The container instances the file's calls are made on, and the container variables it
  /// declares (SPEC 8.6).
  private(set) lazy var instances = InstanceNaming(scopes: scopes, ranges: ranges)
  /// The register and resolve calls nothing read, for ``readUnreadCandidates()``.
  var unreadCandidates: [FunctionCallExprSyntax] = []
  /// Resolve calls already read as a registration's needs.
  private var consumed: Set<SyntaxIdentifier> = []

  init(dialects: [Dialect], helpers: AppHelpers? = nil, inferred: InferredHelpers? = nil, ranges: RangeConverter) {
    self.dialects = dialects
    readers = Self.readers(of: dialects)
    self.helpers = helpers
    self.inferred = inferred
    self.ranges = ranges
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    receiverNames.note(call)
    for reading in readers { reading.observe(call, reader: self) }
    guard !consumed.contains(call.id) else { return .visitChildren }
    // An app's helper, unless it extends the library's container with a call the library
    // reads itself (then the library's reading comes first). A static helper called on the
    // type is the app's: the library's register and resolve are its instances' (but
    // Resolver's own statics).
    let helper = inferred?.helper(of: call, scopes: scopes)
    if let helper, !helper.extendsContainer || isStaticCall(call, of: helper) {
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
        return .visitChildren
      } else if let site = helpers.resolve(call, reader: self) {
        if let site = readingGenerics(site, at: call) { resolveSites.append(site) }
        return .visitChildren
      }
    }
    if let name = CallShape.calledName(call), ReceiverNames.verbs.contains(name) { unreadCandidates.append(call) }
    return .visitChildren
  }

  /// `true` when `call` is made on the type of `helper`, a static method of a library's
  /// container type that has no static method of the name.
  private func isStaticCall(_ call: FunctionCallExprSyntax, of helper: ContainerVocabulary.Helper) -> Bool {
    guard helper.isStatic, let owner = helper.owner else { return false }
    let ownerName = owner.split(separator: ".").last.map(String.init) ?? owner
    guard !dialects.contains(where: { $0.traits.staticContainerType == ownerName }) else { return false }
    let receiver = CallShape.receiver(call)
    return (receiver.split(separator: ".").last.map(String.init) ?? receiver) == ownerName
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

  /// Reads `call` as the library's own register or resolve, if it is one; `nil` when not.
  private func readLibrary(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind? {
    for reading in readers {
      let facts = reading.facts(of: call, reader: self)
      if !facts.isEmpty {
        record(facts, at: call)
        return .visitChildren
      }
    }
    // Only these calls read their receiver (whose text may be a whole chain of calls).
    guard let name = CallShape.calledName(call), ReceiverNames.verbs.contains(name) else { return nil }
    let (dialects, receiverType) = receiverReading(of: call)
    let readers = Self.readers(of: dialects).filter { $0.readsVerbsByReceiver }
    guard !readers.isEmpty else { return nil }
    if name == "resolve" {
      guard var site = readResolve(call, dialect: resolveDialect(call, among: readers)) else { return nil }
      site.receiverType = receiverType
      resolveSites.append(site)
      return .visitChildren
    }
    for reading in readers {
      if let read = reading.registration(call, name: name, reader: self) {
        var registration = readingGenerics(read, at: call)
        registration.receiverType = receiverType
        registrations.append(registration)
        noteDefinition(call)
        registrations += reading.alsoRegistered(by: registration, call: call, reader: self)
        return .visitChildren
      }
    }
    guard name == "register" else { return nil }
    for reading in readers where reading.addsKeys(call, reader: self) { return .visitChildren }
    return nil
  }

  override func visit(_ function: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    recordSlots(function.signature.parameterClause.parameters, callee: function.name.text)
    recordContainerFunction(function)
    if let body = function.body, let gate = RegistrationGates.gate(of: function, in: scopes.scope(of: function)) {
      gateBodies.append(
        (
          gate.name,
          body.positionAfterSkippingLeadingTrivia.utf8Offset..<body.endPositionBeforeTrailingTrivia.utf8Offset
        ))
    }
    return .visitChildren
  }

  override func visit(_ initializer: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let owner = scopes.scope(of: initializer).typeNames.first {
      recordSlots(initializer.signature.parameterClause.parameters, callee: owner)
    }
    return .visitChildren
  }

  override func visit(_ variable: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    recordSlots(ofProperty: variable)
    for reading in readers {
      let facts = reading.facts(of: variable, reader: self)
      if !facts.isEmpty {
        record(facts, at: variable)
        return .visitChildren
      }
    }
    if let helpers { resolveSites += helpers.wrapped(variable, reader: self) }
    if let inferred { resolveSites += inferred.wrapped(variable, reader: self) }
    recordContainerValue(variable)
    if dialects.contains(where: \.traits.tellsInstancesApart) { instances.record(variable) }
    return .visitChildren
  }

  /// Keeps what a ``DialectReading`` dialect read at `node`: the enclosing body names the
  /// container, and a generic parameter is no key.
  private func record(_ facts: [ContainerFact], at node: some SyntaxProtocol) {
    for fact in facts {
      switch fact {
      case .registration(let registration): registrations.append(readingGenerics(registration, at: node))
      case .site(let site): if let site = readingGenerics(site, at: node) { resolveSites.append(site) }
      }
    }
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // An operator's resolve outside a registration (SwinjectAutoregistration's `r ~> X.self`).
    for reading in readers where reading.resolvesInSequences {
      for site in reading.resolves(in: node, reader: self) where !consumed.contains(site.id) {
        var read = site.site
        read.lookupScope = scopes.scope(of: node).lexicalScope
        resolveSites.append(read)
      }
    }
    return .visitChildren
  }

  // MARK: Registrations

  /// Dip's definitions held in a variable (`let service = c.register { … }`), by name: the
  /// index of their registration, for a later `c.register(service, type: P.self)`.
  var definitions: [String: Int] = [:]

  func readRegistration(_ call: FunctionCallExprSyntax, name: String, dialects: [Dialect])
    -> ContainerRegistration?
  {
    for reading in Self.readers(of: dialects) where reading.readsVerbsByReceiver {
      if let registration = reading.registration(call, name: name, reader: self) {
        return readingGenerics(registration, at: call)
      }
    }
    return nil
  }

  /// The container of `registration`, completed with the file and the enclosing body (two
  /// test methods' `di.register` are on two containers), unless its dialect names its
  /// containers itself; and the gate it is written in (``RegistrationGate``).
  private func inItsContainer(_ registration: ContainerRegistration, at node: some SyntaxProtocol)
    -> ContainerRegistration
  {
    var registration = registration
    registration.gate = scopes.scope(of: node).gate
    registration.statement = statement(of: node)
    if registration.dialect.traits.tellsInstancesApart, let call = node.as(FunctionCallExprSyntax.self) {
      registration.instance = instances.reference(ofCall: call).flatMap { $0.isFactoryResolver ? nil : $0 }
      // What the factory resolves from the resolver it is given: the registration's container.
      let resolver = registration.instance.map { InstanceReference(candidates: $0.candidates, isFactoryResolver: true) }
      for index in registration.needs.indices where registration.needs[index].instance?.isFactoryResolver == true {
        registration.needs[index].instance = resolver
      }
      for index in registration.propertyNeeds.indices
      where registration.propertyNeeds[index].instance?.isFactoryResolver == true {
        registration.propertyNeeds[index].instance = resolver
      }
    }
    guard Self.reader(of: registration.dialect)?.namesItsContainers != true else { return registration }
    registration.scopeName = "\(range(node).file)|\(registration.scopeName)\(scopes.scope(of: node).body)"
    return registration
  }

  /// `register(T.self)` inside `func register<T>(…)`: the key is whatever a caller passes.
  /// Also places the registration in its container.
  func readingGenerics(_ registration: ContainerRegistration, at node: some SyntaxProtocol)
    -> ContainerRegistration
  {
    var registration = inItsContainer(registration, at: node)
    registration.lookupScope = scopes.scope(of: node).lexicalScope
    recordKey(of: node, named: registration.range)
    let generics = scopes.scope(of: node).generics
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
      if let inferred, let helper = inferred.helper(of: call, scopes: scopes), helper.role == .resolve {
        // As outside a factory: a helper extending the library's container yields to the
        // library's own reading of the call (`r.resolve(Store.self)!` beside an app's
        // `resolve(arguments:_:)`).
        if helper.extendsContainer, !isStaticCall(call, of: helper), names.contains(CallShape.calledName(call) ?? ""),
          let site = readResolve(call, dialect: dialect)
        {
          consumed.insert(call.id)
          sites.append(site)
          continue
        }
        consumed.insert(call.id)
        if let site = readingGenerics(inferred.resolve(call, helper: helper, reader: self), at: call) {
          sites.append(site)
        }
        continue
      }
      // A call no dialect reads is left to the walk, which finds it unread.
      guard names.contains(CallShape.calledName(call) ?? ""), let site = readResolve(call, dialect: dialect) else {
        continue
      }
      consumed.insert(call.id)
      sites.append(site)
    }
    if let reading = Self.reader(of: dialect), reading.resolvesInSequences {
      let sequences = SequenceFinder()
      sequences.walk(node)
      for sequence in sequences.sequences {
        for arrow in reading.resolves(in: sequence, reader: self) where !consumed.contains(arrow.id) {
          consumed.insert(arrow.id)
          var read = arrow.site
          read.lookupScope = scopes.scope(of: sequence).lexicalScope
          sites.append(read)
        }
      }
    }
    return sites
  }

  // MARK: Resolve sites

  /// The dialect of a resolve call outside a registration, among `readers` (those reading
  /// `resolve` by its receiver): one whose resolves pass `X.self` when the call does or no
  /// other can read it, else one that takes the type from the context.
  private func resolveDialect(_ call: FunctionCallExprSyntax, among readers: [any DialectReading.Type]) -> Dialect {
    let first = call.arguments.first
    let typeArgument = first?.label == nil && first.map { CallShape.metatype($0.expression) != nil } == true
    let byMetatype = readers.first { $0.dialect.traits.resolveType == .metatype }
    let byContext = readers.first { $0.dialect.traits.resolveType == .context }
    if let byMetatype, typeArgument || byContext == nil { return byMetatype.dialect }
    return (byContext ?? byMetatype ?? readers[0]).dialect
  }

  private func readResolve(_ call: FunctionCallExprSyntax, dialect: Dialect) -> ResolveSite? {
    Self.reader(of: dialect)?.need(call, reader: self).flatMap { readingGenerics($0, at: call) }
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

  /// `Store` for `Store`, `Store<Int>`, `Store.Kind`, `Store?`.
  static func head(of name: String) -> String {
    String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
  }
}
