import DpendModel
import SwiftSyntax

/// Dip's type forwarding (SPEC 8.4): `c.register(service, type: P.self)` with the definition
/// in a variable or written inline.
extension ContainerReader {
  /// Keeps the registration just read for `call` under the name of the variable it is
  /// assigned to, if any.
  func noteDefinition(_ call: FunctionCallExprSyntax) {
    var node = Syntax(call)
    while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
      node = parent  // `c.register { … }.implements(Q.self)`
    }
    guard let binding = node.parent?.parent?.as(PatternBindingSyntax.self),
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return }
    definitions[name] = registrations.count - 1
  }

  /// Dip's type forwarding, `c.register(service, type: P.self)` (or the definition written
  /// inline): the definition's factory answers `P` too (SPEC 8.4). `false` when `call` is not
  /// one whose definition was read.
  func forwardType(_ call: FunctionCallExprSyntax) -> Bool {
    guard let first = call.arguments.first, first.label == nil,
      let forwarded = CallShape.argument(call, "type").flatMap({ CallShape.metatype($0.expression) })
    else { return false }
    var index: Int?
    if let name = first.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
      index = definitions[name]
    } else if let inner = first.expression.as(FunctionCallExprSyntax.self), CallShape.calledName(inner) == "register",
      DipDialect.isRegistration(inner)
    {
      // Read now, before its turn as a child of this call.
      if let registration = readRegistration(inner, name: "register", dialects: [DipDialect.dialect]) {
        registrations.append(registration)
        consume(inner)
        index = registrations.count - 1
      }
    }
    guard let index, registrations[index].unread == nil else { return false }
    let tag = CallShape.argument(call, "tag")?.expression
    if tag == nil || tag.flatMap(CallShape.literal) == registrations[index].name {
      registrations[index].types.append(forwarded)
    } else {
      // Another tag: a key of its own, made by the same factory (its needs counted once).
      var other = registrations[index]
      other.types = [forwarded]
      other.needs = []
      other.propertyNeeds = []
      other.name = nil
      other.range = nameRange(call)
      other.readName(tag, called: "tag")
      registrations.append(other)
    }
    return true
  }
}
