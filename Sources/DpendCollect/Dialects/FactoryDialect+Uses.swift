import DpendModel
import SwiftSyntax

/// The places that use a Factory definition, each a resolve site whose key is the definition's:
/// the property wrappers `@Injected(\.x)`, `@Injected(\MyContainer.x)`, `@LazyInjected`,
/// `@WeakLazyInjected`, `@DynamicInjected`, `@InjectedObject`, `@InjectedObservable`; the calls
/// `Container.shared.x()`, `MyContainer.shared.x(argument)`, `Container.shared.x.resolve()`,
/// `resolve(\.x)`; and inside a container, `self.x()`, `self.x.resolve()` and `x()` (implicit
/// `self`, when `x` is a definition of the same declaration). `\.x` without a root is
/// `\Container.x`. A site's range is its key path (`\.x`) or the definition's name (`x` in
/// `Container.shared.x()`).
///
/// `X.shared.x()` is read only when `X` is a container: `Container`, a type whose name ends in
/// `Container`, or one the file declares as one (`class X: SharedContainer`, an extension of
/// `X` with definitions) — `UIApplication.shared.open(url)` is no use of a definition.
extension FactoryDialect {
  /// The property wrappers that resolve a definition by key path.
  static let wrappers: Set<String> = [
    "Injected", "LazyInjected", "WeakLazyInjected", "DynamicInjected", "InjectedObject", "InjectedObservable",
  ]
  /// The members of a container that are not definitions: `Container.shared.reset()`.
  static let containerMembers: Set<String> = [
    "reset", "register", "with", "decorator", "push", "pop", "promised", "resolve", "callAsFunction", "manager",
  ]

  /// The sites of a wrapped property (`@Injected(\.x) var x`); `nil` when no Factory wrapper
  /// with an argument is attached.
  static func wrappedSites(_ variable: VariableDeclSyntax, reader: ContainerReader) -> [ResolveSite]? {
    for attribute in variable.attributes {
      guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedDescription
      let parts = name.split(separator: ".").map(String.init)
      guard let last = parts.last, wrappers.contains(last),
        parts.count == 1 || ["Factory", "FactoryKit"].contains(parts[0]),
        case .argumentList(let arguments)? = attribute.arguments, let argument = arguments.first,
        argument.label == nil
      else { continue }
      var site = ResolveSite(
        dialect: .factory, type: nil, isRequired: true, range: reader.range(argument.expression),
        conditions: reader.conditions(of: variable))
      if let keyPath = argument.expression.as(KeyPathExprSyntax.self) {
        read(keyPath, into: &site)
      } else {
        site.unread = "the key path '\(argument.expression.trimmedDescription)' is not written at the wrapper"
      }
      return [site]
    }
    return nil
  }

  /// The use of a definition `call` makes, read as a resolve site; `nil` when it makes none.
  static func use(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    var callee = call.calledExpression
    // `resolve(\.x)`, `resolve(\MyContainer.x)`.
    if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "resolve" {
      guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
        let keyPath = argument.expression.as(KeyPathExprSyntax.self)
      else { return nil }
      var site = site(at: keyPath, call, reader: reader)
      read(keyPath, into: &site)
      return site
    }
    // `….x.resolve()` is `….x()`.
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "resolve",
      let base = member.base, base.is(MemberAccessExprSyntax.self)
    {
      callee = base
    }
    let name: TokenSyntax
    let root: String
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
      name = member.declName.baseName
      if let shared = base.as(MemberAccessExprSyntax.self), shared.declName.baseName.text == "shared",
        let type = shared.base, type.is(DeclReferenceExprSyntax.self) || type.is(MemberAccessExprSyntax.self)
      {
        // `Container.shared.x()`, `MyContainer.shared.x()`.
        let written = FactoryContainer.rootName(type.trimmedDescription)
        guard FactoryContainer.isContainer(written, around: call) else { return nil }
        root = written
      } else if isSelf(base), let container = FactoryContainer.enclosing(call), container.isContainer,
        !container.functions.contains(name.text)
      {
        // `self.x()`, `self?.x()` inside a container.
        root = container.root
      } else {
        return nil
      }
    } else if let reference = callee.as(DeclReferenceExprSyntax.self),
      reference.baseName.text.first?.isLowercase == true,
      let container = FactoryContainer.enclosing(call), container.definitions.contains(reference.baseName.text)
    {
      // `x()` with `self` implicit, `x` a definition of the same declaration.
      name = reference.baseName
      root = container.root
    } else {
      return nil
    }
    guard !containerMembers.contains(name.text), name.text.first?.isLowercase == true || name.text.first == "_" else {
      return nil
    }
    var site = site(at: name, call, reader: reader)
    site.type = .named(FactoryContainer.key(root, name.text))
    return site
  }

  private static func site(at node: some SyntaxProtocol, _ call: FunctionCallExprSyntax, reader: ContainerReader)
    -> ResolveSite
  {
    ResolveSite(
      dialect: .factory, type: nil, isRequired: true, range: reader.range(node), conditions: reader.conditions(of: call)
    )
  }

  /// Types `site` by the key path `\.x` or `\MyContainer.x`; anything longer is unread.
  private static func read(_ keyPath: KeyPathExprSyntax, into site: inout ResolveSite) {
    let root = keyPath.root.map { FactoryContainer.rootName($0.trimmedDescription) } ?? "Container"
    guard keyPath.components.count == 1, let component = keyPath.components.first,
      case .property(let property) = component.component, property.declName.argumentNames == nil
    else {
      site.unread = "the key path '\(keyPath.trimmedDescription)' does not name one definition"
      return
    }
    site.type = .named(FactoryContainer.key(root, property.declName.baseName.text))
  }

  /// `self`, or `self?` under `[weak self]`.
  private static func isSelf(_ expression: ExprSyntax) -> Bool {
    let inner = expression.as(OptionalChainingExprSyntax.self)?.expression ?? expression
    return inner.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
  }
}

/// The container type a declaration is written in, as the file shows it.
struct FactoryContainer {
  /// The type, qualified by the types it is nested in: `Container`, `Feature.Services`.
  var root: String
  /// `true` when it is one: `Container`, a class inheriting `SharedContainer` or
  /// `ManagedContainer`, a type whose name ends in `Container`, or a declaration holding a
  /// definition.
  var isContainer: Bool
  /// The names of its definitions in this declaration (properties of a factory type whose body
  /// is one of Factory's forms): `x()` with `self` implicit uses one.
  var definitions: Set<String>
  /// The names of its methods and of its properties of other types (a closure) in this
  /// declaration: `self.helper()` uses no definition.
  var functions: Set<String>

  /// `\Container.x`: the key of a definition.
  static func key(_ root: String, _ name: String) -> String { "\\\(root).\(name)" }

  /// `Container` for `Container`, `Factory.Container` or `FactoryKit.Container`; other names
  /// as written, without white space.
  static func rootName(_ written: String) -> String {
    let name = TypeText.normalize(written)
    for module in ["Factory.", "FactoryKit."] where name.hasPrefix(module) {
      return String(name.dropFirst(module.count))
    }
    return name
  }

  /// The container declaration nearest around `node` (an extension or a class); `nil` when
  /// the nearest type declaration is another kind, or there is none.
  static func enclosing(_ node: some SyntaxProtocol) -> FactoryContainer? {
    var current = Syntax(node).parent
    while let parent = current {
      if let extensionDecl = parent.as(ExtensionDeclSyntax.self) {
        let root = rootName(extensionDecl.extendedType.trimmedDescription)
        return FactoryContainer(root: root, members: extensionDecl.memberBlock, inherited: false)
      }
      if let classDecl = parent.as(ClassDeclSyntax.self) {
        let inherited =
          classDecl.inheritanceClause?.inheritedTypes.contains {
            ["SharedContainer", "ManagedContainer"].contains(rootName($0.type.trimmedDescription))
          } ?? false
        return FactoryContainer(
          root: qualifiedName(classDecl.name.text, around: classDecl), members: classDecl.memberBlock,
          inherited: inherited)
      }
      if parent.is(StructDeclSyntax.self) || parent.is(EnumDeclSyntax.self) || parent.is(ActorDeclSyntax.self)
        || parent.is(ProtocolDeclSyntax.self)
      {
        return nil
      }
      current = parent.parent
    }
    return nil
  }

  private init(root: String, members: MemberBlockSyntax, inherited: Bool) {
    self.root = root
    var definitions: Set<String> = []
    var functions: Set<String> = []
    for member in members.members {
      if let function = member.decl.as(FunctionDeclSyntax.self) { functions.insert(function.name.text) }
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
        guard let type = binding.typeAnnotation?.type, FactoryDialect.producedType(type) != nil else {
          functions.insert(name)
          continue
        }
        if let accessors = binding.accessorBlock,
          FactoryDialect.getterExpression(accessors).flatMap(FactoryDialect.coreCall) != nil
        {
          definitions.insert(name)
        }
      }
    }
    self.definitions = definitions
    self.functions = functions
    self.isContainer = inherited || !definitions.isEmpty || Self.isContainerName(root)
  }

  /// `Outer.Inner` for a type `Inner` declared in `Outer` (or in an extension of it).
  private static func qualifiedName(_ name: String, around node: some SyntaxProtocol) -> String {
    var names = [name]
    var current = Syntax(node).parent
    while let parent = current {
      if let type = parent.asProtocol(NamedDeclSyntax.self),
        parent.is(ClassDeclSyntax.self)
          || parent.is(StructDeclSyntax.self) || parent.is(EnumDeclSyntax.self) || parent.is(ActorDeclSyntax.self)
      {
        names.insert(type.name.text, at: 0)
      } else if let extensionDecl = parent.as(ExtensionDeclSyntax.self) {
        names.insert(rootName(extensionDecl.extendedType.trimmedDescription), at: 0)
      }
      current = parent.parent
    }
    return names.joined(separator: ".")
  }

  private static func isContainerName(_ name: String) -> Bool {
    name == "Container" || name.split(separator: ".").last?.hasSuffix("Container") == true
  }

  /// `true` when `X` in `X.shared.x()` is a container: by its name, or declared as one in the
  /// file of `node` (a class inheriting `SharedContainer`, an extension with definitions).
  static func isContainer(_ name: String, around node: some SyntaxProtocol) -> Bool {
    if isContainerName(name) { return true }
    guard let file = Syntax(node).root.as(SourceFileSyntax.self) else { return false }
    for statement in file.statements {
      if let classDecl = statement.item.as(ClassDeclSyntax.self), classDecl.name.text == name {
        return FactoryContainer(
          root: name, members: classDecl.memberBlock,
          inherited: classDecl.inheritanceClause?.inheritedTypes.contains {
            ["SharedContainer", "ManagedContainer"].contains(rootName($0.type.trimmedDescription))
          } ?? false
        ).isContainer
      }
      if let extensionDecl = statement.item.as(ExtensionDeclSyntax.self),
        rootName(extensionDecl.extendedType.trimmedDescription) == name,
        FactoryContainer(root: name, members: extensionDecl.memberBlock, inherited: false).isContainer
      {
        return true
      }
    }
    return false
  }
}
