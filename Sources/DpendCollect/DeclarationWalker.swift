import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// Walks one file's declarations and fills a ``FileSummary``. Types nested in types (or in
/// extensions) get qualified names.
///
/// The walk follows the declaration skeleton only — the file's top-level items, member
/// blocks and the branches of `#if` — and never enters bodies of functions, closures or
/// accessors (types declared there cannot be named from outside) nor statements. It reads
/// raw nodes (see ``RawNode``); only registration methods, which few types have, are read
/// through `Syntax` nodes (``MemberCollector/registrationMethod(_:defaultAccess:typeAccess:)``).
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

  /// The slots of a class, struct, actor or enum declaration.
  private struct TypeSlots {
    let modifiers: Slot
    let name: Slot
    let generics: Slot
    let inheritance: Slot
    let body: Slot
  }

  private static let classSlots = TypeSlots(
    modifiers: Slot(\ClassDeclSyntax.modifiers), name: Slot(\ClassDeclSyntax.name),
    generics: Slot(\ClassDeclSyntax.genericParameterClause), inheritance: Slot(\ClassDeclSyntax.inheritanceClause),
    body: Slot(\ClassDeclSyntax.memberBlock))
  private static let structSlots = TypeSlots(
    modifiers: Slot(\StructDeclSyntax.modifiers), name: Slot(\StructDeclSyntax.name),
    generics: Slot(\StructDeclSyntax.genericParameterClause), inheritance: Slot(\StructDeclSyntax.inheritanceClause),
    body: Slot(\StructDeclSyntax.memberBlock))
  private static let actorSlots = TypeSlots(
    modifiers: Slot(\ActorDeclSyntax.modifiers), name: Slot(\ActorDeclSyntax.name),
    generics: Slot(\ActorDeclSyntax.genericParameterClause), inheritance: Slot(\ActorDeclSyntax.inheritanceClause),
    body: Slot(\ActorDeclSyntax.memberBlock))
  private static let enumSlots = TypeSlots(
    modifiers: Slot(\EnumDeclSyntax.modifiers), name: Slot(\EnumDeclSyntax.name),
    generics: Slot(\EnumDeclSyntax.genericParameterClause), inheritance: Slot(\EnumDeclSyntax.inheritanceClause),
    body: Slot(\EnumDeclSyntax.memberBlock))
  private static let fileStatements = Slot(\SourceFileSyntax.statements)
  private static let itemValue = Slot(\CodeBlockItemSyntax.item)
  private static let protocolModifiers = Slot(\ProtocolDeclSyntax.modifiers)
  private static let protocolName = Slot(\ProtocolDeclSyntax.name)
  private static let protocolInheritance = Slot(\ProtocolDeclSyntax.inheritanceClause)
  private static let extensionModifiers = Slot(\ExtensionDeclSyntax.modifiers)
  private static let extensionType = Slot(\ExtensionDeclSyntax.extendedType)
  private static let extensionInheritance = Slot(\ExtensionDeclSyntax.inheritanceClause)
  private static let extensionWhere = Slot(\ExtensionDeclSyntax.genericWhereClause)
  private static let extensionBody = Slot(\ExtensionDeclSyntax.memberBlock)
  private static let functionGenerics = Slot(\FunctionDeclSyntax.genericParameterClause)
  private static let aliasName = Slot(\TypeAliasDeclSyntax.name)
  private static let aliasGenerics = Slot(\TypeAliasDeclSyntax.genericParameterClause)
  private static let aliasInitializer = Slot(\TypeAliasDeclSyntax.initializer)
  private static let aliasValue = Slot(\TypeInitializerClauseSyntax.value)
  private static let importKind = Slot(\ImportDeclSyntax.importKindSpecifier)
  private static let importPath = Slot(\ImportDeclSyntax.path)
  private static let importComponentName = Slot(\ImportPathComponentSyntax.name)
  private static let importAttributes = Slot(\ImportDeclSyntax.attributes)
  private static let attributeName = Slot(\AttributeSyntax.attributeName)
  private static let identifierTypeName = Slot(\IdentifierTypeSyntax.name)
  private static let ifConfigClauses = Slot(\IfConfigDeclSyntax.clauses)
  private static let ifConfigElements = Slot(\IfConfigClauseSyntax.elements)
  private static let inheritedTypes = Slot(\InheritanceClauseSyntax.inheritedTypes)
  private static let inheritedType = Slot(\InheritedTypeSyntax.type)
  private static let bodyMembers = Slot(\MemberBlockSyntax.members)
  private static let bodyRightBrace = Slot(\MemberBlockSyntax.rightBrace)
  private static let genericClauseParameters = Slot(\GenericParameterClauseSyntax.parameters)
  private static let genericParameterName = Slot(\GenericParameterSyntax.name)

  init(ranges: RangeConverter, tree: SourceFileSyntax) {
    summary = FileSummary(path: ranges.path)
    summary.lines = ranges.lines
    self.ranges = ranges
    members = MemberCollector(ranges: ranges, tree: tree)
  }

  /// Walks every declaration of `file`.
  func walk(_ file: SourceFileSyntax) {
    if let statements = RawNode(file).child(Self.fileStatements) { walk(statements: statements) }
    summary.globalTypes = members.globalTypes(in: globals)
  }

  /// The file's global variables and functions, `#if` branches flattened in.
  private var globals: [RawNode] = []

  /// Top-level items (or a top-level `#if` branch): only declarations can declare types.
  private func walk(statements: RawNode) {
    for item in statements.elements {
      guard let value = item.child(Self.itemValue) else { continue }
      if scopes.isEmpty && (value.kind == .variableDecl || value.kind == .functionDecl) { globals.append(value) }
      declaration(value)
    }
  }

  /// One declaration at the top level or in a member block (already flattened out of
  /// `#if`); statements and expressions are ignored.
  private func declaration(_ decl: RawNode) {
    switch decl.kind {
    case .classDecl: type(.class, decl, Self.classSlots)
    case .structDecl: type(.struct, decl, Self.structSlots)
    case .actorDecl: type(.actor, decl, Self.actorSlots)
    case .enumDecl: type(.enum, decl, Self.enumSlots)
    case .protocolDecl: protocolDeclaration(decl)
    case .extensionDecl: extensionDeclaration(decl)
    case .typeAliasDecl: typealiasDeclaration(decl)
    case .importDecl: importDeclaration(decl)
    case .ifConfigDecl:
      // A top-level `#if`: every branch counts (dpend cannot know which condition holds).
      for clause in decl.child(Self.ifConfigClauses)?.elements ?? [] {
        guard let elements = clause.child(Self.ifConfigElements) else { continue }
        switch elements.kind {
        case .codeBlockItemList: walk(statements: elements)
        case .memberBlockItemList: for member in MemberCollector.flatten(elements) { declaration(member) }
        default: continue
        }
      }
    case .functionDecl:
      // A generic function may be one of the app's helpers (SPEC 8.1); no nominal types
      // inside that other files can name.
      if decl.child(Self.functionGenerics) != nil,
        let function = syntax(of: decl, as: FunctionDeclSyntax.self),
        let helper = HelperReader(ranges: ranges).helper(function, owner: scopes.last?.name)
      {
        summary.vocabulary.helpers.append(helper)
      }
    default:
      // Variables, initializers, subscripts, macros…: no nominal types inside that other
      // files can name.
      return
    }
  }

  /// The `Syntax` node of the declaration `decl`, found by position in the tree.
  private func syntax<Node: SyntaxProtocol>(of decl: RawNode, as type: Node.Type) -> Node? {
    var node = members.tree.token(at: AbsolutePosition(utf8Offset: decl.start)).map(Syntax.init)
    while let current = node, current.position.utf8Offset >= decl.offset {
      if let found = current.as(Node.self), found.position.utf8Offset == decl.offset { return found }
      node = current.parent
    }
    return nil
  }

  private var scopeName: String { scopes.last?.name ?? "" }
  private var scopeAccess: AccessLevel { scopes.last?.access ?? .open }

  /// The effective access of a declaration with `modifiers` in the current scope.
  private func effectiveAccess(_ modifiers: RawNode?) -> AccessLevel {
    min(Modifiers.accessLevel(modifiers) ?? scopes.last?.memberDefault ?? .internal, scopeAccess)
  }

  private func qualified(_ name: String) -> String {
    scopeName.isEmpty ? name : "\(scopeName).\(name)"
  }

  private func inheritance(_ clause: RawNode?) -> [TypeReference] {
    guard let clause else { return [] }
    // `P & Q` conforms to both: each element is an entry of its own.
    var types: [RawNode] = []
    for inherited in clause.child(Self.inheritedTypes)?.elements ?? [] {
      guard let type = inherited.child(Self.inheritedType) else { continue }
      if let parts = RawTypeReader.compositionParts(RawTypeReader.strip(type)) {
        types += parts
      } else {
        types.append(type)
      }
    }
    return types.compactMap { type in
      let name = RawTypeReader.text(RawTypeReader.strip(type))
      return name.isEmpty ? nil : TypeReference(name: name, range: ranges.range(of: type))
    }
  }

  /// The `}` ending a body, or `nil` while it is not typed yet.
  private func closingBrace(of body: RawNode) -> DpendModel.SourceRange? {
    guard let brace = body.child(Self.bodyRightBrace), brace.isPresentToken else { return nil }
    return ranges.range(of: brace)
  }

  /// The declarations of a member block, `#if` branches flattened in.
  private func declarations(of body: RawNode?) -> [RawNode] {
    body?.child(Self.bodyMembers).map(MemberCollector.flatten) ?? []
  }

  // MARK: Nominal types

  /// A class, struct, actor or enum, then the types nested in it. Nameless (half-typed)
  /// types are skipped with their members.
  private func type(_ kind: TypeKind, _ decl: RawNode, _ slots: TypeSlots) {
    var children = decl.children
    let modifiers = children(slots.modifiers)
    guard let name = children(slots.name), name.isPresentToken, !name.tokenText.isEmpty else { return }
    let generics = children(slots.generics)
    let clause = children(slots.inheritance)
    let body = children(slots.body)
    let qualifiedName = qualified(name.text)
    let access = effectiveAccess(modifiers)
    // A type nested in a generic one cannot be named without the outer type's arguments.
    let isGeneric = generics != nil || scopes.last?.isGeneric == true
    let declarations = declarations(of: body)
    var initializers: [Initializer] = []
    var declaresInitializer = false
    if kind != .enum {
      let declared = members.initializers(in: declarations, typeAccess: access)
      initializers = declared.usable
      declaresInitializer = declared.declaresAny
      if !declared.declaresAny,
        let implicit = members.implicitInitializer(kind: kind, members: declarations, typeAccess: access, name: name)
      {
        initializers = [implicit]
      }
    }
    var declared = TypeDeclaration(
      name: qualifiedName, kind: kind, access: access, isGeneric: isGeneric,
      inheritance: inheritance(clause), initializers: initializers,
      methods: kind == .class
        ? members.methods(in: declarations, defaultAccess: .internal, typeAccess: access) : [],
      range: ranges.range(of: name), closingBrace: body.flatMap(closingBrace(of:)),
      closingBraceStartsLine: body?.child(Self.bodyRightBrace)?.startsLine ?? false)
    (declared.propertyTypes, declared.staticTypes) = members.memberTypes(
      in: declarations, enumName: kind == .enum ? qualifiedName : nil)
    declared.declaresNoInitializer = kind == .class && !declaresInitializer
    if let generics { declared.genericParameters = genericParameters(generics) }
    summary.types.append(declared)
    if generics != nil, kind != .enum, let helper = wrapperHelper(decl, kind: kind) {
      summary.vocabulary.helpers.append(helper)
    }
    scopes.append(Enclosing(name: qualifiedName, access: access, memberDefault: .internal, isGeneric: isGeneric))
    for member in declarations { declaration(member) }
    scopes.removeLast()
  }

  /// The names of a generic type's own generic parameters, from its clause `generics`.
  private func genericParameters(_ generics: RawNode) -> [String] {
    (generics.child(Self.genericClauseParameters)?.elements ?? []).map {
      $0.child(Self.genericParameterName)?.text ?? ""
    }
  }

  /// A generic `@propertyWrapper` type that resolves its value: one of the app's inject wrappers.
  private func wrapperHelper(_ decl: RawNode, kind: TypeKind) -> HelperDeclaration? {
    let reader = HelperReader(ranges: ranges)
    switch kind {
    case .struct:
      guard let node = syntax(of: decl, as: StructDeclSyntax.self), let clause = node.genericParameterClause else {
        return nil
      }
      return reader.wrapper(node, name: node.name, generics: clause)
    case .class:
      guard let node = syntax(of: decl, as: ClassDeclSyntax.self), let clause = node.genericParameterClause else {
        return nil
      }
      return reader.wrapper(node, name: node.name, generics: clause)
    case .actor, .enum:
      return nil
    }
  }

  // MARK: Other declarations

  private func protocolDeclaration(_ decl: RawNode) {
    guard let name = decl.child(Self.protocolName), name.isPresentToken else { return }
    summary.protocols.append(
      ProtocolDeclaration(
        name: qualified(name.text), access: effectiveAccess(decl.child(Self.protocolModifiers)),
        range: ranges.range(of: name), inheritance: inheritance(decl.child(Self.protocolInheritance))))
  }

  /// Types and typealiases declared in an extension are nested in the extended type.
  private func extensionDeclaration(_ decl: RawNode) {
    guard let extendedType = decl.child(Self.extensionType) else { return }
    let extended = RawTypeReader.text(RawTypeReader.strip(extendedType))
    guard !extended.isEmpty else { return }
    let written = Modifiers.accessLevel(decl.child(Self.extensionModifiers))
    let defaultAccess = written ?? .internal
    let body = decl.child(Self.extensionBody)
    let declarations = declarations(of: body)
    var declared = ExtensionDeclaration(
      extendedType: extended, inheritance: inheritance(decl.child(Self.extensionInheritance)),
      methods: members.methods(in: declarations, defaultAccess: defaultAccess, typeAccess: .open),
      range: ranges.range(of: extendedType), closingBrace: body.flatMap(closingBrace(of:)))
    declared.initializers = members.initializers(in: declarations, typeAccess: written ?? .internal).usable
    declared.staticTypes = members.memberTypes(in: declarations, enumName: nil).statics
    summary.extensions.append(declared)
    // The extended type's own access and generic parameters are known only when it is
    // declared earlier in this file; a `where` clause means it is generic.
    let known = summary.types.first { $0.name == extended }
    scopes.append(
      Enclosing(
        name: extended, access: min(written ?? .open, known?.access ?? .open), memberDefault: defaultAccess,
        isGeneric: decl.child(Self.extensionWhere) != nil || known?.isGeneric == true))
    for member in declarations { declaration(member) }
    scopes.removeLast()
  }

  private func typealiasDeclaration(_ decl: RawNode) {
    guard let name = decl.child(Self.aliasName), name.isPresentToken,
      let value = decl.child(Self.aliasInitializer)?.child(Self.aliasValue), decl.child(Self.aliasGenerics) == nil
    else { return }
    let target = RawTypeReader.text(RawTypeReader.strip(value))
    guard !target.isEmpty else { return }
    summary.typealiases.append(
      TypealiasDeclaration(
        name: qualified(name.text), target: target, lookupScope: scopeName, range: ranges.range(of: name)))
  }

  private func importDeclaration(_ decl: RawNode) {
    var path = (decl.child(Self.importPath)?.elements ?? []).map { $0.child(Self.importComponentName)?.text ?? "" }
    // `import struct Foundation.Date` names a declaration after the module.
    if decl.child(Self.importKind) != nil, path.count > 1 { path.removeLast() }
    if !path.isEmpty, !path.contains(where: \.isEmpty) {
      let module = path.joined(separator: ".")
      summary.imports.append(module)
      // `@_exported import Resolver`: the library is visible beyond this file (SPEC 10).
      let attributes = decl.child(Self.importAttributes)?.elements ?? []
      let exported = attributes.contains { attribute in
        attribute.child(Self.attributeName)?.child(Self.identifierTypeName)?.text == "_exported"
      }
      if exported, Dialect.libraryModules.contains(module) { summary.vocabulary.exportedImports.append(module) }
    }
  }
}
