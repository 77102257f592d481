import DpendModel
import SwiftSyntax

/// What a dialect read from one call or declaration.
enum ContainerFact {
  case registration(ContainerRegistration)
  case site(ResolveSite)
}

/// A dialect that `ContainerReader` asks about every call and property declaration of a file
/// whose imports select it: Resolver, Factory, Stitcher, Belum. (Dip and Swinject share the
/// names `register` and `resolve`, and the reader tells their shapes apart itself.)
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
  /// `call` read as a need inside a registration's factory; `nil` when it is not a resolve.
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite?
}

extension DialectReading {
  static var namesItsContainers: Bool { false }
  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] { [] }
  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] { [] }
  static func need(_ call: FunctionCallExprSyntax, reader: ContainerReader) -> ResolveSite? { nil }
}

extension ContainerReader {
  /// The reader of `dialect`, when it is read through ``DialectReading``.
  static func reader(of dialect: Dialect) -> (any DialectReading.Type)? {
    switch dialect {
    case .resolver: ResolverDialect.self
    case .factory: FactoryDialect.self
    case .stitcher: StitcherDialect.self
    case .belum: BelumDialect.self
    case .thesis, .dip, .swinject, .locator: nil
    }
  }
}
