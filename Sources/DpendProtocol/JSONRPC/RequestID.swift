/// A request's id: a number or a string, echoed in the response.
public enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
  case number(Int)
  case string(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    }
  }

  public var description: String {
    switch self {
    case .number(let number): return String(number)
    case .string(let string): return "\"\(string)\""
    }
  }
}
