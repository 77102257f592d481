/// Which parameter type each method has: the server registers every method it handles, and
/// ``IncomingMessage/decode(_:methods:)`` decodes a message's params straight into that type.
///
/// A method name belongs to one request or one notification, so the table is keyed by name
/// alone: a message is decoded with the type registered for its method whether it arrived as
/// a request or as a notification.
public struct MethodTable: Sendable {
  private var types: [String: any (Decodable & Sendable).Type] = [:]

  /// An empty table: every method is unknown.
  public init() {}

  /// Registers `R.method` with params of type `R`, replacing an earlier registration.
  public mutating func register<R: LSPRequest>(_ request: R.Type) {
    types[R.method] = R.self
  }

  /// Registers `N.method` with params of type `N`, replacing an earlier registration.
  public mutating func register<N: LSPNotification>(_ notification: N.Type) {
    types[N.method] = N.self
  }

  /// `true` when `method` was registered.
  public func isRegistered(_ method: String) -> Bool {
    types[method] != nil
  }

  /// The type registered for `method`.
  func paramsType(of method: String) -> (any (Decodable & Sendable).Type)? {
    types[method]
  }
}
