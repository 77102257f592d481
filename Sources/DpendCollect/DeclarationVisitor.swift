import DpendModel
import SwiftSyntax

/// Walks one file's declarations and fills a ``FileSummary``. Types nested in types get
/// qualified names; bodies of functions, closures and accessors are skipped (types
/// declared there cannot be named from outside).
final class DeclarationVisitor: SyntaxVisitor {
  private(set) var summary: FileSummary
  private let ranges: RangeConverter
  private let members: MemberCollector
  /// The enclosing types: qualified name and effective access.
  private var scopes: [(name: String, access: AccessLevel)] = []

  init(path: String, tree: SourceFileSyntax) {
    summary = FileSummary(path: path)
    ranges = RangeConverter(path: path, tree: tree)
    members = MemberCollector(ranges: ranges)
    super.init(viewMode: .sourceAccurate)
  }

  private var scopeName: String { scopes.last?.name ?? "" }
  private var scopeAccess: AccessLevel { scopes.last?.access ?? .open }

  private func qualified(_ name: String) -> String {
    scopeName.isEmpty ? name : "\(scopeName).\(name)"
  }

  private func inheritance(_ clause: InheritanceClauseSyntax?) -> [TypeReference] {
    guard let clause else { return [] }
    return clause.inheritedTypes.compactMap { inherited in
      let name = TypeNormalizer.text(TypeNormalizer.strip(inherited.type))
      return name.isEmpty ? nil : TypeReference(name: name, range: ranges.range(of: inherited.type))
    }
  }

  // MARK: Nominal types

  private func enterType(
    kind: TypeKind, name: TokenSyntax, modifiers: DeclModifierListSyntax,
    generics: GenericParameterClauseSyntax?, clause: InheritanceClauseSyntax?, body: MemberBlockSyntax
  ) -> SyntaxVisitorContinueKind {
    guard name.presence == .present, !name.text.isEmpty else { return .skipChildren }
    let qualifiedName = qualified(name.text)
    let access = min(modifiers.accessLevel ?? .internal, scopeAccess)
    let declarations = body.flattenedDeclarations
    var initializers: [Initializer] = []
    if kind != .enum {
      let declared = members.initializers(in: declarations, typeAccess: access)
      initializers = declared.usable
      if !declared.declaresAny,
        let implicit = members.implicitInitializer(kind: kind, members: declarations, typeAccess: access, name: name)
      {
        initializers = [implicit]
      }
    }
    summary.types.append(
      TypeDeclaration(
        name: qualifiedName, kind: kind, access: access, isGeneric: generics != nil,
        inheritance: inheritance(clause), initializers: initializers,
        methods: kind == .class
          ? members.methods(in: declarations, defaultAccess: .internal, typeAccess: access) : [],
        range: ranges.range(of: name)))
    scopes.append((qualifiedName, access))
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      kind: .class, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
      clause: node.inheritanceClause, body: node.memberBlock)
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType(node.name) }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      kind: .struct, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
      clause: node.inheritanceClause, body: node.memberBlock)
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType(node.name) }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      kind: .actor, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
      clause: node.inheritanceClause, body: node.memberBlock)
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType(node.name) }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      kind: .enum, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
      clause: node.inheritanceClause, body: node.memberBlock)
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType(node.name) }

  /// Pops the scope pushed by `enterType`, which skipped nameless (half-typed) types.
  private func leaveType(_ name: TokenSyntax) {
    guard name.presence == .present, !name.text.isEmpty else { return }
    scopes.removeLast()
  }

  // MARK: Other declarations

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.name.presence == .present else { return .skipChildren }
    summary.protocols.append(
      ProtocolDeclaration(
        name: qualified(node.name.text), access: min(node.modifiers.accessLevel ?? .internal, scopeAccess),
        range: ranges.range(of: node.name)))
    return .skipChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let extended = TypeNormalizer.text(TypeNormalizer.strip(node.extendedType))
    guard !extended.isEmpty else { return .skipChildren }
    let defaultAccess = node.modifiers.accessLevel ?? .internal
    summary.extensions.append(
      ExtensionDeclaration(
        extendedType: extended, inheritance: inheritance(node.inheritanceClause),
        methods: members.methods(
          in: node.memberBlock.flattenedDeclarations, defaultAccess: defaultAccess, typeAccess: .open),
        range: ranges.range(of: node.extendedType)))
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let target = TypeNormalizer.text(TypeNormalizer.strip(node.initializer.value))
    guard node.name.presence == .present, !target.isEmpty, node.genericParameterClause == nil else {
      return .skipChildren
    }
    summary.typealiases.append(
      TypealiasDeclaration(
        name: qualified(node.name.text), target: target, lookupScope: scopeName,
        range: ranges.range(of: node.name)))
    return .skipChildren
  }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    summary.imports.append(node.path.map(\.name.text).joined(separator: "."))
    return .skipChildren
  }

  // Bodies hold no declarations that other files can name.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
