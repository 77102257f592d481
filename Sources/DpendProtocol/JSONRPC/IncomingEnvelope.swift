import Foundation

/// The single `Decodable` pass of ``IncomingMessage/decode(_:methods:)``: the envelope, read
/// with the checks of ``Message/decode(_:)`` in the same order, and the params, read as the type
/// the ``MethodTable`` in `userInfo[methodsKey]` registers for the method.
///
/// A message that is not one throws a ``Message/DecodeFailure``; params that do not fit their
/// type are kept as a -32602 error, so the request can still be answered.
struct IncomingEnvelope: Decodable {
  /// The `userInfo` key of the ``MethodTable``.
  static let methodsKey = CodingUserInfoKey(rawValue: "dpend.methodTable")!

  let message: IncomingMessage

  private enum Key: String, CodingKey {
    case jsonrpc, id, method, params, result, error
  }

  init(from decoder: any Decoder) throws {
    let container: KeyedDecodingContainer<Key>
    do {
      container = try decoder.container(keyedBy: Key.self)
    } catch {
      throw Self.invalid(nil, "a message must be a JSON object")
    }
    /// A member as `Message.decode` sees it: `nil` when absent, `.null` when `null`.
    func member(_ key: Key) throws -> LSPAny? {
      container.contains(key) ? try container.decode(LSPAny.self, forKey: key) : nil
    }
    let method = try member(.method)
    var id: RequestID?
    switch try member(.id) {
    case .int(let number)?: id = .number(number)
    case .string(let string)?: id = .string(string)
    // A response to a request whose id could not be read has `"id": null`; a request must not.
    case .null? where method == nil: id = nil
    case nil: id = nil
    default: throw Self.invalid(nil, "'id' must be an integer or a string")
    }
    guard try member(.jsonrpc) == .string("2.0") else {
      throw Self.invalid(id, "'jsonrpc' must be \"2.0\"")
    }
    if let method {
      guard case .string(let name) = method else { throw Self.invalid(id, "'method' must be a string") }
      let hasParams = try Self.hasParams(container, id: id)
      let params = try decoder.methodTable?.paramsType(of: name).map {
        try Self.params(as: $0, in: container, present: hasParams)
      }
      message = id.map { .request(id: $0, method: name, params: params) } ?? .notification(method: name, params: params)
      return
    }
    if let error = try member(.error) {
      do {
        let data = try JSONEncoder().encode(error)
        message = .response(id: id, result: .failure(try JSONDecoder().decode(ResponseError.self, from: data)))
        return
      } catch {
        throw Self.invalid(id, "'error' is not a JSON-RPC error object")
      }
    }
    if let result = try member(.result) {
      message = .response(id: id, result: .success(result))
      return
    }
    throw Self.invalid(id, "a message needs 'method', 'result' or 'error'")
  }

  /// `true` for an object or an array, `false` when absent or `null`; any other value is not
  /// a message. Checked without reading the params' contents.
  private static func hasParams(_ container: KeyedDecodingContainer<Key>, id: RequestID?) throws -> Bool {
    guard container.contains(.params), try !container.decodeNil(forKey: .params) else { return false }
    if (try? container.nestedContainer(keyedBy: Key.self, forKey: .params)) != nil
      || (try? container.nestedUnkeyedContainer(forKey: .params)) != nil
    {
      return true
    }
    throw invalid(id, "'params' must be an object or an array")
  }

  /// The params as `T`, or the -32602 error ``LSPAny/decode(_:from:)`` gives for them.
  private static func params<T: Decodable & Sendable>(
    as type: T.Type, in container: KeyedDecodingContainer<Key>, present: Bool
  ) throws -> Result<any Sendable, ResponseError> {
    guard present else { return viaLSPAny(T.self, nil) }  // decoded from `{}`
    do {
      return .success(try container.decode(T.self, forKey: .params))
    } catch {
      // Params that do not fit are rare: the answer (the error's text, and the rare value only
      // the round trip through `LSPAny` accepts, as `1e-400` for a `Double`) is the one
      // `LSPAny.decode` gives, by asking it.
      return viaLSPAny(T.self, try container.decode(LSPAny.self, forKey: .params))
    }
  }

  private static func viaLSPAny<T: Decodable & Sendable>(
    _ type: T.Type, _ params: LSPAny?
  ) -> Result<any Sendable, ResponseError> {
    do throws(ResponseError) {
      return .success(try LSPAny.decode(T.self, from: params))
    } catch {
      return .failure(error)
    }
  }

  private static func invalid(_ id: RequestID?, _ message: String) -> Message.DecodeFailure {
    Message.DecodeFailure(id: id, error: .invalidRequest(message))
  }
}

extension Decoder {
  /// The table ``IncomingMessage/decode(_:methods:)`` passes down.
  fileprivate var methodTable: MethodTable? {
    userInfo[IncomingEnvelope.methodsKey] as? MethodTable
  }
}
