/// Path globs as project specs write them (Bash's, with `globstar` and brace expansion, as
/// XcodeGen matches them): `*` and `?` within one path component, `[a-z]` and `[!a-z]` one
/// character of a set, `{a,b}` either text, `**` across components. A glob naming a folder
/// takes every file under it.
enum Glob {
  /// `true` when `pattern` matches `path`, or one of the folders `path` is in.
  static func matches(_ pattern: String, _ path: String) -> Bool {
    let components = path.split(separator: "/")
    for alternative in expanded(pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern) {
      let pattern = Array(alternative)
      for count in 1...max(components.count, 1) {
        if match(pattern[...], Array(components.prefix(count).joined(separator: "/"))[...]) { return true }
      }
    }
    return false
  }

  /// The patterns a pattern's braces stand for: `{a,b}.swift` is `a.swift` and `b.swift`; a
  /// brace without a closing one, or without a comma, is itself. At most 256 patterns.
  static func expanded(_ pattern: String) -> [String] {
    let characters = Array(pattern)
    var depth = 0
    var open: Int?
    var commas: [Int] = []
    for (index, character) in characters.enumerated() {
      if character == "{" {
        if depth == 0 { (open, commas) = (index, []) }
        depth += 1
      } else if character == "}", depth > 0 {
        depth -= 1
        guard depth == 0, let start = open else { continue }
        if commas.isEmpty {
          open = nil
          continue
        }
        let prefix = String(characters[..<start])
        let suffix = String(characters[(index + 1)...])
        let bounds = [start] + commas + [index]
        var patterns: [String] = []
        for (from, to) in zip(bounds, bounds.dropFirst()) {
          for rest in expanded(String(characters[(from + 1)..<to]) + suffix) where patterns.count < 256 {
            patterns.append(prefix + rest)
          }
        }
        return patterns
      } else if character == ",", depth == 1 {
        commas.append(index)
      }
    }
    return [pattern]
  }

  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    if first == "*" {
      let crossesFolders = pattern.dropFirst().first == "*"
      let rest = pattern.dropFirst(crossesFolders ? 2 : 1)
      // `**/` also matches no folder at all.
      if crossesFolders, rest.first == "/", match(rest.dropFirst(), text) { return true }
      var index = text.startIndex
      while true {
        if match(rest, text[index...]) { return true }
        guard index < text.endIndex, crossesFolders || text[index] != "/" else { return false }
        index += 1
      }
    }
    guard let character = text.first, character != "/" || first == "/" else { return false }
    if first == "[", let (matched, rest) = set(pattern.dropFirst(), character) {
      return matched && match(rest, text.dropFirst())
    }
    if first != "?" && first != character { return false }
    return match(pattern.dropFirst(), text.dropFirst())
  }

  /// Whether `character` is in the set `pattern` opens (after its `[`), and the pattern after
  /// the set's `]`; `nil` when no `]` closes it (the `[` is then itself).
  private static func set(
    _ pattern: ArraySlice<Character>, _ character: Character
  ) -> (matched: Bool, rest: ArraySlice<Character>)? {
    var index = pattern.startIndex
    let negated = index < pattern.endIndex && (pattern[index] == "!" || pattern[index] == "^")
    if negated { index += 1 }
    var matched = false
    var first = true
    while index < pattern.endIndex {
      let member = pattern[index]
      if member == "]" && !first { return (matched != negated, pattern[(index + 1)...]) }
      first = false
      if index + 2 < pattern.endIndex, pattern[index + 1] == "-", pattern[index + 2] != "]" {
        if member <= character && character <= pattern[index + 2] { matched = true }
        index += 3
      } else {
        if member == character { matched = true }
        index += 1
      }
    }
    return nil
  }
}
