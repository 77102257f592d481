/// A JSON document: the one value every JSON dpend reads becomes (configuration files, project
/// descriptions, the language server's messages, as `LSPAny`), with a deterministic printer
/// and the one strict parser (``parse(_:)``).
///
/// dpend prints JSON itself (sorted keys, two-space indent, `"key": value`) so that
/// generated `.dpendmodule` files and `--format json` output are byte-identical on every
/// platform, whatever Foundation's encoder does.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number whose value is a whole number an `Int` holds (`3`, `2.0`, `1e2`).
  case int(Int)
  /// Any other number (`0.5`, `1e20`).
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The number `value`: ``int(_:)`` when it is a whole number an `Int` holds, else
  /// ``double(_:)``.
  public static func number(_ value: Double) -> JSONValue {
    if value == value.rounded(), abs(value) < 9.2e18 { return .int(Int(value)) }
    return .double(value)
  }

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
    case .int, .double: return "a number"
    case .string(let value): return value.isEmpty ? "an empty string" : "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
