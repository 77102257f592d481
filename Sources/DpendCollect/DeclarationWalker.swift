import DpendModel
import SwiftSyntax

/// Walks one file's declarations and fills a ``FileSummary``. Types nested in types (or in
/// extensions) get qualified names.
///
/// The walk follows the declaration skeleton only — the file's top-level items, member
/// blocks and the branches of `#if` — and never enters bodies of functions, closures or
/// accessors (types declared there cannot be named from outside) nor statements. It is a
/// plain recursion rather than a `SyntaxVisitor`: visiting every node costs more than the
/// few declarations it finds (see BENCHMARKS.md).
final class DeclarationWalker {
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
  }

  /// Walks every declaration of `file`.
  func walk(_ file: SourceFileSyntax) {
    walk(statements: file.statements)
  }

  /// Top-level items (or a top-level `#if` branch): only declarations can declare types.
  private func walk(statements: CodeBlockItemListSyntax) {
    for item in statements {
      if case .decl(let decl) = item.item { declaration(decl) }
    }
  }

  /// One declaration at the top level or in a member block (already flattened out of `#if`).
  private func declaration(_ decl: DeclSyntax) {
    switch decl.kind {
    case .classDecl:
      let node = decl.cast(ClassDeclSyntax.self)
      type(
        kind: .class, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
        clause: node.inheritanceClause, body: node.memberBlock)
    case .structDecl:
      let node = decl.cast(StructDeclSyntax.self)
      type(
        kind: .struct, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
        clause: node.inheritanceClause, body: node.memberBlock)
    case .actorDecl:
      let node = decl.cast(ActorDeclSyntax.self)
      type(
        kind: .actor, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
        clause: node.inheritanceClause, body: node.memberBlock)
    case .enumDecl:
      let node = decl.cast(EnumDeclSyntax.self)
      type(
        kind: .enum, name: node.name, modifiers: node.modifiers, generics: node.genericParameterClause,
        clause: node.inheritanceClause, body: node.memberBlock)
    case .protocolDecl: protocolDeclaration(decl.cast(ProtocolDeclSyntax.self))
    case .extensionDecl: extensionDeclaration(decl.cast(ExtensionDeclSyntax.self))
    case .typeAliasDecl: typealiasDeclaration(decl.cast(TypeAliasDeclSyntax.self))
    case .importDecl: importDeclaration(decl.cast(ImportDeclSyntax.self))
    case .ifConfigDecl:
      // A top-level `#if`: every branch counts (dpend cannot know which condition holds).
      for clause in decl.cast(IfConfigDeclSyntax.self).clauses {
        switch clause.elements {
        case .statements(let statements): walk(statements: statements)
        case .decls(let nested): for member in MemberBlockSyntax.flatten(nested) { declaration(member) }
        default: continue
        }
      }
    default:
      // Functions, variables, initializers, subscripts, macros…: no nominal types inside
      // that other files can name.
      return
    }
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

  /// A class, struct, actor or enum, then the types nested in it. Nameless (half-typed)
  /// types are skipped with their members.
  private func type(
    kind: TypeKind, name: TokenSyntax, modifiers: DeclModifierListSyntax,
    generics: GenericParameterClauseSyntax?, clause: InheritanceClauseSyntax?, body: MemberBlockSyntax
  ) {
    guard name.presence == .present, !name.text.isEmpty else { return }
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
    for member in declarations { declaration(member) }
    scopes.removeLast()
  }

  // MARK: Other declarations

  private func protocolDeclaration(_ node: ProtocolDeclSyntax) {
    guard node.name.presence == .present else { return }
    summary.protocols.append(
      ProtocolDeclaration(
        name: qualified(node.name.text), access: effectiveAccess(node.modifiers),
        range: ranges.range(of: node.name)))
  }

  /// Types and typealiases declared in an extension are nested in the extended type.
  private func extensionDeclaration(_ node: ExtensionDeclSyntax) {
    let extended = TypeNormalizer.text(TypeNormalizer.strip(node.extendedType))
    guard !extended.isEmpty else { return }
    let defaultAccess = node.modifiers.accessLevel ?? .internal
    let declarations = node.memberBlock.flattenedDeclarations
    summary.extensions.append(
      ExtensionDeclaration(
        extendedType: extended, inheritance: inheritance(node.inheritanceClause),
        methods: members.methods(in: declarations, defaultAccess: defaultAccess, typeAccess: .open),
        range: ranges.range(of: node.extendedType), closingBrace: closingBrace(of: node.memberBlock)))
    // The extended type's own access and generic parameters are known only when it is
    // declared earlier in this file; a `where` clause means it is generic.
    let known = summary.types.first { $0.name == extended }
    scopes.append(
      Enclosing(
        name: extended, access: min(node.modifiers.accessLevel ?? .open, known?.access ?? .open),
        memberDefault: defaultAccess, isGeneric: node.genericWhereClause != nil || known?.isGeneric == true))
    for member in declarations { declaration(member) }
    scopes.removeLast()
  }

  private func typealiasDeclaration(_ node: TypeAliasDeclSyntax) {
    let target = TypeNormalizer.text(TypeNormalizer.strip(node.initializer.value))
    guard node.name.presence == .present, !target.isEmpty, node.genericParameterClause == nil else { return }
    summary.typealiases.append(
      TypealiasDeclaration(
        name: qualified(node.name.text), target: target, lookupScope: scopeName,
        range: ranges.range(of: node.name)))
  }

  private func importDeclaration(_ node: ImportDeclSyntax) {
    var path = node.path.map(\.name.text)
    // `import struct Foundation.Date` names a declaration after the module.
    if node.importKindSpecifier != nil, path.count > 1 { path.removeLast() }
    if !path.isEmpty, !path.contains(where: \.isEmpty) {
      summary.imports.append(path.joined(separator: "."))
    }
  }
}
