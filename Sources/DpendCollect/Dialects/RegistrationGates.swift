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
    let labels = parameters.map { $0.firstName.text + ":" }.joined()
    let owner = scope.lexicalScope
    let declaration = (owner.isEmpty ? "" : owner + ".") + name + "(" + labels + ")"
    if name == "assemble", parameters.first?.firstName.text == "container", let type = scope.typeNames.first {
      return RegistrationGate(name: type, declaration: declaration, isAssembly: true)
    }
    guard !RegistrationGate.libraryEntryPoints.contains(name),
      !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
    else { return nil }
    let onContainer = scope.typeNames.first.map(ContainerVocabulary.isContainerType) ?? false
    let takesContainer = parameters.contains { parameter in
      var type = parameter.type.trimmedDescription
      for prefix in ["inout ", "any ", "some "] where type.hasPrefix(prefix) { type.removeFirst(prefix.count) }
      while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
      return ContainerVocabulary.isContainerType(type)
    }
    guard onContainer || takesContainer else { return nil }
    return RegistrationGate(name: name, declaration: declaration, isAssembly: false)
  }
}
