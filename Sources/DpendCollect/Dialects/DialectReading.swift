import DpendModel
import SwiftSyntax

/// What a dialect read from one call or declaration.
enum ContainerFact {
  case registration(ContainerRegistration)
  case site(ResolveSite)
}

/// A dialect that `ContainerReader` asks about every call and property declaration of a file
/// whose imports select it. Dialects whose calls share the names `register` and `resolve`
/// (``readsVerbsByReceiver``) are asked about those calls once the receiver decided which of
/// the file's dialects it may be; the others read every call themselves (``facts(of:reader:)``).
///
/// A dialect reads a registration's needs through ``ContainerReader/needs(in:dialect:names:)``
/// or ``ContainerReader/consume(_:)``, so that a call read as a need is not read again as a
/// resolve site.
protocol DialectReading {
  static var dialect: Dialect { get }
  /// `true` when the dialect's registrations name their containers completely
  /// (``DpendModel/ContainerRegistration/scopeName``), across files; `false` lets the reader
  /// place them in their file and enclosing body.
  static var namesItsContainers: Bool { get }
  /// The facts `call` states; empty when it is not this dialect's.
  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact]
  /// The facts a property declaration states: a property wrapper that resolves, a definition.
  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact]
  /// `call` read as a need inside a registration's factory, or as a resolve site; `nil` when
  /// it is not a resolve.
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite?

  /// `true` when the dialect's register and resolve calls are the calls named `register`,
  /// `autoregister` and `resolve` on a receiver that may be its container.
  static var readsVerbsByReceiver: Bool { get }
  /// The registration a `register` or `autoregister` call (`name`) makes, when it has the
  /// dialect's shape; `nil` when not.
  static func registration(_ call: FunctionCallExprSyntax, name: String, reader: ContainerReader)
    -> ContainerRegistration?
  /// The registrations the call that made `registration` makes besides it (keys chained on
  /// the call).
  static func alsoRegistered(
    by registration: ContainerRegistration, call: FunctionCallExprSyntax, reader: ContainerReader
  )
    -> [ContainerRegistration]
  /// `true` when `call`, a `register` call of no registration of its own, adds keys to a
  /// definition read already, which it did.
  static func addsKeys(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> Bool
  /// The resolves an operator sequence makes (`r ~> X.self`), each with the operator's id.
  static func resolves(in sequence: SequenceExprSyntax, reader: ContainerReader)
    -> [(id: SyntaxIdentifier, site: ResolveSite)]
  /// `true` when ``resolves(in:reader:)`` may find any: a factory's operator sequences are
  /// then read for needs.
  static var resolvesInSequences: Bool { get }
  /// The runtime arguments a registration's factory takes, when the dialect counts them (its
  /// count and the types written); `nil` when it does not.
  static func runtimeArguments(of factory: ClosureExprSyntax) -> (count: Int, types: [String])?
  /// Notes what `call` says of the container instances besides its facts (one container
  /// collaborating with another).
  static func observe(_ call: FunctionCallExprSyntax, reader: ContainerReader)
}

extension DialectReading {
  static var namesItsContainers: Bool { false }
  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] { [] }
  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] { [] }
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? { nil }
  static var readsVerbsByReceiver: Bool { false }
  static func registration(_ call: FunctionCallExprSyntax, name: String, reader: ContainerReader)
    -> ContainerRegistration?
  { nil }
  static func alsoRegistered(
    by registration: ContainerRegistration, call: FunctionCallExprSyntax, reader: ContainerReader
  )
    -> [ContainerRegistration]
  { [] }
  static func addsKeys(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> Bool { false }
  static func resolves(in sequence: SequenceExprSyntax, reader: ContainerReader)
    -> [(id: SyntaxIdentifier, site: ResolveSite)]
  { [] }
  static var resolvesInSequences: Bool { false }
  static func runtimeArguments(of factory: ClosureExprSyntax) -> (count: Int, types: [String])? { nil }
  static func observe(_ call: FunctionCallExprSyntax, reader: ContainerReader) {}
}

extension ContainerReader {
  /// The reader of `dialect`; `nil` for one no reader reads (dpend's own, read by the
  /// declaration walker; an app's locator, read through its helpers).
  static func reader(of dialect: Dialect) -> (any DialectReading.Type)? {
    DialectReaders.byDialect[dialect]
  }

  /// The readers of `dialects`, in the order of ``DialectReaders/all``.
  static func readers(of dialects: [Dialect]) -> [any DialectReading.Type] {
    DialectReaders.all.filter { dialects.contains($0.dialect) }
  }
}
