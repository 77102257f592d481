import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// The written or made types of a body's members (SPEC 10): instance properties' (what an
/// assignment or a member chain reads) and statics', methods' and enum cases' (what a
/// factory's value reads).
extension MemberCollector {
  /// The types of the members among `members`, in one pass:
  /// - `properties`, the instance properties' (``TypeDeclaration/propertyTypes``): the written
  ///   type (`var presenter: Presenter!` → `Presenter?`, as ``RawTypeReader/written(_:)``
  ///   writes it) or the type an unannotated one's value constructs (`let store = Store()` →
  ///   `Store`);
  /// - `statics`, the static members' (``TypeDeclaration/staticTypes``): a static or class
  ///   property's, the same way (`static let shared = Session()`), a static method's declared
  ///   result, and, for an enum (`enumName`), each case's. A static name given two different
  ///   types (overloads) is left out: Swift picks one by context, which a factory's value
  ///   does not give.
  func memberTypes(in members: [RawNode], enumName: String?) -> (properties: MemberTypes, statics: MemberTypes) {
    var properties = MemberTypes.Builder(repeats: .lastWins)
    var statics = MemberTypes.Builder(repeats: .differentDrop)
    collectTypes(of: members, enumName: enumName, instance: &properties, statics: &statics, instanceFunctions: false)
    return (properties.built, statics.built)
  }

  /// The types of a file's global variables and functions (``FileSummary/globalTypes``),
  /// read like static members (a name given two different types is left out).
  func globalTypes(in globals: [RawNode]) -> MemberTypes {
    var types = MemberTypes.Builder(repeats: .differentDrop)
    var statics = MemberTypes.Builder(repeats: .differentDrop)
    collectTypes(of: globals, enumName: nil, instance: &types, statics: &statics, instanceFunctions: true)
    return types.built
  }

  /// Adds the types of `members` to `statics` (static and class members, enum cases) or
  /// `instance` (the others; functions only when `instanceFunctions`).
  private func collectTypes(
    of members: [RawNode], enumName: String?, instance: inout MemberTypes.Builder,
    statics: inout MemberTypes.Builder, instanceFunctions: Bool
  ) {
    for decl in members {
      switch decl.kind {
      case .variableDecl:
        var children = decl.children
        let isStatic = Modifiers.contains(children(Self.variableModifiers)) { $0 == "static" || $0 == "class" }
        for binding in children(Self.variableBindings)?.elements ?? [] {
          var parts = binding.children
          guard let pattern = parts(Self.bindingPattern), pattern.kind == .identifierPattern,
            let identifier = pattern.child(Self.patternIdentifier)
          else { continue }
          let type: String
          if let annotation = parts(Self.bindingAnnotation)?.child(Self.annotationType) {
            type = RawTypeReader.written(annotation)
          } else if let value = parts(Self.bindingInitializer)?.child(Self.initializerValue),
            let constructed = Self.constructedName(value)
          {
            // `let container = PersistentContainer()`: the type its value constructs.
            type = constructed
          } else {
            continue
          }
          if isStatic { statics.add(identifier.text, type) } else { instance.add(identifier.text, type) }
        }
      case .functionDecl:
        var children = decl.children
        let isStatic = Modifiers.contains(children(Self.functionModifiers)) { $0 == "static" || $0 == "class" }
        guard isStatic || instanceFunctions, let name = children(Self.functionName) else { continue }
        let generics = children(Self.functionGenerics)
        let returned = children(Self.functionSignature)?.child(Self.signatureReturn)?.child(Self.returnType)
        // A generic method's result may be its caller's type; no result is `Void`: either
        // leaves the name out.
        let type = generics == nil ? returned.map(RawTypeReader.written) : nil
        if isStatic { statics.add(name.text, type) } else { instance.add(name.text, type) }
      case .enumCaseDecl:
        guard let enumName else { continue }
        for element in decl.child(Self.caseElements)?.elements ?? [] {
          if let name = element.child(Self.caseElementName) { statics.add(name.text, enumName) }
        }
      default: continue
      }
    }
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
