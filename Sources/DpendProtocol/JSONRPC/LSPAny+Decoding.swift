import DpendModel
import Foundation

extension JSONValue {
  /// Decodes typed parameters; absent parameters decode as `{}`.
  /// - Throws: ``ResponseError`` `invalidParams` naming what did not fit.
  public static func decode<T: Decodable>(_ type: T.Type, from params: LSPAny?) throws(ResponseError) -> T {
    do {
      return try (params ?? .object([:])).decode(T.self)
    } catch let error as DecodingError {
      throw .invalidParams("invalid params: \(describe(error))")
    } catch {
      throw .invalidParams("invalid params")
    }
  }

  /// Encodes any Codable value as `LSPAny`.
  public init(encoding value: some Encodable) {
    // Our own Codable types encode, and what JSONEncoder writes parses.
    self = try! JSONValue.parse(Array(try! JSONEncoder().encode(value)))
  }
  /// How an invalid-params reply names what `error` found.
  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let components = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return components.isEmpty ? "params" : components.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' in \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "unexpected value at \(path(context))"
    @unknown default: return "unexpected value"
    }
  }
}

/// A request the server handles: its method name and the type of its result.
public protocol LSPRequest: Codable, Sendable {
  associatedtype Response: Codable & Sendable
  static var method: String { get }
}

/// A notification (no response expected).
public protocol LSPNotification: Codable, Sendable {
  static var method: String { get }
}
