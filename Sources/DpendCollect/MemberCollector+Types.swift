import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// The written or made types of a body's members (SPEC 10): instance properties' (what an
/// assignment or a member chain reads) and statics', methods' and enum cases' (what a
/// factory's value reads).
extension MemberCollector {
  /// The written types of the instance properties among `members`, by name (`var presenter:
  /// Presenter!` → `Presenter!`), as ``RawTypeReader`` writes them, `?` and `!` kept, or the
  /// type an unannotated one's value constructs (`let store = Store()` → `Store`).
  func propertyTypes(in members: [RawNode]) -> [String: String] {
    var types: [String: String] = [:]
    for variable in members where variable.kind == .variableDecl {
      var children = variable.children
      let modifiers = children(Self.variableModifiers)
      guard !Modifiers.contains(modifiers, where: { $0 == "static" || $0 == "class" }) else { continue }
      _ = children(Self.variableSpecifier)
      for binding in children(Self.variableBindings)?.elements ?? [] {
        var parts = binding.children
        guard let pattern = parts(Self.bindingPattern), pattern.kind == .identifierPattern,
          let identifier = pattern.child(Self.patternIdentifier)
        else { continue }
        guard let type = parts(Self.bindingAnnotation)?.child(Self.annotationType) else {
          // `let container = PersistentContainer()`: the type its value constructs.
          if let value = parts(Self.bindingInitializer)?.child(Self.initializerValue),
            let constructed = Self.constructedName(value)
          {
            types[identifier.text] = constructed
          }
          continue
        }
        guard !type.hasError else { continue }
        let reference = RawTypeReader.reference(type, ranges: ranges)
        guard !reference.name.isEmpty else { continue }
        types[identifier.text] = reference.name + (reference.isOptional ? "?" : "")
      }
    }
    return types
  }

  /// The types of the static members among `members`, by name (``TypeDeclaration/staticTypes``):
  /// a static or class property's annotation or the type its value constructs (`static let
  /// shared = Session()`), a static method's declared result, and, for an enum (`enumName`),
  /// each case's. A name given two different types (overloads) is left out: Swift picks one by
  /// context, which a factory's value does not give. With `statics` `false`, the same of the
  /// variables and functions that are not static: a file's globals (``FileSummary/globalTypes``).
  func staticTypes(in members: [RawNode], enumName: String?, statics: Bool = true) -> [String: String] {
    var types: [String: String] = [:]
    var ambiguous: Set<String> = []
    func add(_ name: String, _ type: String) {
      guard !type.isEmpty, !ambiguous.contains(name) else { return }
      if let known = types[name], known != type {
        types[name] = nil
        ambiguous.insert(name)
      } else {
        types[name] = type
      }
    }
    func written(_ type: RawNode) -> String {
      guard !type.hasError else { return "" }
      let reference = RawTypeReader.reference(type, ranges: ranges)
      return reference.name.isEmpty ? "" : reference.name + (reference.isOptional ? "?" : "")
    }
    for decl in members {
      switch decl.kind {
      case .variableDecl:
        var children = decl.children
        guard
          Modifiers.contains(children(Self.variableModifiers), where: { $0 == "static" || $0 == "class" }) == statics
        else { continue }
        for binding in children(Self.variableBindings)?.elements ?? [] {
          var parts = binding.children
          guard let pattern = parts(Self.bindingPattern), pattern.kind == .identifierPattern,
            let identifier = pattern.child(Self.patternIdentifier)
          else { continue }
          if let type = parts(Self.bindingAnnotation)?.child(Self.annotationType) {
            add(identifier.text, written(type))
          } else if let value = parts(Self.bindingInitializer)?.child(Self.initializerValue),
            let constructed = Self.constructedName(value)
          {
            add(identifier.text, constructed)
          }
        }
      case .functionDecl:
        var children = decl.children
        guard
          Modifiers.contains(children(Self.functionModifiers), where: { $0 == "static" || $0 == "class" }) == statics,
          let name = children(Self.functionName)
        else { continue }
        let generics = children(Self.functionGenerics)
        let returned = children(Self.functionSignature)?.child(Self.signatureReturn)?.child(Self.returnType)
        // A generic method's result may be its caller's type; no result is `Void`.
        guard generics == nil, let returned else {
          ambiguous.insert(name.text)
          types[name.text] = nil
          continue
        }
        add(name.text, written(returned))
      case .enumCaseDecl:
        guard let enumName else { continue }
        for element in decl.child(Self.caseElements)?.elements ?? [] {
          if let name = element.child(Self.caseElementName) { add(name.text, enumName) }
        }
      default: continue
      }
    }
    return types
  }

  /// `Session` for `Session()`: a call of a capitalized name, which constructs that type;
  /// `nil` for any other expression.
  static func constructedName(_ value: RawNode) -> String? {
    guard value.kind == .functionCallExpr, let callee = value.child(calledExpression),
      callee.kind == .declReferenceExpr,
      let name = callee.child(referenceName)?.text, name.first?.isUppercase == true
    else { return nil }
    return name
  }
}
