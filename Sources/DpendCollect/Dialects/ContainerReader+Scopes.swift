import DpendModel
import SwiftSyntax

/// Where container code is written and what its names stand for: the type a name is looked
/// up from, the container values a receiver names (SPEC 8.2, 8.4).
extension ContainerReader {
  /// The dialects `call` is read with: the file's, and the dialect of the container its
  /// receiver is (``receiverContainer(of:)``): `container.resolve()` in a file that does not
  /// import Dip, `container` being a global `DependencyContainer`.
  func dialects(ofReceiverOf call: FunctionCallExprSyntax) -> [Dialect] {
    receiverReading(of: call).dialects
  }

  /// ``dialects(ofReceiverOf:)``, with the receiver's value where only the workspace's
  /// vocabulary named it a container (``ReceiverContainer/chain``): the call's
  /// ``DpendModel/ContainerRegistration/receiverType``.
  func receiverReading(of call: FunctionCallExprSyntax) -> (dialects: [Dialect], chain: ResolvedType?) {
    guard inferred != nil, let found = receiverContainer(of: call) else { return (dialects, nil) }
    return (dialects.contains(found.dialect) ? dialects : dialects + [found.dialect], found.chain)
  }

  /// A global or property whose annotation is a library's container type, or whose initial
  /// value is a container (``container(ofValue:at:)``: `Assembler([…])`, `assembler.resolver`,
  /// `makeContainer()`): a container value other files may use (SPEC 8.2).
  func recordContainerValue(_ variable: VariableDeclSyntax) {
    let parent = variable.parent?.parent
    let isGlobal = parent?.is(CodeBlockItemListSyntax.self) == true && parent?.parent?.is(SourceFileSyntax.self) == true
    guard isGlobal || parent?.is(MemberBlockItemListSyntax.self) == true else { return }
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
      let dialect: Dialect?
      if let annotation = binding.typeAnnotation {
        dialect = self.dialect(ofType: annotation.type.trimmedDescription)
      } else if let value = binding.initializer?.value {
        // Only the file's own libraries: the vocabulary is what files importing them declare.
        let found = container(ofValue: value, at: Syntax(binding))?.dialect
        dialect = found.flatMap { dialects.contains($0) ? $0 : nil }
      } else {
        dialect = nil
      }
      guard let dialect else { continue }
      containerValues.append(
        ContainerValue(
          name: name.text, owner: isGlobal ? nil : scopes.scope(of: variable).typeNames.first, dialect: dialect,
          range: range(name)))
    }
  }

  /// A function or method whose declared result is a library's container
  /// (`func makeContainer() -> DependencyContainer`): its calls are container values other
  /// files may use, by its name (SPEC 10).
  func recordContainerFunction(_ function: FunctionDeclSyntax) {
    guard let result = function.signature.returnClause?.type, function.genericParameterClause == nil,
      let dialect = dialect(ofType: result.trimmedDescription)
    else { return }
    let parent = function.parent?.parent
    let isGlobal = parent?.is(CodeBlockItemListSyntax.self) == true && parent?.parent?.is(SourceFileSyntax.self) == true
    guard isGlobal || parent?.is(MemberBlockItemListSyntax.self) == true else { return }
    containerValues.append(
      ContainerValue(
        name: function.name.text, owner: isGlobal ? nil : scopes.scope(of: function).typeNames.first,
        dialect: dialect, range: range(function.name)))
  }
}
