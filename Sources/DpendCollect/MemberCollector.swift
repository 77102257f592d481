import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// Reads the members of one type or extension body: initializers, instance methods and
/// the stored properties behind a struct's memberwise initializer.
///
/// Members are read as raw nodes (see ``RawNode``). A method returning
/// `DependencyRegistration<…>` is read from its `Syntax` node instead, found by position in
/// `tree`: only configuration classes have such methods, and their bodies are searched for
/// the registration call (``RegistrationReader``).
struct MemberCollector {
  let ranges: RangeConverter
  let tree: SourceFileSyntax

  private static let itemDecl = Slot(\MemberBlockItemSyntax.decl)
  private static let ifConfigClauses = Slot(\IfConfigDeclSyntax.clauses)
  private static let ifConfigElements = Slot(\IfConfigClauseSyntax.elements)
  private static let initModifiers = Slot(\InitializerDeclSyntax.modifiers)
  private static let initKeyword = Slot(\InitializerDeclSyntax.initKeyword)
  private static let initOptionalMark = Slot(\InitializerDeclSyntax.optionalMark)
  private static let initGenerics = Slot(\InitializerDeclSyntax.genericParameterClause)
  private static let initSignature = Slot(\InitializerDeclSyntax.signature)
  static let functionModifiers = Slot(\FunctionDeclSyntax.modifiers)
  static let functionName = Slot(\FunctionDeclSyntax.name)
  static let functionGenerics = Slot(\FunctionDeclSyntax.genericParameterClause)
  static let functionSignature = Slot(\FunctionDeclSyntax.signature)
  private static let functionBody = Slot(\FunctionDeclSyntax.body)
  private static let signatureParameters = Slot(\FunctionSignatureSyntax.parameterClause)
  private static let signatureEffects = Slot(\FunctionSignatureSyntax.effectSpecifiers)
  static let signatureReturn = Slot(\FunctionSignatureSyntax.returnClause)
  private static let clauseParameters = Slot(\FunctionParameterClauseSyntax.parameters)
  private static let effectsAsync = Slot(\FunctionEffectSpecifiersSyntax.asyncSpecifier)
  private static let effectsThrows = Slot(\FunctionEffectSpecifiersSyntax.throwsClause)
  static let returnType = Slot(\ReturnClauseSyntax.type)
  private static let parameterFirstName = Slot(\FunctionParameterSyntax.firstName)
  private static let parameterType = Slot(\FunctionParameterSyntax.type)
  private static let parameterEllipsis = Slot(\FunctionParameterSyntax.ellipsis)
  private static let parameterDefault = Slot(\FunctionParameterSyntax.defaultValue)
  private static let variableAttributes = Slot(\VariableDeclSyntax.attributes)
  static let variableModifiers = Slot(\VariableDeclSyntax.modifiers)
  private static let attributeName = Slot(\AttributeSyntax.attributeName)
  private static let attributeArguments = Slot(\AttributeSyntax.arguments)
  static let variableSpecifier = Slot(\VariableDeclSyntax.bindingSpecifier)
  static let variableBindings = Slot(\VariableDeclSyntax.bindings)
  static let bindingPattern = Slot(\PatternBindingSyntax.pattern)
  static let bindingAnnotation = Slot(\PatternBindingSyntax.typeAnnotation)
  static let bindingInitializer = Slot(\PatternBindingSyntax.initializer)
  private static let bindingAccessors = Slot(\PatternBindingSyntax.accessorBlock)
  static let annotationType = Slot(\TypeAnnotationSyntax.type)
  static let patternIdentifier = Slot(\IdentifierPatternSyntax.identifier)
  private static let accessorBlockAccessors = Slot(\AccessorBlockSyntax.accessors)
  private static let accessorSpecifier = Slot(\AccessorDeclSyntax.accessorSpecifier)
  static let initializerValue = Slot(\InitializerClauseSyntax.value)
  static let calledExpression = Slot(\FunctionCallExprSyntax.calledExpression)
  static let referenceName = Slot(\DeclReferenceExprSyntax.baseName)
  static let caseElements = Slot(\EnumCaseDeclSyntax.elements)
  static let caseElementName = Slot(\EnumCaseElementSyntax.name)
  private static let memberTypeBase = Slot(\MemberTypeSyntax.baseType)
  private static let memberTypeName = Slot(\MemberTypeSyntax.name)
  private static let identifierTypeName = Slot(\IdentifierTypeSyntax.name)

  /// The declarations of a member list, with the branches of `#if` blocks flattened in
  /// (all of them: dpend cannot know which condition holds, so it takes every branch).
  static func flatten(_ list: RawNode) -> [RawNode] {
    var result: [RawNode] = []
    func add(_ list: RawNode) {
      for item in list.elements {
        guard let decl = item.child(itemDecl) else { continue }
        guard decl.kind == .ifConfigDecl else {
          result.append(decl)
          continue
        }
        for clause in decl.child(ifConfigClauses)?.elements ?? [] {
          if let elements = clause.child(ifConfigElements), elements.kind == .memberBlockItemList { add(elements) }
        }
      }
    }
    add(list)
    return result
  }

  /// Declared initializers that can make an instance: not private, not failable, not
  /// async, not generic, fully typed. `declaresAny` tells whether any `init` is written,
  /// which suppresses the implicit one.
  func initializers(in members: [RawNode], typeAccess: AccessLevel) -> (usable: [Initializer], declaresAny: Bool) {
    var usable: [Initializer] = []
    var declaresAny = false
    for decl in members where decl.kind == .initializerDecl {
      declaresAny = true
      var children = decl.children
      let access = min(Modifiers.accessLevel(children(Self.initModifiers)) ?? .internal, typeAccess)
      let keyword = children(Self.initKeyword)
      let isFailable = children(Self.initOptionalMark) != nil
      let isGeneric = children(Self.initGenerics) != nil
      let signature = children(Self.initSignature)
      let effects = signature?.child(Self.signatureEffects)
      guard access > .fileprivate, !isFailable, !isGeneric, effects?.child(Self.effectsAsync) == nil, let keyword,
        let parameters = parameters(of: signature)
      else { continue }
      usable.append(
        Initializer(
          parameters: parameters, access: access, isThrowing: effects?.child(Self.effectsThrows) != nil,
          isImplicit: false, range: ranges.range(of: keyword)))
    }
    return (usable, declaresAny)
  }

  /// The initializer the compiler synthesizes when none is declared: a struct's memberwise
  /// initializer, or `init()`. `nil` when it would not be usable (a private stored property)
  /// or is not known yet (a stored property whose type is half-typed).
  func implicitInitializer(kind: TypeKind, members: [RawNode], typeAccess: AccessLevel, name: RawNode) -> Initializer? {
    var parameters: [Parameter] = []
    var access = min(typeAccess, .internal)
    if kind == .struct {
      for variable in members where variable.kind == .variableDecl {
        var children = variable.children
        let modifiers = children(Self.variableModifiers)
        guard !Modifiers.contains(modifiers, where: { $0 == "static" || $0 == "class" || $0 == "lazy" }) else {
          continue
        }
        let isLet = children(Self.variableSpecifier)?.isKeyword("let") == true
        let wrapper = Self.propertyWrapper(children(Self.variableAttributes))
        let bindings = Array(children(Self.variableBindings)?.elements ?? [])
        for (index, binding) in bindings.enumerated() where isStored(binding) {
          var parts = binding.children
          guard let pattern = parts(Self.bindingPattern), pattern.kind == .identifierPattern,
            let identifier = pattern.child(Self.patternIdentifier)
          else { continue }
          let ownAnnotation = parts(Self.bindingAnnotation)
          let hasValue = parts(Self.bindingInitializer) != nil
          if isLet && hasValue { continue }
          // `let x, y: Double`: a name with neither type nor value has the type written after it.
          let annotation =
            ownAnnotation
            ?? (hasValue ? nil : bindings[index...].lazy.compactMap { $0.child(Self.bindingAnnotation) }.first)
          guard let type = annotation?.child(Self.annotationType) else { continue }
          if type.hasError { return nil }
          // `var note: String?` starts as nil; `@Environment(\.dismiss) var dismiss` is made by
          // its attribute's arguments: either is a parameter with a default.
          let isOptional = type.kind == .optionalType || type.kind == .implicitlyUnwrappedOptionalType
          let initialized = hasValue || wrapper.hasArguments || (!isLet && isOptional)
          let propertyAccess = Modifiers.accessLevel(modifiers)
          // `@State private var picked: Place?`: an initialized wrapped property less visible
          // than internal is no parameter, and leaves the initializer's access as it is.
          if wrapper.isWrapped, initialized, let propertyAccess, propertyAccess < .internal { continue }
          if let propertyAccess, propertyAccess < access { access = propertyAccess }
          parameters.append(
            Parameter(
              label: identifier.text, type: RawTypeReader.reference(type, ranges: ranges), hasDefault: initialized))
        }
      }
    }
    guard access > .fileprivate, parameters.allSatisfy({ !$0.type.name.isEmpty }) else { return nil }
    return Initializer(
      parameters: parameters, access: access, isThrowing: false, isImplicit: true, range: ranges.range(of: name))
  }

  /// The attributes the compiler knows that are written like a property wrapper's.
  private static let builtinAttributes: Set<String> = [
    "NSManaged", "NSCopying", "IBOutlet", "IBInspectable", "GKInspectable", "IBSegueAction",
  ]

  /// Whether a variable's attributes name a property wrapper (`@State`, `@Published`: a
  /// capitalized attribute the compiler does not define), and whether it is given arguments.
  private static func propertyWrapper(_ attributes: RawNode?) -> (isWrapped: Bool, hasArguments: Bool) {
    for attribute in attributes?.elements ?? [] where attribute.kind == .attribute {
      guard let name = attribute.child(attributeName), name.kind == .identifierType,
        let text = name.child(identifierTypeName)?.text, text.first?.isUppercase == true,
        !builtinAttributes.contains(text)
      else { continue }
      return (true, attribute.child(attributeArguments) != nil)
    }
    return (false, false)
  }

  /// Instance methods that are not private; `defaultAccess` is the access of members
  /// written without a modifier (`public` inside a `public extension`).
  func methods(in members: [RawNode], defaultAccess: AccessLevel, typeAccess: AccessLevel) -> [MethodDeclaration] {
    var result: [MethodDeclaration] = []
    for decl in members where decl.kind == .functionDecl {
      var children = decl.children
      let modifiers = children(Self.functionModifiers)
      guard !Modifiers.contains(modifiers, where: { $0 == "static" || $0 == "class" }) else { continue }
      let access = min(Modifiers.accessLevel(modifiers) ?? defaultAccess, typeAccess)
      let name = children(Self.functionName)
      let generics = children(Self.functionGenerics)
      let signature = children(Self.functionSignature)
      guard access > .fileprivate, let name, let parameters = parameters(of: signature) else { continue }
      let returnType = signature?.child(Self.signatureReturn)?.child(Self.returnType)
      var method = MethodDeclaration(
        name: name.text, parameters: parameters, access: access, registration: nil,
        returnType: returnType.map(RawTypeReader.text), range: ranges.range(of: name))
      if let returnType, isRegistration(RawTypeReader.strip(returnType)) {
        readRegistration(
          into: &method, returnType: returnType, effects: signature?.child(Self.signatureEffects),
          isGeneric: generics != nil, body: children(Self.functionBody))
      }
      result.append(method)
    }
    return result
  }

  /// `true` for `DependencyRegistration…` and `DpendRuntime.DependencyRegistration…`.
  private func isRegistration(_ type: RawNode) -> Bool {
    switch type.kind {
    case .identifierType:
      return type.child(Self.identifierTypeName)?.tokenText == "DependencyRegistration"
    case .memberType:
      guard type.child(Self.memberTypeName)?.tokenText == "DependencyRegistration",
        let base = type.child(Self.memberTypeBase)
      else { return false }
      return RawTypeReader.text(base) == "DpendRuntime"
    default:
      return false
    }
  }

  /// Reads what a method returning `DependencyRegistration<T>` registers: `T`, and the
  /// tag and scope from the `DependencyRegistration(…)` call in its body — the only part
  /// read through `Syntax` nodes (``RegistrationReader``), found by position in `tree`.
  /// Without `<T>`, the method registers nothing (an `invalid-declaration` in a configuration).
  private func readRegistration(
    into method: inout MethodDeclaration, returnType: RawNode, effects: RawNode?, isGeneric: Bool, body: RawNode?
  ) {
    let arguments = RawTypeReader.genericArguments(
      RawTypeReader.strip(returnType), named: "DependencyRegistration", module: "DpendRuntime")
    guard let arguments, arguments.count == 1, !RawTypeReader.text(arguments[0]).isEmpty else { return }
    let literals =
      body.flatMap(syntaxBody).map(RegistrationReader(ranges: ranges).literals(in:)) ?? (nil, .unique, [])
    method.registration = Registration(
      type: RawTypeReader.reference(arguments[0], ranges: ranges), tag: literals.tag, scope: literals.scope,
      isThrowing: effects?.child(Self.effectsThrows) != nil)
    method.problems = literals.problems
    // Containers call registration methods synchronously, with concrete types.
    if effects?.child(Self.effectsAsync) != nil {
      method.problems.append(
        Diagnostic(
          code: .invalidDeclaration,
          message: "registration method '\(method.name)' must not be async: containers resolve synchronously",
          range: method.range))
    }
    if isGeneric {
      method.problems.append(
        Diagnostic(
          code: .invalidDeclaration,
          message: "registration method '\(method.name)' must not be generic: a key needs a concrete type",
          range: method.range))
    }
  }

  /// The `Syntax` node of the code block `body`: the block holding `body`'s first token
  /// that starts where `body` does.
  private func syntaxBody(_ body: RawNode) -> CodeBlockSyntax? {
    var node = tree.token(at: AbsolutePosition(utf8Offset: body.start)).map(Syntax.init)
    while let current = node, current.kind != .codeBlock { node = current.parent }
    guard let block = node?.as(CodeBlockSyntax.self), block.position.utf8Offset == body.offset else { return nil }
    return block
  }

  /// The parameters of a function signature, or `nil` when one of them has no complete
  /// type yet (half-typed code such as `a: ` or `a: Foo<`).
  private func parameters(of signature: RawNode?) -> [Parameter]? {
    let list = signature?.child(Self.signatureParameters)?.child(Self.clauseParameters)
    var result: [Parameter] = []
    for parameter in list?.elements ?? [] {
      var children = parameter.children
      let firstName = children(Self.parameterFirstName)
      guard let type = children(Self.parameterType) else { return nil }
      let isVariadic = children(Self.parameterEllipsis) != nil
      let hasDefault = children(Self.parameterDefault) != nil
      let reference = RawTypeReader.reference(type, ranges: ranges)
      guard !reference.name.isEmpty, !type.hasError, let firstName else { return nil }
      let label = firstName.isToken(.wildcard) ? "_" : firstName.text
      result.append(Parameter(label: label, type: reference, hasDefault: hasDefault || isVariadic))
    }
    return result
  }

  /// `true` for a stored property: no accessors, or only `willSet`/`didSet` observers.
  private func isStored(_ binding: RawNode) -> Bool {
    guard let accessors = binding.child(Self.bindingAccessors)?.child(Self.accessorBlockAccessors) else {
      return true
    }
    guard accessors.kind == .accessorDeclList else { return false }
    return accessors.elements.allSatisfy {
      guard let specifier = $0.child(Self.accessorSpecifier) else { return false }
      return specifier.isKeyword("willSet") || specifier.isKeyword("didSet")
    }
  }
}
