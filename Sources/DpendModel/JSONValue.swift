/// A JSON document, with a deterministic printer and a strict parser.
///
/// dpend prints JSON itself (sorted keys, two-space indent, `"key": value`) so that
/// generated `.dpendmodule` files and `--format json` output are byte-identical on every
/// platform, whatever Foundation's encoder does.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The string payload, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: [String: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The payload, if this is a boolean.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// A name for error messages: "a string", "an empty string", "an array", ….
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string(let value): return value.isEmpty ? "an empty string" : "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
