/// Text made safe for the places of an HTML page it goes into.
public enum HTMLText {
  /// `text` as HTML text or a quoted attribute's value: `&`, `<`, `>`, `"` and `'` written as
  /// character references.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// `text` as a JSON string, quotes included, that can stand inside a `<script>` element: a
  /// quote and a backslash escaped, and every control character, `<`, `>`, `&` and the line
  /// and paragraph separators U+2028 and U+2029 written as `\u` escapes, so no `</script>`
  /// or comment opener can appear.
  public static func scriptString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        result += unicodeEscape(scalar)
      default:
        if scalar.value < 0x20 {
          result += unicodeEscape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `\u` and the scalar's code point in four lowercase hexadecimal digits.
  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
