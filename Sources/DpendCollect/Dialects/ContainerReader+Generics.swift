import DpendModel
import SwiftSyntax

/// The generic parameters of the code around a site, in the types its type is found through:
/// the caller's, so left to Swift (`_`) or unread (``ContainerReader``'s `readingGenerics`).
extension ContainerReader {
  /// The type whose initializer or property a site's type is found in; `nil` for a written one.
  static func owner(of type: ResolvedType) -> String? {
    switch type {
    case .named: nil
    case .parameter(let owner, _, _), .member(let owner, _): owner
    case .initializerParameter(let outer, _, _), .functionResult(let outer), .property(let outer, _):
      self.owner(of: outer)
    case .staticMember, .global, .array: nil
    }
  }

  /// `type` with the generic parameters of the code around, in the types it is found through,
  /// left to Swift (`_`): `presenter.view = r.resolve()` with `presenter: Presenter<V>` in
  /// `func bind<V>` is `Presenter<_>`'s `view`, whose type is the caller's if it names `View`.
  static func opening(_ generics: Set<String>, in type: ResolvedType) -> ResolvedType {
    func open(_ written: String) -> String { TypeNames.mapping(in: written) { generics.contains($0) ? "_" : $0 } }
    switch type {
    case .named: return type
    case .parameter(let owner, let labels, let position):
      return .parameter(of: open(owner), labels: labels, position: position)
    case .member(let owner, let name): return .member(of: open(owner), name: name)
    case .initializerParameter(let outer, let labels, let position):
      return .initializerParameter(of: opening(generics, in: outer), labels: labels, position: position)
    case .functionResult(let outer): return .functionResult(of: opening(generics, in: outer))
    case .property(let outer, let name): return .property(of: opening(generics, in: outer), name: name)
    case .array(let elements): return .array(of: elements.map { opening(generics, in: $0) })
    case .staticMember, .global: return type
    }
  }

  /// `resolve(T.self)` inside `func inject<T>()`: the key is whatever a caller makes `T`.
  /// `nil` inside one of the app's inferred helpers, whose body forwards the key: its callers
  /// are read instead.
  func readingGenerics(_ site: ResolveSite, at node: some SyntaxProtocol) -> ResolveSite? {
    var site = site
    site.lookupScope = scopes.scope(of: node).lexicalScope
    if site.dialect.writesKeyInArguments { recordKey(of: node, named: site.range) }
    if site.dialect.traits.tellsInstancesApart, let call = node.as(FunctionCallExprSyntax.self) {
      site.instance = instances.reference(ofCall: call)
    }
    // `resolve(tag: tag) as T` in a helper: its tag is the caller's too.
    if site.type == nil, let inferred, inferred.declaresHelper(around: node) { return nil }
    let generics = scopes.scope(of: node).generics
    guard let type = site.type, !generics.isEmpty else { return site }
    if case .named(let name) = type, generics.contains(Self.head(of: name)) {
      if let inferred, inferred.declaresHelper(around: node, generic: Self.head(of: name)) { return nil }
      site.type = nil
      site.unread = "'\(name)' is a generic parameter: the key depends on the caller"
      return site
    }
    if case .named(let name) = type, let open = TypeNames.names(in: name).first(where: generics.contains) {
      if let inferred, inferred.declaresHelper(around: node, generic: open) { return nil }
      site.type = nil
      site.unread = "'\(name)' names '\(open)', a generic parameter of the code around: the key depends on the caller"
      return site
    }
    // `presenter.view = r.resolve()` with `presenter: V`: the caller's type's property.
    if let owner = Self.owner(of: type), generics.contains(Self.head(of: owner)) {
      site.type = nil
      site.unread =
        "it is found through '\(owner)', a generic parameter of the code around: the key depends on the caller"
      return site
    }
    site.type = Self.opening(generics, in: type)
    return site
  }
}
