import DpendModel
import DpendProtocol

/// Prints JSON for protocol fixtures and for failure messages, and diffs two printouts.
enum FixtureJSON {
  /// How object members are ordered.
  enum KeyOrder {
    /// By key: the canonical form that comparisons use.
    case sorted
    /// Keys a reader looks for first (`jsonrpc`, `id`, `method`, …, `line`, `character`), then
    /// the others by key: the form fixture files are written in. A fixture (the object with
    /// `exchange`) reads `description`, `workspace`, `exchange`.
    case readable
  }

  private static let fixtureKeys = ["description", "workspace", "exchange"]

  private static let leadingKeys = [
    "note", "client", "clientRaw", "server", "jsonrpc", "id", "method", "params", "result", "error", "textDocument",
    "name", "uri", "languageId", "version", "range", "start", "end", "line", "character",
  ]

  /// `value` as JSON text: a container stays on one line when it fits in `width` columns,
  /// otherwise it has one member per line, indented by two spaces. `width: 0` puts every
  /// member on its own line, which makes line diffs precise.
  static func print(_ value: LSPAny, keys: KeyOrder, width: Int = 120) -> String {
    render(value, keys: keys, width: width, indent: 0, column: 0)
  }

  /// The canonical form of `value`: sorted keys, one member per line.
  static func canonical(_ value: LSPAny) -> String { print(value, keys: .sorted, width: 0) }

  private static func render(_ value: LSPAny, keys: KeyOrder, width: Int, indent: Int, column: Int) -> String {
    let inline = compact(value, keys: keys)
    switch value {
    case .array(let elements) where !elements.isEmpty && column + inline.count + 1 > width:
      let inner = String(repeating: " ", count: indent + 2)
      let lines = elements.map { inner + render($0, keys: keys, width: width, indent: indent + 2, column: indent + 2) }
      return "[\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    case .object(let members) where !members.isEmpty && column + inline.count + 1 > width:
      let inner = String(repeating: " ", count: indent + 2)
      let lines = ordered(members, keys).map { key, member in
        let prefix = quote(key) + ": "
        return inner + prefix
          + render(member, keys: keys, width: width, indent: indent + 2, column: indent + 2 + prefix.count)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    default:
      return inline
    }
  }

  private static func compact(_ value: LSPAny, keys: KeyOrder) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .int(let int): return String(int)
    case .double(let double): return String(double)
    case .string(let string): return quote(string)
    case .array(let elements): return "[" + elements.map { compact($0, keys: keys) }.joined(separator: ", ") + "]"
    case .object(let members):
      let parts = ordered(members, keys).map { quote($0.key) + ": " + compact($0.value, keys: keys) }
      return "{" + parts.joined(separator: ", ") + "}"
    }
  }

  private static func ordered(_ members: [String: LSPAny], _ keys: KeyOrder) -> [(key: String, value: LSPAny)] {
    // By Unicode scalar, so the order does not depend on the platform's string comparison.
    let sorted = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    guard keys == .readable else { return sorted.map { ($0.key, $0.value) } }
    let first = members["exchange"] != nil ? fixtureKeys : leadingKeys
    let leading = first.compactMap { key in members[key].map { (key, $0) } }
    return leading + sorted.filter { !first.contains($0.key) }.map { ($0.key, $0.value) }
  }

  /// A JSON string literal; non-ASCII characters are written as they are.
  static func quote(_ string: String) -> String {
    var quoted = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  /// A line diff of two texts: unchanged lines start with two spaces, lines only in
  /// `expected` with `- `, lines only in `actual` with `+ `.
  static func diff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count && j < new.count && old[i] == new[j] {
        lines.append("  " + old[i])
        i += 1
        j += 1
      } else if i < old.count && (j == new.count || common[i + 1][j] >= common[i][j + 1]) {
        lines.append("- " + old[i])
        i += 1
      } else {
        lines.append("+ " + new[j])
        j += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
