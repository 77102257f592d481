import DpendModel
import SwiftSyntax

/// Names the container instance a Swinject or Dip call is made on (SPEC 8.6), and the
/// container variables a file declares. What it cannot follow it leaves unnamed, which the
/// analysis takes as any container: a parameter, `self` in an extension of the container, a
/// call's result, a local bound any other way than `let name = …`.
final class InstanceNaming {
  private let scopes: EnclosingScopes
  private let ranges: RangeConverter

  /// The container variables met so far (``DpendModel/InstanceFacts/declarations``).
  private(set) var declarations: [ContainerInstance] = []
  /// The collaborations met so far (Dip's `collaborate(with:)`).
  private(set) var links: [ContainerLink] = []
  private var declaredKeys: Set<String> = []

  /// The library types whose values are containers whose instances dpend tells apart.
  static let containerTypes: Set<String> = Set(Dialect.allCases.flatMap(\.traits.containerTypes))
  /// The calls whose closures' first parameter is the resolver the factory is given.
  static let factoryCalls: Set<String> = ["register", "autoregister", "initCompleted", "resolvingProperties"]

  init(scopes: EnclosingScopes, ranges: RangeConverter) {
    self.scopes = scopes
    self.ranges = ranges
  }

  /// The container `call` (a `register` or `resolve`) is made on: its receiver's.
  func reference(ofCall call: FunctionCallExprSyntax) -> InstanceReference? {
    guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
    return reference(of: base, at: Syntax(call))
  }

  /// The container `expression` names, written at `node`.
  func reference(of expression: ExprSyntax, at node: Syntax, depth: Int = 0) -> InstanceReference? {
    guard depth < 8 else { return nil }
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return reference(of: unwrapped.expression, at: node, depth: depth + 1)
    }
    if let chained = expression.as(OptionalChainingExprSyntax.self) {
      return reference(of: chained.expression, at: node, depth: depth + 1)
    }
    let scope = scopes.scope(of: node)
    if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
      guard name != "self", name != "Self" else { return nil }
      switch NameLookup.declaration(of: name, at: node) {
      case .parameter(let parameter):
        // The resolver a factory is given: the registration's container, filled in with it.
        if let passing = parameter.passing, passing.position == 0, Self.factoryCalls.contains(passing.callee) {
          return InstanceReference(candidates: [], isFactoryResolver: true)
        }
        return nil
      case .local(let binding): return localReference(binding, depth: depth)
      case .bound: return nil
      // A property of the type around, declared here, is what the name means: one that can
      // hold a container made once, or nothing dpend follows.
      case .member(let binding):
        guard let owner = scope.typeNames.first else { return nil }
        return Self.canHoldMadeContainer(binding) ? InstanceReference(candidates: ["\(owner).\(name)"]) : nil
      case .global, .undeclared:
        return InstanceReference(candidates: scope.typeNames.map { "\($0).\(name)" } + [name])
      }
    }
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
    let name = member.declName.baseName.text
    // An assembler's resolver is its container.
    if name == "resolver" { return reference(of: base, at: node, depth: depth + 1) }
    if base.is(DeclReferenceExprSyntax.self), let root = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
      if root == "self" {
        guard let owner = scope.typeNames.first else { return nil }
        if let member = NameLookup.member(named: name, around: node), !Self.canHoldMadeContainer(member) {
          return nil
        }
        return InstanceReference(candidates: ["\(owner).\(name)"])
      }
      if let first = root.first, first.isUppercase, !NameLookup.declaration(of: root, at: node).isParameter {
        return InstanceReference(candidates: ["\(root).\(name)"])
      }
    }
    return nil
  }

  /// `true` for a property that may hold a container made once: a `let` made of a container,
  /// typed as one, or set from another property or global (what ``record(_:)`` keeps as made
  /// or the same as another).
  private static func canHoldMadeContainer(_ binding: PatternBindingSyntax) -> Bool {
    guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.let), binding.accessorBlock == nil,
      let value = binding.initializer?.value
    else { return false }
    if let call = value.as(FunctionCallExprSyntax.self) { return isContainerConstruction(call) }
    return value.is(MemberAccessExprSyntax.self) || value.is(DeclReferenceExprSyntax.self)
  }

  /// The container a local `let` names: the one it makes, or the one its value names.
  private func localReference(_ binding: PatternBindingSyntax, depth: Int) -> InstanceReference? {
    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
      let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value
    else { return nil }
    if let call = value.as(FunctionCallExprSyntax.self), Self.isContainerConstruction(call) {
      return InstanceReference(candidates: [localKey(pattern)])
    }
    return reference(of: value, at: Syntax(variable), depth: depth + 1)
  }

  /// The outermost function, initializer, accessor or closure around `node` below its type or
  /// the file: a local declared anywhere in it may hide a property or a global.
  private static func outermostBody(around node: Syntax) -> Syntax? {
    var found: Syntax?
    var current = node.parent
    while let parent = current {
      switch parent.kind {
      case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorDecl, .closureExpr, .subscriptDecl:
        found = parent
      case .memberBlock, .sourceFile:
        return found
      default: break
      }
      current = parent.parent
    }
    return found
  }

  private func localKey(_ pattern: IdentifierPatternSyntax) -> String {
    let range = ranges.range(of: pattern.identifier)
    return "\(range.file)@\(range.start.offset)"
  }

  /// `Container()`, `Container(parent: app)`, `DependencyContainer { … }`, `Assembler([…])`.
  static func isContainerConstruction(_ call: FunctionCallExprSyntax) -> Bool {
    guard let type = CallShape.constructedType(call) else { return false }
    return containerTypes.contains(type.split(separator: ".").last.map(String.init) ?? type)
  }

  // MARK: Declarations

  /// Records the container variables `variable` declares: a global or property made of, or
  /// typed as, a container, or a local that makes one.
  func record(_ variable: VariableDeclSyntax) {
    let parent = variable.parent?.parent
    let isGlobal = parent?.is(CodeBlockItemListSyntax.self) == true && parent?.parent?.is(SourceFileSyntax.self) == true
    let isMember = parent?.is(MemberBlockItemListSyntax.self) == true
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    for binding in variable.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
      let makes = call.map(Self.isContainerConstruction) ?? false
      // A local matters only when it makes a container.
      guard isGlobal || isMember || (makes && isLet) else { continue }
      // `Resolver` too: such a property hides a global of its name, though it is never made.
      let typed = binding.typeAnnotation.map { RegistrationGates.namesContainerType($0.type) } ?? false
      var value: ContainerInstance.Value
      var parentReference: InstanceReference?
      // A local returned leaves its body: what it is joined with there
      // (`services.collaborate(with: core)` on the values two factory functions return) is
      // not followed, so it may be any container.
      if makes, isLet, !isGlobal, !isMember, Self.escapes(pattern.identifier.text, from: variable) {
        value = .unknown
      } else if makes, isLet, let call, binding.accessorBlock == nil {
        value = .made
        for argument in call.arguments {
          switch argument.label?.text {
          case "parent", "parentAssembler":
            parentReference = reference(of: argument.expression, at: Syntax(variable))
          case "container":
            // `Assembler(container: c)` applies its assemblies to `c`.
            value = reference(of: argument.expression, at: Syntax(variable)).map { .same($0) } ?? .unknown
          default: break
          }
        }
      } else if isGlobal || isMember, isLet, binding.accessorBlock == nil, let initial = binding.initializer?.value,
        initial.is(MemberAccessExprSyntax.self) || initial.is(DeclReferenceExprSyntax.self),
        let same = reference(of: initial, at: Syntax(variable)), !same.candidates.isEmpty
      {
        value = .same(same)
      } else if makes || typed {
        value = .unknown
      } else {
        continue
      }
      let name = pattern.identifier.text
      let key: String
      if isGlobal {
        key = name
      } else if isMember {
        guard let owner = scopes.scope(of: variable).typeNames.first else { continue }
        key = "\(owner).\(name)"
      } else {
        key = localKey(pattern)
      }
      guard declaredKeys.insert(key).inserted else { continue }
      declarations.append(
        ContainerInstance(
          key: key, name: name, value: value, parent: parentReference, range: ranges.range(of: pattern.identifier)))
    }
  }

  /// `true` when the local `name` declared by `variable` is returned from the body around
  /// it: the function's result, whose uses dpend does not follow.
  private static func escapes(_ name: String, from variable: VariableDeclSyntax) -> Bool {
    guard let body = outermostBody(around: Syntax(variable)) else { return false }
    for token in body.tokens(viewMode: .sourceAccurate) where token.text == name {
      guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
      if reference.parent?.is(ReturnStmtSyntax.self) == true { return true }
    }
    return false
  }

  /// Records Dip's `a.collaborate(with: b, c)`.
  func recordCollaboration(_ call: FunctionCallExprSyntax) {
    guard CallShape.calledName(call) == "collaborate", let first = reference(ofCall: call) else { return }
    for argument in call.arguments {
      if let second = reference(of: argument.expression, at: Syntax(call)) {
        links.append(ContainerLink(first, second))
      }
    }
  }
}
