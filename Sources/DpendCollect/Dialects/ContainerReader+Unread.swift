import DpendModel
import SwiftSyntax

/// The `register` and `resolve` calls made on a container that no dialect or helper reads
/// (SPEC 8.5): each is unread, with its reason, never skipped. A call counts as made on a
/// container when its receiver is one by its type (``receiverContainer(of:)``); anything
/// else (`tableView.register(…)`, `promise.resolve(value)`) is no container's.
extension ContainerReader {
  /// Reads the calls kept by ``noteUnreadCandidate(_:)`` once the whole file is walked (a
  /// property may be declared below its use): those on a container become unread
  /// registrations and resolve sites.
  func readUnreadCandidates() {
    // Inside a helper's own body, its callers are read instead.
    for call in unreadCandidates where inferred?.declaresHelper(around: call) != true {
      guard let name = CallShape.calledName(call), let found = receiverContainer(of: call) else { continue }
      let (receiver, dialect) = (found.name, found.dialect)
      let labels = call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
      let reason =
        "'\(name)(\(labels))' on container '\(receiver)' is no form of \(dialect.displayName)'s \(name) dpend reads"
      if name == "resolve" {
        var site = ResolveSite(
          dialect: dialect, type: nil, isRequired: false, range: nameRange(call), unread: reason,
          conditions: conditions(of: call))
        site.lookupScope = scopes.scope(of: call).lexicalScope
        site.receiverType = found.chain
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
        registration.receiverType = found.chain
        registrations.append(registration)
      }
    }
  }
}
