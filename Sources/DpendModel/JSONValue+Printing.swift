extension JSONValue {
  /// Pretty-printed text: objects' keys sorted, two-space indent, no trailing newline.
  public func prettyPrinted() -> String {
    var output = ""
    write(to: &output, indent: "", pretty: true)
    return output
  }

  /// Compact text on one line with sorted keys, e.g. for one JSON object per line.
  public func compact() -> String {
    var output = ""
    write(to: &output, indent: "", pretty: false)
    return output
  }

  private func write(to output: inout String, indent: String, pretty: Bool) {
    let inner = indent + "  "
    let newline = pretty ? "\n" : ""
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
      } else {
        output += String(value)
      }
    case .string(let value): output += Self.quoted(value)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "[" + newline
      for (index, element) in elements.enumerated() {
        output += pretty ? inner : ""
        element.write(to: &output, indent: inner, pretty: pretty)
        output += (index < elements.count - 1 ? "," : "") + newline
      }
      output += (pretty ? indent : "") + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{" + newline
      let keys = members.keys.sorted()
      for (index, key) in keys.enumerated() {
        output += (pretty ? inner : "") + Self.quoted(key) + (pretty ? ": " : ":")
        members[key]!.write(to: &output, indent: inner, pretty: pretty)
        output += (index < keys.count - 1 ? "," : "") + newline
      }
      output += (pretty ? indent : "") + "}"
    }
  }

  /// `value` as a JSON string literal.
  static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
