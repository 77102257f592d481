import DpendModel
import Testing

/// `TextSearch` tests eight bytes at a time for a word's first byte: a word is found at
/// every offset, at a chunk's edges and at the text's end, never past it, and a byte that
/// only looks like the first one (one above a match, a byte above 0x80) is not a match.
@Suite struct TextSearchTests {
  /// Whether `word` occurs in `text`, byte by byte.
  static func naive(_ text: [UInt8], _ word: [UInt8]) -> Bool {
    guard !word.isEmpty else { return true }
    guard text.count >= word.count else { return false }
    return (0...(text.count - word.count)).contains { Array(text[$0..<($0 + word.count)]) == word }
  }

  @Test func aWordIsFoundAtEveryOffset() {
    for length in 0...40 {
      for offset in 0...max(0, length - 3) where length >= 3 {
        var text = Array(repeating: UInt8(ascii: "x"), count: length)
        text.replaceSubrange(offset..<(offset + 3), with: "#if".utf8)
        let string = String(decoding: text, as: UTF8.self)
        #expect(TextSearch.contains(string, "#if"), "length \(length), offset \(offset)")
        #expect(!TextSearch.contains(string, "#ifx#"), "length \(length), offset \(offset)")
      }
    }
  }

  @Test func aWordCutByTheEndIsNotFound() {
    for length in 1...24 {
      let text = String(repeating: "a", count: length - 1) + "r"
      #expect(!TextSearch.contains(text, "re"), "length \(length)")
      #expect(TextSearch.contains(text + "e", "re"), "length \(length)")
    }
  }

  @Test func theSameAnswersAsAByteByByteSearch() {
    // Runs of the first byte, bytes one above it and non-ASCII bytes, at every chunk offset.
    let alphabet: [[UInt8]] = [Array("r".utf8), Array("s".utf8), Array("re".utf8), Array("é".utf8), [0x01], [0x00]]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {
      var text: [UInt8] = []
      seed = seed &* 6_364_136_223_846_793_005 &+ 1
      let pieces = Int(seed >> 58)
      // A new draw for each piece: any piece may follow any other.
      for _ in 0..<pieces {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1
        text += alphabet[Int((seed >> 33) % UInt64(alphabet.count))]
      }
      for word in ["re", "rs", "rré", "resolve", "\u{01}r"] {
        let string = String(decoding: text, as: UTF8.self)
        let bytes = Array(string.utf8)
        #expect(TextSearch.contains(string, word) == Self.naive(bytes, Array(word.utf8)), "\(bytes) \(word)")
      }
    }
  }

  @Test func aWholeWordIsFoundAfterPartialOnes() {
    #expect(TextSearch.containsWord("resolver resolved resolve()", "resolve"))
    #expect(!TextSearch.containsWord("resolver resolved xresolve_", "resolve"))
  }
}
