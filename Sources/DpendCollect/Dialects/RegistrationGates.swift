import DpendModel
import SwiftSyntax

/// The declarations whose registrations run only when the app reaches them
/// (``DpendModel/RegistrationGate``), and the mentions that reach them.
enum RegistrationGates {
  /// The gate `function` is, written in `scope` (the scope around it, its parameters bound):
  /// - `assemble(container:)` of a type: the assembly, reached where the app makes one;
  /// - a function declared on a library's container type (`extension Resolver`), or taking
  ///   one (`func registerServices(in container: Container)`): reached where it is called.
  /// A library's entry points (`registerAllServices()`) and overrides (a base class may call
  /// them) are none: what dpend cannot see calling them counts as calling them.
  static func gate(of function: FunctionDeclSyntax, in scope: EnclosingScopes.Scope) -> RegistrationGate? {
    let name = function.name.text
    let parameters = function.signature.parameterClause.parameters
    func declaration() -> String {
      let owner = scope.lexicalScope
      let labels = parameters.map { $0.firstName.text + ":" }.joined()
      return (owner.isEmpty ? "" : owner + ".") + name + "(" + labels + ")"
    }
    if name == "assemble", parameters.first?.firstName.text == "container", let type = scope.typeNames.first {
      return RegistrationGate(name: type, declaration: declaration(), isAssembly: true)
    }
    guard !RegistrationGate.libraryEntryPoints.contains(name),
      !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
    else { return nil }
    let onContainer = scope.typeNames.first.map(ContainerVocabulary.isContainerType) ?? false
    guard onContainer || parameters.contains(where: { namesContainerType($0.type) }) else { return nil }
    return RegistrationGate(name: name, declaration: declaration(), isAssembly: false)
  }

  /// `true` when `type` is a library's container type (`Container`, `Swinject.Resolver`),
  /// perhaps optional, `inout`, `any` or `some`: read from the syntax, no text made.
  static func namesContainerType(_ type: TypeSyntax) -> Bool {
    let type = CallShape.unwrappedType(type)
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.genericArgumentClause == nil && ContainerVocabulary.isContainerType(identifier.name.text)
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.genericArgumentClause == nil && ContainerVocabulary.isContainerType(member.name.text)
    }
    return false
  }
}
