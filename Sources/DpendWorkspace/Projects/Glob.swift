/// Path globs as project specs write them: `*` and `?` within one path component, `**` across
/// components. A glob naming a folder takes every file under it.
enum Glob {
  /// `true` when `pattern` matches `path`, or one of the folders `path` is in.
  static func matches(_ pattern: String, _ path: String) -> Bool {
    let pattern = Array(pattern.hasPrefix("./") ? Substring(pattern.dropFirst(2)) : Substring(pattern))
    let components = path.split(separator: "/")
    for count in 1...max(components.count, 1) {
      if match(pattern[...], Array(components.prefix(count).joined(separator: "/"))[...]) { return true }
    }
    return false
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
    guard let character = text.first else { return false }
    if first == "?" ? character == "/" : first != character { return false }
    return match(pattern.dropFirst(), text.dropFirst())
  }
}
