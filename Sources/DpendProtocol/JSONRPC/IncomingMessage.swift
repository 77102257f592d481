import DpendModel
/// An incoming message whose params were decoded into the type the ``MethodTable`` names for
/// its method.
///
/// ``Message`` keeps params as ``LSPAny`` (for test clients and fuzzers); a server reads
/// messages with ``decode(_:methods:)`` and gets each request's params decoded once, from the
/// value the one parse made.
public enum IncomingMessage: Sendable {
  /// A request. `params` is `nil` when the method is not in the table, else a value of the
  /// registered type (`try params.get() as? HoverRequest`) or, when the params do not fit it,
  /// the -32602 error to answer with.
  case request(id: RequestID, method: String, params: Result<any Sendable, ResponseError>?)
  /// A notification. `params` is as for ``request(id:method:params:)``.
  case notification(method: String, params: Result<any Sendable, ResponseError>?)
  /// A response to a request of the server.
  case response(id: RequestID?, result: Result<LSPAny, ResponseError>)

  /// Reads a message body (``Message/decode(_:)``), decoding the params of a method in
  /// `methods` as its registered type. Absent and `null` params decode as `{}`; params that do
  /// not fit give the -32602 error of ``LSPAny/decode(_:from:)``.
  /// - Throws: ``Message/DecodeFailure`` with exactly the id and error ``Message/decode(_:)``
  ///   gives for the same body.
  public static func decode(_ body: [UInt8], methods: MethodTable) throws(Message.DecodeFailure) -> IncomingMessage {
    switch try Message.decode(body) {
    case .request(let id, let method, let params):
      return .request(id: id, method: method, params: typed(params, of: method, in: methods))
    case .notification(let method, let params):
      return .notification(method: method, params: typed(params, of: method, in: methods))
    case .response(let id, let result):
      return .response(id: id, result: result)
    }
  }

  /// `params` as the type `methods` registers for `method`; `nil` for a method it does not.
  private static func typed(
    _ params: LSPAny?, of method: String, in methods: MethodTable
  ) -> Result<any Sendable, ResponseError>? {
    guard let type = methods.paramsType(of: method) else { return nil }
    func decode<T: Decodable & Sendable>(_ type: T.Type) -> Result<any Sendable, ResponseError> {
      do throws(ResponseError) {
        return .success(try LSPAny.decode(T.self, from: params))
      } catch {
        return .failure(error)
      }
    }
    return decode(type)
  }
}
