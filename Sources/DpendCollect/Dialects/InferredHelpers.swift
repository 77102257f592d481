import DpendModel
import SwiftSyntax

/// The part of the workspace's ``ContainerVocabulary`` one file mentions, and how its calls
/// read (SPEC 8.1, 8.2): a helper's call is read like the library call it forwards to — its
/// key from the argument at the helper's `T.Type` parameter or from the context, its name from
/// the argument the helper forwards as the name, its factory from its closure — and a call on
/// a container value like that library's, whatever the file imports.
struct InferredHelpers {
  private let helpers: [String: [ContainerVocabulary.Helper]]
  private let wrappers: [String: ContainerVocabulary.Helper]
  /// The container values the file names, with their dialects.
  let containerValues: [String: Dialect]
  /// The closure parameters that receive a container, by the callee the file names.
  let slots: [String: [ContainerSlot]]
  /// The container aliases the file writes whose name is not the library's own type name
  /// (`typealias DI = Swinject.Container`), with their dialects.
  let containerAliases: [String: Dialect]

  /// The vocabulary's words `source` mentions, but for the helpers `settings` name (the
  /// app's own reading of them overrides the inferred one); `nil` when it mentions none.
  init?(_ settings: CollectionSettings, source: String?, dialects: [Dialect]) {
    let vocabulary = settings.vocabulary
    guard !vocabulary.isEmpty else { return nil }
    let mentioned = { (word: String) in source.map { TextSearch.contains($0, word) } ?? true }
    let lastComponent = { (name: String) in name.split(separator: ".").last.map(String.init) ?? name }
    let configured = Set(
      (settings.registerFunctions + settings.resolveFunctions + settings.injectWrappers).map(lastComponent))
    var helpers: [String: [ContainerVocabulary.Helper]] = [:]
    var wrappers: [String: ContainerVocabulary.Helper] = [:]
    for helper in vocabulary.helpers where mentioned(helper.name) && !configured.contains(helper.name) {
      if helper.role == .wrapper {
        wrappers[helper.name] = wrappers[helper.name] ?? helper
      } else {
        helpers[helper.name, default: []].append(helper)
      }
    }
    self.helpers = helpers
    self.wrappers = wrappers
    // A value of a container the file's imports select is read as the library's anyway.
    containerValues = vocabulary.containerValues.filter { !dialects.contains($0.value) && mentioned($0.key) }
    slots = Dictionary(
      grouping: vocabulary.slots.filter { !dialects.contains($0.dialect) && mentioned($0.callee) }, by: \.callee)
    containerAliases = vocabulary.containerAliases.filter { name, dialect in
      dialects.contains(dialect) && ContainerVocabulary.containerTypes[dialect]?.contains(name) != true
        && source.map { TextSearch.containsWord($0, name) } ?? true
    }
    guard
      !helpers.isEmpty || !wrappers.isEmpty || !containerValues.isEmpty || !slots.isEmpty
        || !containerAliases.isEmpty
    else { return nil }
  }

  /// The names of the resolve helpers, for finding a factory's needs.
  var resolveNames: Set<String> {
    Set(helpers.values.joined().filter { $0.role == .resolve }.map(\.name))
  }

  /// `true` when the declaration of `generic` enclosing `node` is one of the helpers (a
  /// function of a helper's name, or a wrapper type): a call there forwards the key. With no
  /// `generic`, the innermost generic declaration enclosing `node` counts.
  func declaresHelper(around node: some SyntaxProtocol, generic: String? = nil) -> Bool {
    func declares(_ clause: GenericParameterClauseSyntax?) -> Bool {
      guard let clause else { return false }
      return generic.map { name in clause.parameters.contains { $0.name.text == name } } ?? true
    }
    var current = Syntax(node).parent
    while let parent = current {
      if let function = parent.as(FunctionDeclSyntax.self), declares(function.genericParameterClause) {
        return helpers[function.name.text] != nil
      }
      if let type = parent.asProtocol(NamedDeclSyntax.self), parent.asProtocol(DeclGroupSyntax.self) != nil {
        let clause =
          parent.as(StructDeclSyntax.self)?.genericParameterClause
          ?? parent.as(ClassDeclSyntax.self)?.genericParameterClause
        if declares(clause) {
          return wrappers[type.name.text] != nil
        }
      }
      current = parent.parent
    }
    return false
  }

  // MARK: Matching calls

  /// The helper `call` calls, if it is one: same name, its arguments fitting the helper's
  /// parameters, a type passed where the helper takes its `T.Type`, and, for a static
  /// method, its type (or nothing, inside it) as the receiver.
  func helper(of call: FunctionCallExprSyntax, scopes: EnclosingScopes) -> ContainerVocabulary.Helper? {
    guard let name = CallShape.calledName(call), let candidates = helpers[name] else { return nil }
    let receiver = CallShape.receiver(call)
    let labels = call.arguments.map { $0.label?.text }
    return candidates.first { helper in
      guard Self.fits(labels, trailingClosure: call.trailingClosure != nil, parameters: helper.labels) else {
        return false
      }
      if let position = helper.keyPosition {
        guard let index = Self.argumentIndex(for: position, labels: labels, parameters: helper.labels),
          CallShape.metatype(
            call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: index)].expression)
            != nil
        else { return false }
      }
      guard let owner = helper.owner else { return receiver.isEmpty }
      let ownerName = owner.split(separator: ".").last.map(String.init) ?? owner
      if helper.isStatic {
        if receiver.isEmpty || receiver == "Self" || receiver == "self" {
          return scopes.scope(of: call).typeNames.contains(ownerName)
        }
        let last = receiver.split(separator: ".").last.map(String.init) ?? receiver
        return last == ownerName
      }
      // An instance method: any receiver (a wrapper object's property, the container), or
      // none inside its type.
      return !receiver.isEmpty || scopes.scope(of: call).typeNames.contains(ownerName)
    }
  }

  /// `true` when call labels `labels` can be those of a function with parameter labels
  /// `parameters`, parameters with defaults left out: each label matches a later parameter's.
  private static func fits(_ labels: [String?], trailingClosure: Bool, parameters: [String?]) -> Bool {
    var next = 0
    for label in labels {
      guard let found = parameters[next...].firstIndex(where: { $0 == label }) else { return false }
      next = found + 1
    }
    return !trailingClosure || next < parameters.count || labels.count < parameters.count
  }

  /// The index of the argument passed for parameter `position`, matching labels in order.
  private static func argumentIndex(for position: Int, labels: [String?], parameters: [String?]) -> Int? {
    var next = 0
    for (index, label) in labels.enumerated() {
      guard let found = parameters[next...].firstIndex(where: { $0 == label }) else { return nil }
      if found == position { return index }
      next = found + 1
    }
    return nil
  }

  /// The argument `helper` takes its key from.
  private static func keyArgument(_ call: FunctionCallExprSyntax, _ helper: ContainerVocabulary.Helper)
    -> LabeledExprSyntax?
  {
    guard let position = helper.keyPosition else { return nil }
    let labels = call.arguments.map { $0.label?.text }
    guard let index = argumentIndex(for: position, labels: labels, parameters: helper.labels) else { return nil }
    return call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: index)]
  }

  // MARK: Reading calls

  /// A register helper's call: the key from its `T.Type` argument, the factory from its closure.
  func registration(_ call: FunctionCallExprSyntax, helper: ContainerVocabulary.Helper, reader: ContainerReader)
    -> ContainerRegistration
  {
    let keyArgument = Self.keyArgument(call, helper)
    let type = keyArgument.flatMap { CallShape.metatype($0.expression) }
    var registration = ContainerRegistration(
      dialect: helper.dialect, types: type.map { [$0] } ?? [], range: reader.nameRange(call),
      conditions: reader.conditions(of: call), scopeName: CallShape.receiver(call))
    registration.scope = helper.scope
    registration.typeRange = keyArgument.flatMap { CallShape.metatypeBase($0.expression) }.map { reader.range($0) }
    if type == nil { registration.unread = "the registered type is not written as 'T.self'" }
    if let nameLabel = helper.nameLabel {
      registration.readName(CallShape.argument(call, nameLabel)?.expression, called: "name")
    }
    let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) } + [call.trailingClosure]
    if let closure = closures.compactMap({ $0 }).first {
      registration.needs = reader.needs(in: closure.statements, dialect: helper.dialect)
      registration.constructedType = ExpressionType.made(by: closure)
      if let arguments = ContainerReader.reader(of: helper.dialect)?.runtimeArguments(of: closure) {
        registration.argumentCount = arguments.count
        registration.argumentTypes = arguments.types
      }
    }
    for (chainedName, chained) in CallShape.chained(after: call) where chainedName == "inObjectScope" {
      registration.scope =
        chained.arguments.first.flatMap { CallShape.literal($0.expression) }.map { String($0.drop { $0 == "." }) }
        ?? registration.scope
    }
    return registration
  }

  /// A resolve helper's call: the key from its `T.Type` argument or its context; required
  /// when the helper traps, else as its context says.
  func resolve(_ call: FunctionCallExprSyntax, helper: ContainerVocabulary.Helper, reader: ContainerReader)
    -> ResolveSite
  {
    let context = ResolveContext(of: call)
    let written = Self.keyArgument(call, helper).flatMap { CallShape.metatype($0.expression) }
    var site = ResolveSite(
      dialect: helper.dialect, type: written.map(ResolvedType.named) ?? context.type,
      isRequired: !helper.isOptional ? true : context.isForced && !context.isOptional,
      conditionalCast: context.conditionalCast, range: reader.nameRange(call), conditions: reader.conditions(of: call))
    if site.type == nil { site.unread = context.unread ?? "the resolved type is inferred from the context" }
    site.argumentCount = helper.runtimeArguments
    if let nameLabel = helper.nameLabel {
      site.readName(CallShape.argument(call, nameLabel)?.expression, called: "name")
    }
    return site
  }

  // MARK: Wrappers

  /// `@Inject var store: Store` with an inferred inject wrapper: a resolve of `Store` when
  /// the owner is made, required unless the property or the wrapper's value is optional.
  func wrapped(_ variable: VariableDeclSyntax, reader: ContainerReader) -> [ResolveSite] {
    guard !wrappers.isEmpty else { return [] }
    for element in variable.attributes {
      guard let attribute = element.as(AttributeSyntax.self) else { continue }
      let written = attribute.attributeName.trimmedDescription
      let base = String(written.prefix { $0 != "<" })
      guard let wrapper = wrappers[String(base.split(separator: ".").last ?? Substring(base))] else { continue }
      return variable.bindings.map { binding in
        site(of: binding, attribute: attribute, wrapper: wrapper, variable: variable, reader: reader)
      }
    }
    return []
  }

  private func site(
    of binding: PatternBindingSyntax, attribute: AttributeSyntax, wrapper: ContainerVocabulary.Helper,
    variable: VariableDeclSyntax, reader: ContainerReader
  ) -> ResolveSite {
    var site = ResolveSite.wrapped(
      binding, of: variable, dialect: wrapper.dialect, optional: wrapper.isOptional, reader: reader)
    guard site.unread == nil else { return site }
    if case .argumentList(let arguments)? = attribute.arguments, let first = arguments.first {
      if let nameLabel = wrapper.nameLabel, let name = CallShape.argument(arguments, nameLabel) {
        site.readName(name.expression, called: "name")
      } else if let key = arguments.lazy.compactMap({ CallShape.metatype($0.expression) }).first {
        site.type = .named(key)
      } else {
        site.type = nil
        site.unread = "the wrapper's argument '\(first.trimmedDescription)' is not read"
      }
    }
    return site
  }
}
