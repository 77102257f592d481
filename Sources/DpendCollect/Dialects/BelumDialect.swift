import DpendModel
import SwiftSyntax

/// Belum (terhechte/belum): a key-path container. `Belum(Deps())` holds a struct of optional
/// members; `belum.setup { registrar in registrar.register({ Chat($0) }, for: \.chat,
/// dependencies: \.home, \.settings) }` registers the factory of `chat`, which may read `home`
/// and `settings`; `belum.chat` reads a member through `@dynamicMemberLookup`.
///
/// **Keys** are the key paths, written with their root: `\Deps.chat`. The root is the one the
/// key path writes, else the members type of the registrar (`Belum<Deps>.Registrar` on a
/// closure or function parameter, or the `belum` whose `setup` the closure is passed to,
/// declared in the file as `Belum(Deps())`, `Belum<Deps>(…)` or `: Belum<Deps>`), else the one
/// struct of the file declaring a property of that name; else the registration is unread. The
/// registration provides the property's type (``ContainerRegistration/providedType``) when the
/// struct is declared in the file.
///
/// **Needs** are the `dependencies:` key paths. A member with a default value needs no
/// registration: such a property of a members struct is a registration of its own (scope
/// `default value`). When the members struct is declared in another file, dpend cannot see
/// defaults, so each need not registered in the file gets an unread registration that may
/// answer it: no false `missing-dependency`.
///
/// **Resolve sites** are `belum.x` reads (a binding's value, or a call's receiver) on a
/// `belum` declared in the file whose members struct is declared there too; required unless
/// the property is a `T?`. Other reads (`dependencies.x` in a module) are not read.
enum BelumDialect: DialectReading {
  static let dialect = Dialect.belum

  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] {
    if CallShape.calledName(call) == "register", let facts = registration(call, reader: reader) {
      return facts
    }
    // `belum.chat.open()`, `belum.chat?.open()`.
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), var base = member.base else {
      return []
    }
    if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
    if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
    return read(base, reader: reader).map { [.site($0)] } ?? []
  }

  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] {
    if let defaults = defaultRegistrations(variable, reader: reader), !defaults.isEmpty {
      return defaults.map(ContainerFact.registration)
    }
    return variable.bindings.compactMap { binding in
      binding.initializer.flatMap { read($0.value, reader: reader) }.map(ContainerFact.site)
    }
  }

  // MARK: Registrations

  /// `registrar.register(factory, for: \.key, dependencies: \.a, \.b)`, then the unread
  /// registrations that may answer its needs (see the type's documentation); `nil` when the
  /// call has not that shape.
  private static func registration(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact]? {
    let arguments = Array(call.arguments)
    guard call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil, call.trailingClosure == nil,
      arguments.count >= 2, arguments[0].label == nil, arguments[1].label?.text == "for",
      arguments.count == 2 || arguments[2].label?.text == "dependencies",
      arguments.dropFirst(3).allSatisfy({ $0.label == nil })
    else { return nil }
    let root = membersType(ofRegistrar: call, reader: reader)
    var registration = ContainerRegistration(
      dialect: .belum, types: [], range: reader.nameRange(call), conditions: reader.conditions(of: call))
    if let closure = arguments[0].expression.as(ClosureExprSyntax.self) {
      registration.constructedType = ExpressionType.made(by: closure)
    }
    guard let (written, property) = keyPath(arguments[1].expression) else {
      registration.unread = "the key '\(arguments[1].expression.trimmedDescription)' is not a key path to a member"
      return [.registration(registration)]
    }
    let file = Syntax(call).root
    guard let members = written ?? root ?? MembersStruct.declaring(property, in: file)?.name else {
      registration.unread = "the key path's root is not written and the registrar's members type was not found"
      return [.registration(registration)]
    }
    let structure = MembersStruct.named(members, in: file)
    registration.types = ["\\\(members).\(property)"]
    registration.providedType = structure?.properties[property]?.type
    var phantoms: [ContainerRegistration] = []
    for argument in arguments.dropFirst(2) {
      guard let (needRoot, needed) = keyPath(argument.expression) else {
        registration.needs.append(
          ResolveSite(
            dialect: .belum, type: nil, isRequired: true, range: reader.range(argument.expression),
            unread: "'\(argument.expression.trimmedDescription)' is not a key path to a member",
            conditions: registration.conditions))
        continue
      }
      let key = "\\\(needRoot ?? members).\(needed)"
      registration.needs.append(
        ResolveSite(
          dialect: .belum, type: .named(key), isRequired: true, range: reader.range(argument.expression),
          conditions: registration.conditions))
      // The struct elsewhere: its default values are unknown.
      if MembersStruct.named(needRoot ?? members, in: file) == nil, !phantoms.contains(where: { $0.types == [key] }) {
        var phantom = ContainerRegistration(
          dialect: .belum, types: [key], range: reader.range(argument.expression),
          unread: "'\(needRoot ?? members)' is declared in another file: '\(key)' may have a default value",
          conditions: registration.conditions)
        phantom.scopeName = "belum-default"
        phantoms.append(phantom)
      }
    }
    return ([registration] + phantoms).map(ContainerFact.registration)
  }

  /// `var clock: Clock = SystemClock()` in a members struct of the file: the registration of
  /// `\Deps.clock` its default value makes; `nil` for any other declaration.
  private static func defaultRegistrations(_ variable: VariableDeclSyntax, reader: ContainerReader)
    -> [ContainerRegistration]?
  {
    guard variable.bindingSpecifier.tokenKind == .keyword(.var),
      let owner = variable.parent?.parent?.parent?.parent?.as(StructDeclSyntax.self),
      variable.bindings.contains(where: { $0.initializer != nil }),
      MembersStruct.isMembersType(owner.name.text, in: Syntax(variable).root)
    else { return nil }
    return variable.bindings.compactMap { binding in
      guard binding.initializer != nil, binding.accessorBlock == nil,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      else { return nil }
      var registration = ContainerRegistration(
        dialect: .belum, types: ["\\\(owner.name.text).\(name)"], scope: "default value",
        range: reader.range(binding.pattern), conditions: reader.conditions(of: variable),
        scopeName: "belum-default")
      registration.providedType = binding.typeAnnotation.map { TypeText.normalize($0.type.trimmedDescription) }
      return registration
    }
  }

  // MARK: Reads

  /// `belum.chat` on a `belum` of the file whose members struct, declared in the file too,
  /// has the property `chat`.
  private static func read(_ expression: ExprSyntax, reader: ContainerReader) -> ResolveSite? {
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let variable = base.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? base.as(MemberAccessExprSyntax.self).flatMap({
          $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil
        }),
      let root = membersType(ofVariable: variable, in: Syntax(expression).root),
      let property = MembersStruct.named(root, in: Syntax(expression).root)?.properties[member.declName.baseName.text]
    else { return nil }
    return ResolveSite(
      dialect: .belum, type: .named("\\\(root).\(member.declName.baseName.text)"),
      isRequired: !property.type.hasSuffix("?"), range: reader.range(member.declName),
      conditions: reader.conditions(of: expression))
  }

  // MARK: Key paths and members types

  /// `(nil, "chat")` for `\.chat`, `("Deps", "chat")` for `\Deps.chat`; `nil` for anything
  /// else (a key path of several components, a computed key).
  static func keyPath(_ expression: ExprSyntax) -> (root: String?, property: String)? {
    guard let path = expression.as(KeyPathExprSyntax.self), path.components.count == 1,
      case .property(let property)? = path.components.first?.component
    else { return nil }
    return (path.root.map { TypeText.normalize($0.trimmedDescription) }, property.declName.baseName.text)
  }

  /// The members type of the registrar `register` is called on: from its declaration as a
  /// closure or function parameter (`Belum<Deps>.Registrar`), or from the `belum` whose
  /// `setup` the closure declaring it is passed to.
  private static func membersType(ofRegistrar call: FunctionCallExprSyntax, reader: ContainerReader) -> String? {
    guard let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else {
      return nil
    }
    var current = Syntax(call).parent
    while let parent = current {
      if let closure = parent.as(ClosureExprSyntax.self), let found = closureDeclares(receiver, closure) {
        if let type = found { return membersType(in: type) }
        // `belum.setup { registrar in … }`: the members type of `belum`.
        let setup =
          closure.parent?.as(FunctionCallExprSyntax.self)
          ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let setup, CallShape.calledName(setup) == "setup",
          let owner = setup.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return nil }
        let name =
          owner.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text } ?? owner.trimmedDescription
        return membersType(ofVariable: name, in: Syntax(call).root)
      }
      if let function = parent.as(FunctionDeclSyntax.self) {
        let parameter = function.signature.parameterClause.parameters.first {
          ($0.secondName ?? $0.firstName).text == receiver
        }
        return parameter.flatMap { membersType(in: $0.type) }
      }
      current = parent.parent
    }
    return nil
  }

  /// `.some(type)` when `closure` declares parameter `name` with a type, `.some(nil)` without
  /// one (or `$0` for the first); `nil` when it does not declare it.
  private static func closureDeclares(_ name: String, _ closure: ClosureExprSyntax) -> TypeSyntax?? {
    switch closure.signature?.parameterClause {
    case .simpleInput(let names)?:
      return names.contains { $0.name.text == name } ? .some(nil) : nil
    case .parameterClause(let clause)?:
      guard let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else {
        return nil
      }
      return .some(parameter.type)
    case nil:
      return name == "$0" ? .some(nil) : nil
    }
  }

  /// `Deps` for a type `Belum<Deps>`, `Belum<Deps>.Registrar`.
  static func membersType(in type: some SyntaxProtocol) -> String? {
    let finder = GenericUseFinder { $0 == "Belum" }
    finder.walk(type)
    return finder.arguments.first
  }

  /// The members type of the variable `name` as the file declares it: `: Belum<Deps>`,
  /// `= Belum(Deps())`, `= Belum<Deps>(…)`; `nil` unless exactly one declaration says.
  static func membersType(ofVariable name: String, in file: Syntax) -> String? {
    let finder = BindingFinder(name: name)
    finder.walk(file)
    let types = Set(
      finder.bindings.compactMap { binding -> String? in
        if let annotation = binding.typeAnnotation { return membersType(in: annotation.type) }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
        if let generic = membersType(in: call.calledExpression) { return generic }
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Belum",
          let made = call.arguments.first?.expression.as(FunctionCallExprSyntax.self)
        else { return nil }
        return CallShape.constructedType(made).map(TypeText.normalize)
      })
    return types.count == 1 ? types.first : nil
  }
}

/// Finds the first generic argument of each use of some generic types (`Belum<Deps>`), in
/// types and in expressions.
final class GenericUseFinder: SyntaxVisitor {
  let matches: (String) -> Bool
  private(set) var arguments: [String] = []

  init(matching matches: @escaping (String) -> Bool) {
    self.matches = matches
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    if matches(node.name.text), let first = node.genericArgumentClause?.arguments.first {
      arguments.append(TypeText.normalize(first.argument.trimmedDescription))
    }
    return .visitChildren
  }

  override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
    if let reference = node.expression.as(DeclReferenceExprSyntax.self), matches(reference.baseName.text),
      let first = node.genericArgumentClause.arguments.first
    {
      arguments.append(TypeText.normalize(first.argument.trimmedDescription))
    }
    return .visitChildren
  }
}

/// Finds the pattern bindings declaring a name, anywhere in a file.
final class BindingFinder: SyntaxVisitor {
  let name: String
  private(set) var bindings: [PatternBindingSyntax] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    if node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { bindings.append(node) }
    return .visitChildren
  }
}
