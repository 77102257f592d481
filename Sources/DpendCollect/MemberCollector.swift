import DpendModel
import SwiftSyntax

/// Reads the members of one type or extension body: initializers, instance methods and
/// the stored properties behind a struct's memberwise initializer.
struct MemberCollector {
  let ranges: RangeConverter

  /// Declared initializers that can make an instance: not private, not failable, not
  /// async, not generic, fully typed. `declaresAny` tells whether any `init` is written,
  /// which suppresses the implicit one.
  func initializers(
    in members: [DeclSyntax], typeAccess: AccessLevel
  ) -> (usable: [Initializer], declaresAny: Bool) {
    var usable: [Initializer] = []
    var declaresAny = false
    for member in members {
      guard let decl = member.as(InitializerDeclSyntax.self) else { continue }
      declaresAny = true
      let access = min(decl.modifiers.accessLevel ?? .internal, typeAccess)
      guard access > .fileprivate, decl.optionalMark == nil, decl.genericParameterClause == nil,
        decl.signature.effectSpecifiers?.asyncSpecifier == nil,
        let parameters = parameters(decl.signature.parameterClause.parameters)
      else { continue }
      usable.append(
        Initializer(
          parameters: parameters, access: access,
          isThrowing: decl.signature.effectSpecifiers?.throwsClause != nil, isImplicit: false,
          range: ranges.range(of: decl.initKeyword)))
    }
    return (usable, declaresAny)
  }

  /// The initializer the compiler synthesizes when none is declared: a struct's memberwise
  /// initializer, or `init()`. `nil` when it would not be usable (a private stored property)
  /// or is not known yet (a stored property whose type is half-typed).
  func implicitInitializer(
    kind: TypeKind, members: [DeclSyntax], typeAccess: AccessLevel, name: TokenSyntax
  ) -> Initializer? {
    var parameters: [Parameter] = []
    var access = min(typeAccess, .internal)
    if kind == .struct {
      for member in members {
        guard let variable = member.as(VariableDeclSyntax.self), !variable.modifiers.isTypeMember,
          !variable.modifiers.isLazy
        else { continue }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = Array(variable.bindings)
        for (index, binding) in bindings.enumerated() where isStored(binding) {
          guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
          if isLet && binding.initializer != nil { continue }
          // `let x, y: Double`: a name with neither type nor value has the type written after it.
          let written = binding.initializer == nil ? bindings[index...].lazy.compactMap(\.typeAnnotation).first : nil
          guard let type = binding.typeAnnotation?.type ?? written?.type else { continue }
          if type.hasError { return nil }
          if let propertyAccess = variable.modifiers.accessLevel, propertyAccess < access {
            access = propertyAccess
          }
          parameters.append(
            Parameter(
              label: identifier.identifier.text, type: TypeNormalizer.reference(type, ranges: ranges),
              hasDefault: binding.initializer != nil))
        }
      }
    }
    guard access > .fileprivate, parameters.allSatisfy({ !$0.type.name.isEmpty }) else { return nil }
    return Initializer(
      parameters: parameters, access: access, isThrowing: false, isImplicit: true,
      range: ranges.range(of: name))
  }

  /// Instance methods that are not private; `defaultAccess` is the access of members
  /// written without a modifier (`public` inside a `public extension`).
  func methods(in members: [DeclSyntax], defaultAccess: AccessLevel, typeAccess: AccessLevel) -> [MethodDeclaration] {
    let reader = RegistrationReader(ranges: ranges)
    var result: [MethodDeclaration] = []
    for member in members {
      guard let decl = member.as(FunctionDeclSyntax.self), !decl.modifiers.isTypeMember else { continue }
      let access = min(decl.modifiers.accessLevel ?? defaultAccess, typeAccess)
      guard access > .fileprivate, let parameters = parameters(decl.signature.parameterClause.parameters) else {
        continue
      }
      let returnType = decl.signature.returnClause?.type
      var registration: Registration?
      var problems: [Diagnostic] = []
      if let returnType, case .some(let registered) = reader.registeredType(returnType) {
        if let registered, !TypeNormalizer.text(registered).isEmpty {
          let literals = reader.literals(in: decl.body)
          registration = Registration(
            type: TypeNormalizer.reference(registered, ranges: ranges), tag: literals.tag,
            scope: literals.scope, isThrowing: decl.signature.effectSpecifiers?.throwsClause != nil)
          problems = literals.problems
          // Containers call registration methods synchronously, with concrete types.
          if decl.signature.effectSpecifiers?.asyncSpecifier != nil {
            problems.append(
              Diagnostic(
                code: .invalidDeclaration,
                message: "registration method '\(decl.name.text)' must not be async: containers resolve synchronously",
                range: ranges.range(of: decl.name)))
          }
          if decl.genericParameterClause != nil {
            problems.append(
              Diagnostic(
                code: .invalidDeclaration,
                message: "registration method '\(decl.name.text)' must not be generic: a key needs a concrete type",
                range: ranges.range(of: decl.name)))
          }
        }
      }
      result.append(
        MethodDeclaration(
          name: decl.name.text, parameters: parameters, access: access, registration: registration,
          returnType: returnType.map(TypeNormalizer.text), range: ranges.range(of: decl.name),
          problems: problems))
    }
    return result
  }

  /// The parameters, or `nil` when one of them has no complete type yet (half-typed code
  /// such as `a: ` or `a: Foo<`).
  private func parameters(_ list: FunctionParameterListSyntax) -> [Parameter]? {
    var result: [Parameter] = []
    for parameter in list {
      let reference = TypeNormalizer.reference(parameter.type, ranges: ranges)
      guard !reference.name.isEmpty, !parameter.type.hasError else { return nil }
      let label = parameter.firstName.tokenKind == .wildcard ? "_" : parameter.firstName.text
      result.append(
        Parameter(
          label: label, type: reference,
          hasDefault: parameter.defaultValue != nil || parameter.ellipsis != nil))
    }
    return result
  }

  /// `true` for a stored property: no accessors, or only `willSet`/`didSet` observers.
  private func isStored(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessors = binding.accessorBlock?.accessors else { return true }
    guard case .accessors(let list) = accessors else { return false }
    return list.allSatisfy {
      $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
    }
  }
}
