import DpendModel
import SwiftSyntax

/// Where container code is written and what its names stand for: the type a name is looked
/// up from, the container values a receiver names (SPEC 8.2, 8.4).
extension ContainerReader {
  /// The dialects a call on `receiver` is read with: the file's, and the dialect of a
  /// container value the receiver names (`container.resolve()` in a file that does not
  /// import Dip, `container` being a global `DependencyContainer`).
  func dialects(ofReceiver receiver: String, at call: FunctionCallExprSyntax) -> [Dialect] {
    guard !receiver.isEmpty, inferred != nil else { return dialects }
    let components = receiver.split(separator: ".").map(String.init)
    // `{ r in r.resolve(X.self) }` passed where `(Resolver) -> T` is taken.
    if let root = components.first, let slot = slotDialect(of: root, at: call) {
      return dialects.contains(slot) ? dialects : dialects + [slot]
    }
    guard let values = inferred?.containerValues, !values.isEmpty else { return dialects }
    // `container.resolve()` where a parameter named `container` of another type hides the global.
    if let root = components.first, values[root] != nil, scopes.scope(of: call).bindings[root] != nil {
      return dialects
    }
    let named = components.lazy.compactMap { values[$0] }.first
    guard let named, !dialects.contains(named) else { return dialects }
    return dialects + [named]
  }

  /// A global or property whose annotation or initializer is a library's container type:
  /// a container value other files may use (SPEC 8.2).
  func recordContainerValue(_ variable: VariableDeclSyntax) {
    let parent = variable.parent?.parent
    let isGlobal = parent?.is(CodeBlockItemListSyntax.self) == true && parent?.parent?.is(SourceFileSyntax.self) == true
    guard isGlobal || parent?.is(MemberBlockItemListSyntax.self) == true else { return }
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
      var written = binding.typeAnnotation.map { TypeText.normalize($0.type.trimmedDescription) }
      if written == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
        written = CallShape.constructedType(call)
      }
      guard var type = written else { continue }
      while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
      let last = type.split(separator: ".").last.map(String.init) ?? type
      let dialect = dialects.first { ContainerVocabulary.containerTypes[$0]?.contains(last) == true }
      guard let dialect else { continue }
      containerValues.append(
        ContainerValue(
          name: name.text, owner: isGlobal ? nil : scopes.scope(of: variable).typeNames.first, dialect: dialect,
          range: range(name)))
    }
  }

}
