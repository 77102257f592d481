import DpendModel
import SwiftSyntax

/// An app's own locator, named in `.dpend.json` (SPEC 7.4): register functions
/// (`Locator.register(P.self, instance: Impl())`, keyed by the first `X.self`), resolve
/// functions (`func inject<T>() -> T`, typed by an `X.self` argument or the context) and
/// property wrappers (`@Inject var store: Store`, keyed by the declared type). Its facts are
/// of dialect ``Dialect/locator``, which any container's facts may answer.
struct AppHelpers {
  /// A function name as configured: `register`, or `Locator.register` (the receiver's text
  /// must then end with `Locator`).
  private struct Name {
    var qualifier: Substring?
    var name: Substring

    init(_ text: String) {
      if let dot = text.lastIndex(of: ".") {
        qualifier = text[..<dot]
        name = text[text.index(after: dot)...]
      } else {
        name = Substring(text)
      }
    }

    func matches(_ call: FunctionCallExprSyntax) -> Bool {
      guard CallShape.calledName(call).map({ $0 == name }) == true else { return false }
      guard let qualifier else { return true }
      let receiver = CallShape.receiver(call)
      if receiver.isEmpty || receiver == "self" || receiver == "Self" {
        // `register(…)` inside `Locator` itself.
        return AppHelpers.enclosingTypeName(of: call).map { qualifier.hasSuffix($0) } ?? false
      }
      return receiver == qualifier || receiver.hasSuffix("." + qualifier) || receiver.hasPrefix(qualifier + ".")
    }
  }

  private let registerFunctions: [Name]
  private let resolveFunctions: [Name]
  private let injectWrappers: Set<String>

  /// The helpers `settings` name that `source` may use; `nil` when none can appear in it
  /// (its text never spells their names), so the file is not walked for them.
  init?(_ settings: CollectionSettings, source: String?) {
    guard settings.namesHelpers else { return nil }
    let mentioned = { (name: Substring) in source.map { TextSearch.contains($0, name) } ?? true }
    registerFunctions = settings.registerFunctions.map(Name.init).filter { mentioned($0.name) }
    resolveFunctions = settings.resolveFunctions.map(Name.init).filter { mentioned($0.name) }
    injectWrappers = Set(settings.injectWrappers.filter { mentioned(Substring("@" + $0)) })
    guard !registerFunctions.isEmpty || !resolveFunctions.isEmpty || !injectWrappers.isEmpty else { return nil }
  }

  // MARK: Register functions

  /// `Locator.register(P.self, instance: Impl())`, `register(P.self) { Impl(a: inject()) }`.
  func registration(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ContainerRegistration? {
    guard registerFunctions.contains(where: { $0.matches(call) }) else { return nil }
    var registration = ContainerRegistration(
      dialect: .locator, types: [], range: reader.nameRange(call), conditions: reader.conditions(of: call),
      scopeName: CallShape.receiver(call))
    let written = call.arguments.lazy.compactMap { CallShape.metatype($0.expression) }.first
    let generics = reader.scopes.scope(of: call).generics
    if written.map({ generics.contains(ContainerReader.head(of: $0)) }) ?? true, isRegisterFunction(around: call) {
      // The register function's own generic body forwarding to the storage (`register(type,
      // instance:)` in `func register<T>`): its callers are read.
      registration.isForwarded = true
      return registration
    }
    // A call of that name with neither a type nor a factory is another overload
    // (`register(dependencyRegisterer: di)`, `server.register(methodHandler:)`): not read.
    let hasType = written != nil
    let hasFactory = call.trailingClosure != nil || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
    guard hasType || hasFactory else { return nil }
    if let type = written {
      registration.types = [type]
    } else {
      registration.unread = "the registered type is not written as 'X.self'"
    }
    registration.readName(
      (CallShape.argument(call, "name") ?? CallShape.argument(call, "tag"))?.expression, called: "name")
    for argument in call.arguments {
      registration.needs += reader.helperNeeds(in: argument.expression)
    }
    // What the factory or instance makes: `{ SystemClock() }`, `instance: SystemClock()`.
    let closureArgument = call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
    if let closure = call.trailingClosure ?? closureArgument {
      registration.constructedType = ExpressionType.made(by: closure)
    } else if let instance = call.arguments.last?.expression {
      registration.constructedType = ExpressionType.constructed(instance)
    }
    if let closure = call.trailingClosure { registration.needs += reader.helperNeeds(in: closure) }
    return registration
  }

  /// `true` when `node` is inside the declaration of one of the named register functions
  /// (`static func register<T>(…)` in `enum Locator`, for `Locator.register`).
  func isRegisterFunction(around node: some SyntaxProtocol) -> Bool {
    var current = Syntax(node).parent
    while let parent = current {
      if let function = parent.as(FunctionDeclSyntax.self) {
        let owner = Self.enclosingTypeName(of: function)
        return registerFunctions.contains { name in
          name.name == function.name.text && (name.qualifier.map { $0.hasSuffix(owner ?? "\u{0}") } ?? true)
        }
      }
      current = parent.parent
    }
    return false
  }

  fileprivate static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
    var current = Syntax(node).parent
    while let parent = current {
      if let named = parent.asProtocol(NamedDeclSyntax.self), !parent.is(FunctionDeclSyntax.self) {
        return named.name.text
      }
      if let extended = parent.as(ExtensionDeclSyntax.self) { return extended.extendedType.trimmedDescription }
      current = parent.parent
    }
    return nil
  }

  // MARK: Resolve functions

  /// `inject()`, `Locator.resolve(P.self)`, `let store: Store = inject()`.
  func resolve(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    guard resolveFunctions.contains(where: { $0.matches(call) }) else { return nil }
    // A helper's own declaration (`func inject<T>() -> T { … }`) calls nothing named so.
    let context = ResolveContext(of: call)
    var site = ResolveSite(
      dialect: .locator, type: context.type, isRequired: !context.isOptional,
      conditionalCast: context.conditionalCast, range: reader.nameRange(call), conditions: reader.conditions(of: call))
    if let written = call.arguments.lazy.compactMap({ CallShape.metatype($0.expression) }).first {
      site.type = .named(written)
    }
    if site.type == nil { site.unread = context.unread ?? "the resolved type is inferred from the context" }
    site.readName((CallShape.argument(call, "name") ?? CallShape.argument(call, "tag"))?.expression, called: "name")
    return site
  }

  // MARK: Property wrappers

  /// `@Inject var store: Store` (required), `@Inject var store: Store?` (optional).
  func wrapped(_ variable: VariableDeclSyntax, reader: ContainerReader) -> [ResolveSite] {
    guard
      let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
        injectWrappers.contains(Self.lastComponent($0.attributeName.trimmedDescription))
      })
    else { return [] }
    var sites: [ResolveSite] = []
    for binding in variable.bindings {
      var site = ResolveSite.wrapped(binding, of: variable, dialect: .locator, reader: reader)
      guard site.unread == nil else {
        sites.append(site)
        continue
      }
      if case .argumentList(let arguments)? = attribute.arguments {
        let name = arguments.first { ["name", "tag"].contains($0.label?.text) }
        site.readName(name?.expression, called: "name")
        // `@Inject(as: Store.self) var store: StoreImpl`: the key is the type passed.
        if let key = arguments.lazy.compactMap({ CallShape.metatype($0.expression) }).first {
          site.type = .named(key)
        } else if name == nil, let other = arguments.first {
          site.type = nil
          site.unread = "the wrapper's argument '\(other.trimmedDescription)' is not read"
        }
      }
      sites.append(site)
    }
    return sites
  }

  private static func lastComponent(_ name: String) -> String {
    let base = name.prefix { $0 != "<" }
    return String(base.split(separator: ".").last ?? base)
  }
}

extension ResolveSite {
  /// A property a wrapper resolves by its declared type: `@Inject var store: Store` (required)
  /// or `var store: Store?` (optional; `Store!` is required), or unread when it declares no
  /// type.
  static func wrapped(
    _ binding: PatternBindingSyntax, of variable: VariableDeclSyntax, dialect: Dialect, optional: Bool = false,
    reader: ContainerReader
  ) -> ResolveSite {
    guard let annotation = binding.typeAnnotation?.type else {
      return ResolveSite(
        dialect: dialect, type: nil, isRequired: true, range: reader.range(binding.pattern),
        unread: "the wrapped property declares no type", conditions: reader.conditions(of: variable))
    }
    var written = TypeText.normalize(annotation.trimmedDescription)
    var required = !optional
    if written.hasSuffix("?") {
      written.removeLast()
      required = false
    } else if written.hasSuffix("!") {
      written.removeLast()
    }
    return ResolveSite(
      dialect: dialect, type: .named(written), isRequired: required, range: reader.range(annotation),
      conditions: reader.conditions(of: variable))
  }
}
