import DpendModel
import DpendProtocol
import Foundation

/// A message, or a part of one, that is not what its LSP type describes.
public struct UnexpectedMessage: Error, CustomStringConvertible {
  /// Which message.
  public var what: String
  /// The JSON received.
  public var json: String
  /// What is wrong with it.
  public var reason: String

  /// What is wrong, with the JSON received.
  public var description: String { "\(what): \(reason)\nreceived: \(json)" }
}

extension LSPAny {
  /// This value as a `T` that holds all of it.
  ///
  /// Decoding alone would ignore a member `T` does not know, so the value decoded is encoded
  /// again and must give back this value exactly: a typed comparison in a test is then as
  /// strict as comparing the JSON the server wrote.
  /// - Throws: ``UnexpectedMessage`` naming `what` when the value does not decode, or when it
  ///   holds more than (or something else than) `T` writes.
  public func decodeExactly<T: Codable>(_ type: T.Type, what: String) throws -> T {
    let value: T
    do {
      value = try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(self))
    } catch {
      throw UnexpectedMessage(what: what, json: json, reason: "not a \(T.self): \(error)")
    }
    let again = LSPAny(encoding: value)
    guard again == self else {
      throw UnexpectedMessage(
        what: what, json: json, reason: "holds more than a \(T.self); as one it reads \(again.json)")
    }
    return value
  }
}
