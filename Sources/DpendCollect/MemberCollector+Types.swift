import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// The written or made types of a body's members (SPEC 10): instance properties' (what an
/// assignment or a member chain reads) and statics', methods' and enum cases' (what a
/// factory's value reads).
extension MemberCollector {
  /// The written types of the instance properties among `members` (`var presenter:
  /// Presenter!` → `Presenter?`), as ``RawTypeReader/written(_:)`` writes them, or the type an
  /// unannotated one's value constructs (`let store = Store()` → `Store`).
  func propertyTypes(in members: [RawNode]) -> MemberTypes {
    var types = MemberTypes.Builder(repeats: .lastWins)
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
        if let type = parts(Self.bindingAnnotation)?.child(Self.annotationType) {
          let written = RawTypeReader.written(type)
          types.add(identifier.text, written)
        } else if let value = parts(Self.bindingInitializer)?.child(Self.initializerValue),
          let constructed = Self.constructedName(value)
        {
          // `let container = PersistentContainer()`: the type its value constructs.
          types.add(identifier.text, constructed)
        }
      }
    }
    return types.built
  }

  /// The types of the static members among `members` (``TypeDeclaration/staticTypes``): a
  /// static or class property's annotation or the type its value constructs (`static let
  /// shared = Session()`), a static method's declared result, and, for an enum (`enumName`),
  /// each case's. A name given two different types (overloads) is left out: Swift picks one by
  /// context, which a factory's value does not give. With `statics` `false`, the same of the
  /// variables and functions that are not static: a file's globals (``FileSummary/globalTypes``).
  func staticTypes(in members: [RawNode], enumName: String?, statics: Bool = true) -> MemberTypes {
    var types = MemberTypes.Builder(repeats: .differentDrop)
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
            types.add(identifier.text, RawTypeReader.written(type))
          } else if let value = parts(Self.bindingInitializer)?.child(Self.initializerValue),
            let constructed = Self.constructedName(value)
          {
            types.add(identifier.text, constructed)
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
        // A generic method's result may be its caller's type; no result is `Void`: either
        // leaves the name out.
        types.add(name.text, generics == nil ? returned.map(RawTypeReader.written) : nil)
      case .enumCaseDecl:
        guard let enumName else { continue }
        for element in decl.child(Self.caseElements)?.elements ?? [] {
          if let name = element.child(Self.caseElementName) { types.add(name.text, enumName) }
        }
      default: continue
      }
    }
    return types.built
  }

  /// `Session` for `Session()`: a call of a capitalized name, which constructs that type;
  /// `nil` for any other expression.
  static func constructedName(_ value: RawNode) -> String? {
    guard value.kind == .functionCallExpr, let callee = value.child(calledExpression),
      callee.kind == .declReferenceExpr,
      let token = callee.child(referenceName), startsUppercase(token)
    else { return nil }
    return token.text
  }

  /// `true` when the token's text starts with an uppercase letter: by its first byte when
  /// ASCII, else by the first character's Unicode properties.
  static func startsUppercase(_ token: RawNode) -> Bool {
    guard let first = token.tokenText.first else { return false }
    if first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
    return token.text.first?.isUppercase == true
  }
}
