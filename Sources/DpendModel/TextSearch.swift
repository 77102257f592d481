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

  /// `true` when `text` holds `word` as a whole identifier: not inside a longer name
  /// (`DependencyContainer` is not in `DependencyContainerModule`).
  public static func containsWord(_ text: String, _ word: some StringProtocol) -> Bool {
    var text = text
    var word = String(word)
    return text.withUTF8 { haystack in
      word.withUTF8 { needle in
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        var start = 0
        while let found = firstIndex(haystack, needle, from: start) {
          let before = found == 0 ? nil : haystack[found - 1]
          let afterIndex = found + needle.count
          let after = afterIndex < haystack.count ? haystack[afterIndex] : nil
          if !(before.map(isIdentifierByte) ?? false), !(after.map(isIdentifierByte) ?? false) { return true }
          start = found + 1
        }
        return false
      }
    }
  }

  /// A byte of a Swift identifier: a letter, digit, `_`, or part of a non-ASCII character.
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
      || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
  }

  /// The first index at or after `start` where `needle` begins in `haystack`; inlined, as
  /// ``contains(_:_:)`` asks it of every file for several words. Eight bytes at a time are
  /// tested for the needle's first byte (most files hold none of the words, so most of the
  /// time is spent here); each byte that may be it is then compared in full.
  @inline(__always)
  private static func firstIndex(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress else {
      return nil
    }
    let lastStart = haystack.count - needle.count
    func matches(at index: Int) -> Bool {
      var matched = 1
      while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
      return matched == needle.count
    }
    var index = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = UInt64(first) &* ones
    let raw = UnsafeRawPointer(base)
    while index + 7 <= lastStart {
      // A byte equal to `first` is a zero byte of `word`; every zero byte sets its high bit
      // in `candidates` (a byte above one may too: each is checked in full).
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
      var candidates = (word &- ones) & ~word & (ones &<< 7)
      while candidates != 0 {
        let candidate = index + candidates.trailingZeroBitCount / 8
        if haystack[candidate] == first, matches(at: candidate) { return candidate }
        candidates &= candidates &- 1
      }
      index += 8
    }
    while index <= lastStart {
      if haystack[index] == first, matches(at: index) { return index }
      index += 1
    }
    return nil
  }

  private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    needle.isEmpty || firstIndex(haystack, needle, from: 0) != nil
  }

}
