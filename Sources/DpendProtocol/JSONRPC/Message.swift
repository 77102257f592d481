import DpendModel
import Foundation

/// One JSON-RPC 2.0 message: a request, a notification or a response.
public enum Message: Hashable, Sendable {
  case request(id: RequestID, method: String, params: LSPAny?)
  case notification(method: String, params: LSPAny?)
  case response(id: RequestID?, result: Result<LSPAny, ResponseError>)

  /// Reads a message body with the one JSON parser (``DpendModel/JSONValue/parse(_:)-([UInt8])``),
  /// which reads every value: a body with any bad string or number is not JSON.
  /// - Throws: ``ResponseError`` `parseError` for invalid JSON, `invalidRequest` for JSON
  ///   that is not a message. `id` tells which request to answer, when one could be read.
  public static func decode(_ body: [UInt8]) throws(DecodeFailure) -> Message {
    let value: LSPAny
    do {
      value = try JSONValue.parse(body)
    } catch {
      throw DecodeFailure(id: nil, error: .parseError("invalid JSON"))
    }
    guard let members = value.objectValue else {
      throw DecodeFailure(id: nil, error: .invalidRequest("a message must be a JSON object"))
    }
    var id: RequestID?
    switch members["id"] {
    case .int(let number)?: id = .number(number)
    case .string(let string)?: id = .string(string)
    // A response to a request whose id could not be read has `"id": null`; a request must
    // not (LSP ids are integers or strings), and it is no notification either.
    case .null? where members["method"] == nil: id = nil
    case nil: id = nil
    default: throw DecodeFailure(id: nil, error: .invalidRequest("'id' must be an integer or a string"))
    }
    guard members["jsonrpc"] == .string("2.0") else {
      throw DecodeFailure(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
    }
    if let method = members["method"] {
      guard case .string(let name) = method else {
        throw DecodeFailure(id: id, error: .invalidRequest("'method' must be a string"))
      }
      var params = members["params"]
      switch params {
      case nil, .object?, .array?: break
      // Several clients send `"params": null` with `shutdown` and `exit`: read it as absent.
      case .null?: params = nil
      default: throw DecodeFailure(id: id, error: .invalidRequest("'params' must be an object or an array"))
      }
      if let id { return .request(id: id, method: name, params: params) }
      return .notification(method: name, params: params)
    }
    if let error = members["error"] {
      do {
        return .response(id: id, result: .failure(try error.decode(ResponseError.self)))
      } catch {
        throw DecodeFailure(id: id, error: .invalidRequest("'error' is not a JSON-RPC error object"))
      }
    }
    if let result = members["result"] { return .response(id: id, result: .success(result)) }
    throw DecodeFailure(id: id, error: .invalidRequest("a message needs 'method', 'result' or 'error'"))
  }

  /// Why a body is not a message, and the id to answer when there is one.
  public struct DecodeFailure: Error, Sendable {
    public var id: RequestID?
    public var error: ResponseError
  }
}

/// Encodes outgoing messages as compact JSON with sorted keys (stable for fixtures).
public enum MessageEncoder {
  private struct Envelope<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID?
    var method: String?
    var params: Params?
    var result: Params?
    var error: ResponseError?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(jsonrpc, forKey: .jsonrpc)
      if let method { try container.encode(method, forKey: .method) }
      if let params { try container.encode(params, forKey: .params) }
      if let error {
        try container.encode(id, forKey: .id)  // null when the request's id is unknown
        try container.encode(error, forKey: .error)
      } else if method == nil {
        try container.encode(id, forKey: .id)
        if let result {
          try container.encode(result, forKey: .result)
        } else {
          try container.encodeNil(forKey: .result)
        }
      } else if let id {
        try container.encode(id, forKey: .id)
      }
    }

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }
  }

  private static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding our own Codable types cannot fail.
    return Array(try! encoder.encode(value))
  }

  /// `{"jsonrpc":"2.0","id":…,"result":…}`; a `nil` result is encoded as `null`.
  public static func response(id: RequestID, result: (some Encodable)?) -> [UInt8] {
    encode(Envelope(id: id, result: result))
  }

  /// `{"jsonrpc":"2.0","id":…,"error":{…}}`; `id` is `null` when it could not be read.
  public static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
    encode(Envelope<LSPAny>(id: id, error: error))
  }

  /// `{"jsonrpc":"2.0","method":…,"params":…}`.
  public static func notification(method: String, params: some Encodable) -> [UInt8] {
    encode(Envelope(method: method, params: params))
  }

  /// `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`: a request from the server.
  public static func request(id: RequestID, method: String, params: some Encodable) -> [UInt8] {
    encode(Envelope(id: id, method: method, params: params))
  }
}
