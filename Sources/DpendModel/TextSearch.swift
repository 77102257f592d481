/// Finding a word in a file's text by its UTF-8 bytes: whether a file mentions a name decides
/// whether it is read with it, and that question is asked of every file. `String.contains`
/// with a string argument goes through Foundation's locale-aware search, several times slower.
public enum TextSearch {
  /// `true` when `text` holds the bytes of `word` somewhere (`true` for an empty `word`).
  public static func contains(_ text: String, _ word: some StringProtocol) -> Bool {
    var text = text
    var word = String(word)
    return text.withUTF8 { haystack in
      word.withUTF8 { needle in contains(haystack, needle) }
    }
  }

  private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    let last = haystack.count - needle.count
    var index = 0
    while index <= last {
      if haystack[index] == first {
        var matched = 1
        while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
