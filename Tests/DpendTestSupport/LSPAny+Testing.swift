import DpendModel
import DpendProtocol
import Foundation

/// Reading and writing JSON values in tests.
extension LSPAny {
  /// The member `key` of an object; `nil` for a missing member or a value that is no object.
  public subscript(key: String) -> LSPAny? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The element `index` of an array; `nil` when out of range or for a value that is no array.
  public subscript(index: Int) -> LSPAny? {
    if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
    return nil
  }

  /// Compact JSON with sorted keys, as the server writes it: for exact comparisons.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! encoder.encode(self), as: UTF8.self)
  }

  /// Parses JSON text written in a test (a mistake in it stops the test process).
  public static func parsed(_ json: String) -> LSPAny {
    try! JSONValue.parse(json)
  }

  /// Parses JSON bytes.
  public static func decode(json bytes: some Sequence<UInt8>) throws -> LSPAny {
    try JSONValue.parse(Array(bytes))
  }
}
