import DpendModel
import SwiftSyntax

/// Stitcher's resolve sites: the `Requirement`s a container declares, `inject` calls on a
/// `DependencyGraph` and the `@Injected` wrapper.
///
/// - `Requirement(.name("auth"))`, `Requirement(.type(Store.self))`: a required site of that
///   key, required by the enclosing container (checked against the whole graph, as Stitcher
///   validates a container against the graph it activates).
/// - `graph.inject(named: "auth")`, `DependencyGraph.inject(byName: "auth")`: by name;
///   `graph.inject()`, `inject(type: X.self)`, `inject(byType: X.self)`: by type (written, or
///   the annotation or initializer parameter the result goes to); `try?` makes it optional;
///   `inject(byValue:)` is unread.
/// - `@Injected var x: T` (by type; `T?` optional; `[T]` unread: it injects every match),
///   `@Injected("auth")` (0.9) and `@Injected(name: "auth")` (1.0) by name; `@Injected(value:)`
///   and a first unlabelled argument that is not a string literal (a name in 0.9, an
///   instantiation parameter in 1.0) are unread.
extension StitcherDialect {
  /// An `inject` call on a receiver (`graph.inject(named:)`, `DependencyGraph.active.inject()`).
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    guard CallShape.calledName(call) == "inject", call.trailingClosure == nil,
      call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
    else { return nil }
    var name: ExprSyntax?
    var written: String?
    var byValue = false
    var inParameters = false
    for argument in call.arguments {
      switch argument.label?.text {
      case "named"?, "byName"?: name = argument.expression
      case "type"?, "byType"?:
        guard let type = CallShape.metatype(argument.expression) else { return nil }
        written = type
      case "byValue"?: byValue = true
      case "parameters"?: inParameters = true
      case nil where inParameters: continue
      default: return nil
      }
    }
    let context = ResolveContext(of: call)
    var site = ResolveSite(
      dialect: .stitcher, type: nil, isRequired: !context.isOptional, range: reader.nameRange(call),
      conditions: reader.conditions(of: call))
    if byValue {
      site.unread = "the dependency is located by an associated value"
    } else if let name {
      read(name: name, into: &site)
    } else if let type = written.map(ResolvedType.named) ?? context.type {
      site.type = type
    } else {
      site.unread = context.unread ?? "the injected type is inferred from the context"
    }
    return site
  }

  /// `Requirement(.name("auth"))`, `Requirement(.type(Store.self))`.
  static func requirement(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? {
    guard call.arguments.count == 1, let locator = call.arguments.first, locator.label == nil else { return nil }
    var site = ResolveSite(
      dialect: .stitcher, type: nil, isRequired: true, range: reader.nameRange(call),
      conditions: reader.conditions(of: call))
    site.requiredBy = containerName(around: call) ?? "a requirement outside any container"
    let locatorCall = locator.expression.as(FunctionCallExprSyntax.self)
    let kind = locatorCall?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    let first = locatorCall?.arguments.first?.expression
    switch (kind, first) {
    case ("name"?, let name?): read(name: name, into: &site)
    case ("type"?, let type?):
      if let written = CallShape.metatype(type) {
        site.type = .named(written)
      } else {
        site.unread = "the required type '\(type.trimmedDescription)' is not written as 'X.self'"
      }
    default: site.unread = "the requirement's locator '\(locator.expression.trimmedDescription)' is not read"
    }
    return site
  }

  /// The sites of an `@Injected` property: one per binding.
  static func injectedSites(_ variable: VariableDeclSyntax, reader: ContainerReader) -> [ResolveSite] {
    guard
      let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
        let name = $0.attributeName.trimmedDescription
        return name == "Injected" || name == "Stitcher.Injected"
      })
    else { return [] }
    var name: ExprSyntax?
    var unread: String?
    if case .argumentList(let arguments)? = attribute.arguments {
      for (index, argument) in arguments.enumerated() {
        switch argument.label?.text {
        case "name"?: name = argument.expression
        case "value"?: unread = "the dependency is located by an associated value"
        case nil where index == 0:
          if argument.expression.is(StringLiteralExprSyntax.self) {
            name = argument.expression
          } else {
            unread =
              "'\(argument.expression.trimmedDescription)' may be a name or an instantiation parameter"
          }
        default: continue
        }
      }
    }
    return variable.bindings.map { binding in
      var site = ResolveSite(
        dialect: .stitcher, type: nil, isRequired: true, range: reader.range(binding.pattern),
        conditions: reader.conditions(of: variable))
      guard let annotation = binding.typeAnnotation?.type else {
        site.unread = "the wrapped property declares no type"
        return site
      }
      site.range = reader.range(annotation)
      var written = TypeText.normalize(annotation.trimmedDescription)
      if written.hasSuffix("?") { site.isRequired = false }
      if written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
      if let unread {
        site.unread = unread
      } else if written.hasPrefix("[") {
        site.unread = "an array injects every dependency of '\(written.dropFirst().dropLast())'"
      } else if let name {
        read(name: name, into: &site)
      } else {
        site.type = .named(written)
      }
      return site
    }
  }

  /// A string literal name is the key (with the empty type); anything else is unread.
  private static func read(name expression: ExprSyntax, into site: inout ResolveSite) {
    if expression.is(StringLiteralExprSyntax.self), let literal = CallShape.literal(expression) {
      site.type = .named("")
      site.name = literal
    } else {
      site.type = nil
      site.unread = "the name '\(expression.trimmedDescription)' is not a string literal"
    }
  }
}
