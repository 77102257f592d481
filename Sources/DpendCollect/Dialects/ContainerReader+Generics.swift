import DpendModel

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
}
