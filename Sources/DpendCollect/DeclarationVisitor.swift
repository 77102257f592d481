import DpendModel
import SwiftSyntax

/// Walks one file's declarations and fills a ``FileSummary``. Types nested in types (or in
/// extensions) get qualified names; bodies of functions, closures and accessors are skipped (types
/// declared there cannot be named from outside).
final class DeclarationVisitor: SyntaxVisitor {
  private(set) var summary: FileSummary
  private let ranges: RangeConverter
  private let members: MemberCollector
  /// The enclosing types and extensions, innermost last.
  private var scopes: [Enclosing] = []

  /// A type or extension whose body is being walked.
  private struct Enclosing {
    /// Qualified name: the type's, or the extended type's as written.
    var name: String
    /// The highest access a member can have (effective access of the type).
    var access: AccessLevel
    /// The access of a member written without a modifier (`public` in a `public extension`).
    var memberDefault: AccessLevel
    /// `true` when this scope or an enclosing one has generic parameters.
    var isGeneric: Bool
  }

  init(ranges: RangeConverter) {
    summary = FileSummary(path: ranges.path)
    self.ranges = ranges
    members = MemberCollector(ranges: ranges)
    super.init(viewMode: .sourceAccurate)
  }

  private var scopeName: String { scopes.last?.name ?? "" }
  private var scopeAccess: AccessLevel { scopes.last?.access ?? .open }

  /// The effective access of a declaration with `modifiers` in the current scope.
  private func effectiveAccess(_ modifiers: DeclModifierListSyntax) -> AccessLevel {
    min(modifiers.accessLevel ?? scopes.last?.memberDefault ?? .internal, scopeAccess)
  }

  private func qualified(_ name: String) -> String {
    scopeName.isEmpty ? name : "\(scopeName).\(name)"
  }

  private func inheritance(_ clause: InheritanceClauseSyntax?) -> [TypeReference] {
    guard let clause else { return [] }
    // `P & Q` conforms to both: each element is an entry of its own.
    let types = clause.inheritedTypes.flatMap { inherited -> [TypeSyntax] in
      let stripped = TypeNormalizer.strip(inherited.type)
      guard let composition = stripped.as(CompositionTypeSyntax.self) else { return [inherited.type] }
      return composition.elements.map(\.type)
    }
    return types.compactMap { type in
      let name = TypeNormalizer.text(TypeNormalizer.strip(type))
      return name.isEmpty ? nil : TypeReference(name: name, range: ranges.range(of: type))
    }
  }

  /// The `}` ending a body, or `nil` while it is not typed yet.
  private func closingBrace(of body: MemberBlockSyntax) -> DpendModel.SourceRange? {
    body.rightBrace.presence == .present ? ranges.range(of: body.rightBrace) : nil
  }

  // MARK: Nominal types

  private func enterType(
    kind: TypeKind, name: TokenSyntax, modifiers: DeclModifierListSyntax,
    generics: GenericParameterClauseSyntax?, clause: InheritanceClauseSyntax?, body: MemberBlockSyntax
  ) -> SyntaxVisitorContinueKind {
    guard name.presence == .present, !name.text.isEmpty else { return .skipChildren }
    let qualifiedName = qualified(name.text)
    let access = effectiveAccess(modifiers)
    // A type nested in a generic one cannot be named without the outer type's arguments.
    let isGeneric = generics != nil || scopes.last?.isGeneric == true
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
        name: qualifiedName, kind: kind, access: access, isGeneric: isGeneric,
        inheritance: inheritance(clause), initializers: initializers,
        methods: kind == .class
          ? members.methods(in: declarations, defaultAccess: .internal, typeAccess: access) : [],
        range: ranges.range(of: name), closingBrace: closingBrace(of: body)))
    scopes.append(Enclosing(name: qualifiedName, access: access, memberDefault: .internal, isGeneric: isGeneric))
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
        name: qualified(node.name.text), access: effectiveAccess(node.modifiers),
        range: ranges.range(of: node.name)))
    return .skipChildren
  }

  /// Types and typealiases declared in an extension are nested in the extended type.
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let extended = extendedName(node)
    guard !extended.isEmpty else { return .skipChildren }
    let defaultAccess = node.modifiers.accessLevel ?? .internal
    summary.extensions.append(
      ExtensionDeclaration(
        extendedType: extended, inheritance: inheritance(node.inheritanceClause),
        methods: members.methods(
          in: node.memberBlock.flattenedDeclarations, defaultAccess: defaultAccess, typeAccess: .open),
        range: ranges.range(of: node.extendedType), closingBrace: closingBrace(of: node.memberBlock)))
    // The extended type's own access and generic parameters are known only when it is
    // declared earlier in this file; a `where` clause means it is generic.
    let known = summary.types.first { $0.name == extended }
    scopes.append(
      Enclosing(
        name: extended, access: min(node.modifiers.accessLevel ?? .open, known?.access ?? .open),
        memberDefault: defaultAccess, isGeneric: node.genericWhereClause != nil || known?.isGeneric == true))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) {
    guard !extendedName(node).isEmpty else { return }
    scopes.removeLast()
  }

  private func extendedName(_ node: ExtensionDeclSyntax) -> String {
    TypeNormalizer.text(TypeNormalizer.strip(node.extendedType))
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
    var path = node.path.map(\.name.text)
    // `import struct Foundation.Date` names a declaration after the module.
    if node.importKindSpecifier != nil, path.count > 1 { path.removeLast() }
    if !path.isEmpty, !path.contains(where: \.isEmpty) {
      summary.imports.append(path.joined(separator: "."))
    }
    return .skipChildren
  }

  // Parts of declarations that hold no nominal types: skipped whole, which keeps the walk
  // to the declaration skeleton (members are read directly by `MemberCollector`).
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // Bodies hold no declarations that other files can name.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
