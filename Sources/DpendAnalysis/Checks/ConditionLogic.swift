/// Evaluates the text of `#if` conditions (`DEBUG`, `!(os(iOS) || os(watchOS)) && DEBUG`)
/// in a build configuration: the list of conditions taken as true.
///
/// `&&`, `||`, `!` and parentheses are understood; anything else (`os(iOS)`,
/// `swift(>=5.9)`, `canImport(UIKit)`, a custom flag) is an atom, true when the
/// configuration lists it.
enum ConditionLogic {
  /// `true` when `condition` holds in `configuration`.
  static func value(_ condition: String, in configuration: [String]) -> Bool {
    let text = unwrapped(condition)
    let disjuncts = split(text, on: "||")
    if disjuncts.count > 1 { return disjuncts.contains { value($0, in: configuration) } }
    let conjuncts = split(text, on: "&&")
    if conjuncts.count > 1 { return conjuncts.allSatisfy { value($0, in: configuration) } }
    if text.hasPrefix("!") { return !value(String(text.dropFirst()), in: configuration) }
    return configuration.contains(text)
  }

  /// The atoms `condition` is made of.
  static func atoms(_ condition: String) -> [String] {
    let text = unwrapped(condition)
    for separator in ["||", "&&"] {
      let parts = split(text, on: separator)
      if parts.count > 1 { return parts.flatMap(atoms) }
    }
    if text.hasPrefix("!") { return atoms(String(text.dropFirst())) }
    return text.isEmpty ? [] : [text]
  }

  /// The text without surrounding white space and without parentheses around all of it.
  private static func unwrapped(_ condition: String) -> String {
    var text = Substring(condition).trimmingWhitespace()
    while text.hasPrefix("("), text.hasSuffix(")"), closingParenthesis(of: text) == text.index(before: text.endIndex) {
      text = text.dropFirst().dropLast().trimmingWhitespace()
    }
    return String(text)
  }

  /// The index of the parenthesis closing the one `text` starts with.
  private static func closingParenthesis(of text: Substring) -> String.Index? {
    var depth = 0
    for index in text.indices {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// `text` split at `separator` outside parentheses.
  private static func split(_ text: String, on separator: String) -> [String] {
    var parts: [String] = []
    var depth = 0
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0, text[index...].hasPrefix(separator) {
        parts.append(String(text[start..<index]))
        index = text.index(index, offsetBy: separator.count)
        start = index
        continue
      }
      index = text.index(after: index)
    }
    parts.append(String(text[start...]))
    return parts
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return self[first...last]
  }
}
