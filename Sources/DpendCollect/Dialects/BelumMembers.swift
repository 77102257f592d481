import DpendModel
import SwiftSyntax

/// A struct of Belum members as a file declares it: its stored properties, their types and
/// whether they have a default value.
struct MembersStruct {
  struct Property {
    /// The declared type, normalized (`Chat!`, `Clock`).
    var type: String
    /// `true` for `var clock: Clock = SystemClock()`.
    var hasDefault: Bool
  }

  var name: String
  var properties: [String: Property]

  /// The struct `name` (or the last component of `Outer.Name`) declared in `file`.
  static func named(_ name: String, in file: Syntax) -> MembersStruct? {
    let simple = name.split(separator: ".").last.map(String.init) ?? name
    return all(in: file).first { $0.name == simple }
  }

  /// The one struct of `file` with a stored property `property`; `nil` for none or several.
  static func declaring(_ property: String, in file: Syntax) -> MembersStruct? {
    let found = all(in: file).filter { $0.properties[property] != nil }
    return found.count == 1 ? found[0] : nil
  }

  /// `true` when `file` uses `name` as the members of a Belum: `Belum<Name>`, `Belum(Name())`,
  /// `DependenciesN<Name, …>` or a key path `\Name.x`.
  static func isMembersType(_ name: String, in file: Syntax) -> Bool {
    let finder = MembersUseFinder()
    finder.walk(file)
    return finder.names.contains(name)
  }

  private static func all(in file: Syntax) -> [MembersStruct] {
    let finder = StructFinder()
    finder.walk(file)
    return finder.structs.map { declaration in
      var properties: [String: Property] = [:]
      for member in declaration.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        var pendingType: String?
        for binding in variable.bindings.reversed() where binding.accessorBlock == nil {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
          if let annotation = binding.typeAnnotation {
            pendingType = TypeText.normalize(annotation.type.trimmedDescription)
          }
          guard let type = pendingType else { continue }
          properties[name] = Property(type: type, hasDefault: binding.initializer != nil)
        }
      }
      return MembersStruct(name: declaration.name.text, properties: properties)
    }
  }
}

/// Collects every struct declaration of a file.
private final class StructFinder: SyntaxVisitor {
  private(set) var structs: [StructDeclSyntax] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    structs.append(node)
    return .visitChildren
  }
}

/// Collects the names a file uses as Belum members (see ``MembersStruct/isMembersType(_:in:)``).
private final class MembersUseFinder: SyntaxVisitor {
  private(set) var names: Set<String> = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visitPost(_ node: SourceFileSyntax) {
    let generics = GenericUseFinder { name in
      name == "Belum"
        || (name.hasPrefix("Dependencies") && name.dropFirst(12).allSatisfy(\.isNumber) && name.count > 12)
    }
    generics.walk(node)
    names.formUnion(generics.arguments)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Belum",
      let made = node.arguments.first?.expression.as(FunctionCallExprSyntax.self),
      let type = CallShape.constructedType(made)
    {
      names.insert(TypeText.normalize(type))
    }
    return .visitChildren
  }

  override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
    if let root = node.root { names.insert(TypeText.normalize(root.trimmedDescription)) }
    return .visitChildren
  }
}
