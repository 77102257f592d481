import DpendModel
import SwiftSyntax

/// The `register` and `resolve` calls made on a container that no dialect or helper reads
/// (SPEC 8.5): each is unread, with its reason, never skipped. A call counts as made on a
/// container when its receiver is
/// - a parameter typed as a container of a library the file imports (`container: Container`),
/// - the untyped parameter of a registration's factory (`{ r in r.resolve(service) }`),
/// - a global or property the file declares as a container, or a container value of the
///   workspace's vocabulary (``InferredHelpers/containerValues``).
/// Anything else (`tableView.register(…)`, `promise.resolve(value)`) is no container's.
extension ContainerReader {
  /// Reads the calls kept by ``noteUnreadCandidate(_:)`` once the whole file is walked (a
  /// property may be declared below its use): those on a container become unread
  /// registrations and resolve sites.
  func readUnreadCandidates() {
    let declared = Dictionary(containerValues.map { ($0.name, $0.dialect) }) { first, _ in first }
    // Inside a helper's own body, its callers are read instead.
    for call in unreadCandidates where inferred?.declaresHelper(around: call) != true {
      guard let name = CallShape.calledName(call), let (receiver, dialect) = container(of: call, declared: declared)
      else { continue }
      let labels = call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
      let reason =
        "'\(name)(\(labels))' on container '\(receiver)' is no form of \(dialect.displayName)'s \(name) dpend reads"
      if name == "resolve" {
        var site = ResolveSite(
          dialect: dialect, type: nil, isRequired: false, range: nameRange(call), unread: reason,
          conditions: conditions(of: call))
        site.lookupScope = scopes.scope(of: call).lexicalScope
        resolveSites.append(site)
      } else {
        // Its key may be any: it stays silent on what it could answer, no more — the type
        // when written as `T.self`, its name when written.
        let type = call.arguments.first.flatMap { CallShape.metatype($0.expression) }
        var registration = ContainerRegistration(
          dialect: dialect, types: type.map { [$0] } ?? [], range: nameRange(call), unread: reason,
          conditions: conditions(of: call), scopeName: CallShape.receiver(call))
        if let written = CallShape.argument(call, "name") ?? CallShape.argument(call, "tag") {
          registration.readName(written.expression, called: "name")
        } else {
          registration.nameIsComputed = true
        }
        registration.lookupScope = scopes.scope(of: call).lexicalScope
        registrations.append(registration)
      }
    }
  }

  /// The receiver's name and the container's dialect, when `call` is made on a container.
  private func container(of call: FunctionCallExprSyntax, declared: [String: Dialect]) -> (String, Dialect)? {
    var components = CallShape.receiver(call).split(separator: ".").map(String.init)
    if components.first == "self" { components.removeFirst() }
    guard let root = components.first else { return nil }
    if let dialect = slotDialect(of: root, at: call) { return (root, dialect) }
    if let parameter = scopes.scope(of: call).bindings[root] {
      guard let type = parameter.type else {
        // The factory's own parameter: `register(P.self) { r in … }` passes the resolver.
        guard parameter.closure?.callee == "register", parameter.closure?.position == 0 else { return nil }
        return dialects.first { $0 == .swinject || $0 == .resolver }.map { (root, $0) }
      }
      var bare = TypeText.normalize(type)
      while bare.hasSuffix("?") || bare.hasSuffix("!") { bare.removeLast() }
      let last = bare.split(separator: ".").last.map(String.init) ?? bare
      return dialects.first { ContainerVocabulary.containerTypes[$0]?.contains(last) == true }.map { (root, $0) }
    }
    for component in components {
      if let dialect = declared[component] ?? inferred?.containerValues[component] { return (component, dialect) }
    }
    return nil
  }
}
