import Foundation

/// An incoming message whose params were decoded, in the same pass as the envelope, into the
/// type the ``MethodTable`` names for its method.
///
/// ``Message`` keeps params as ``LSPAny`` (for test clients and fuzzers); a server reads
/// messages with ``decode(_:methods:)`` and gets each request's params decoded once.
public enum IncomingMessage: Sendable {
  /// A request. `params` is `nil` when the method is not in the table, else a value of the
  /// registered type (`try params.get() as? HoverRequest`) or, when the params do not fit it,
  /// the -32602 error to answer with.
  case request(id: RequestID, method: String, params: Result<any Sendable, ResponseError>?)
  /// A notification. `params` is as for ``request(id:method:params:)``.
  case notification(method: String, params: Result<any Sendable, ResponseError>?)
  /// A response to a request of the server.
  case response(id: RequestID?, result: Result<LSPAny, ResponseError>)

  /// Reads a message body, decoding the params of a method in `methods` as its registered
  /// type. Absent and `null` params decode as `{}`; params that do not fit give the same
  /// -32602 error as ``LSPAny/decode(_:from:)``.
  /// - Throws: ``Message/DecodeFailure`` with exactly the id and error ``Message/decode(_:)``
  ///   gives for the same body.
  public static func decode(_ body: [UInt8], methods: MethodTable) throws(Message.DecodeFailure) -> IncomingMessage {
    let data = Data(body)
    if !PlainJSON.isPlain(body) {
      // A value `JSONDecoder` reads lazily may be bad where the params type does not look:
      // read every value, as `Message.decode` does.
      do {
        _ = try JSONDecoder().decode(LSPAny.self, from: data)
      } catch {
        throw Message.DecodeFailure(id: nil, error: .parseError("invalid JSON"))
      }
    }
    let decoder = JSONDecoder()
    decoder.userInfo[IncomingEnvelope.methodsKey] = methods
    do {
      return try decoder.decode(IncomingEnvelope.self, from: data).message
    } catch let failure as Message.DecodeFailure {
      throw failure
    } catch {
      throw Message.DecodeFailure(id: nil, error: .parseError("invalid JSON"))
    }
  }
}
