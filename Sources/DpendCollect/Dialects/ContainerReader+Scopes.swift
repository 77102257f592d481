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
    if let root = components.first, values[root] != nil, Self.isShadowed(root, at: call) { return dialects }
    let named = components.lazy.compactMap { values[$0] }.first
    guard let named, !dialects.contains(named) else { return dialects }
    return dialects + [named]
  }

  /// `true` when a parameter of a function, initializer or closure enclosing `node` is named
  /// `name`: it hides the global of that name.
  static func isShadowed(_ name: String, at node: some SyntaxProtocol) -> Bool {
    var current = Syntax(node).parent
    while let parent = current {
      // Another value of that name, whatever its type: the file's own dialects read it.
      if let function = parent.as(FunctionDeclSyntax.self) {
        if function.signature.parameterClause.parameters.contains(where: { HelperReader.internalName($0) == name }) {
          return true
        }
      } else if let initializer = parent.as(InitializerDeclSyntax.self) {
        if initializer.signature.parameterClause.parameters.contains(where: { HelperReader.internalName($0) == name }) {
          return true
        }
      } else if let closure = parent.as(ClosureExprSyntax.self) {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?:
          if names.contains(where: { $0.name.text == name }) { return true }
        case .parameterClause(let clause)?:
          if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
        case nil: break
        }
      }
      current = parent.parent
    }
    return false
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
          name: name.text, owner: isGlobal ? nil : Self.enclosingTypeNames(of: variable).first, dialect: dialect,
          range: range(name)))
    }
  }

  /// The qualified name of the type or extended type `node` is written in (`BasketScreen` in
  /// `extension BasketScreen`, `Outer.Inner`), from which names it writes are looked up;
  /// `""` at the top level.
  static func lexicalScope(of node: some SyntaxProtocol) -> String {
    var names: [String] = []
    var current = Syntax(node).parent
    while let parent = current {
      if let named = parent.asProtocol(NamedDeclSyntax.self), parent.asProtocol(DeclGroupSyntax.self) != nil {
        names.insert(named.name.text, at: 0)
      } else if let extended = parent.as(ExtensionDeclSyntax.self) {
        // An extension is written at the top level: its type's name is the whole scope.
        names.insert(TypeText.normalize(extended.extendedType.trimmedDescription), at: 0)
        break
      }
      current = parent.parent
    }
    return names.joined(separator: ".")
  }

  /// The names of the types and extended types enclosing `node`, innermost first (the last
  /// component of an extension's `Outer.Inner`).
  static func enclosingTypeNames(of node: some SyntaxProtocol) -> [String] {
    var names: [String] = []
    var current = Syntax(node).parent
    while let parent = current {
      if let named = parent.asProtocol(NamedDeclSyntax.self), parent.asProtocol(DeclGroupSyntax.self) != nil {
        names.append(named.name.text)
      } else if let extended = parent.as(ExtensionDeclSyntax.self) {
        let text = extended.extendedType.trimmedDescription
        names.append(text.split(separator: ".").last.map(String.init) ?? text)
      }
      current = parent.parent
    }
    return names
  }
}
