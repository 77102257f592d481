import DpendModel
import SwiftSyntax

/// Closures that receive a container (SPEC 8.2): a parameter or struct property declared as
/// `(Resolver) -> T` is a ``DpendModel/ContainerSlot``, recorded where it is declared (a file
/// that imports the library, since it names the library's type), and a closure passed there
/// in any file receives that library's container: `Route(factory: { r in r.resolve(X.self)! })`.
extension ContainerReader {
  // MARK: Declarations

  /// Records the slots `parameters` of `callee` declare.
  func recordSlots(_ parameters: FunctionParameterListSyntax, callee: String) {
    for parameter in parameters {
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      recordSlots(parameter.type, callee: callee, label: label, at: parameter.secondName ?? parameter.firstName)
    }
  }

  /// Records the slots a struct's stored property declares, through its memberwise
  /// initializer.
  func recordSlots(ofProperty variable: VariableDeclSyntax) {
    guard let owner = variable.parent?.parent?.parent?.parent?.as(StructDeclSyntax.self) else { return }
    for binding in variable.bindings where binding.accessorBlock == nil {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
        let type = binding.typeAnnotation?.type
      else { continue }
      recordSlots(type, callee: owner.name.text, label: name.text, at: name)
    }
  }

  private func recordSlots(_ type: TypeSyntax, callee: String, label: String?, at name: TokenSyntax) {
    guard let function = Self.functionType(type) else { return }
    for (position, element) in function.parameters.enumerated() {
      guard let dialect = dialect(ofType: element.type.trimmedDescription) else { continue }
      slots.append(
        ContainerSlotDeclaration(
          slot: ContainerSlot(callee: callee, label: label, position: position, dialect: dialect), range: range(name)))
    }
  }

  /// The function type `type` is, through `@escaping`, optionals and parentheses.
  private static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
    CallShape.unwrappedType(type).as(FunctionTypeSyntax.self)
  }

  // MARK: Uses

  /// The dialect of the container a closure's parameter receives, when the closure is passed
  /// at a slot of the vocabulary; `nil` for any other parameter.
  func slotDialect(of parameter: NameLookup.Parameter) -> Dialect? {
    guard let slots = inferred?.slots, !slots.isEmpty, let passing = parameter.passing else { return nil }
    return slots[passing.callee]?.first { slot in
      slot.position == passing.position && passing.label.map { $0 == slot.label } ?? true
    }?.dialect
  }
}
