import DpendModel
import Testing

/// The fingerprint the summary cache keys files by: the same in every process (the cache
/// outlives the process), and never equal for a text edited in one place.
@Suite struct TextFingerprintTests {
  /// Pinned values: a change to the hash must bump the cache's format version, since files
  /// written with the old hash would otherwise all miss (harmless) or, worse, be compared
  /// with another function's values.
  @Test func isTheSameInEveryProcess() {
    #expect(TextFingerprint("") == TextFingerprint(hash: 0xa2a2_5d13_2e18_9272, length: 0))
    #expect(TextFingerprint("dpend") == TextFingerprint(hash: 0x778a_6fcd_4b20_18d4, length: 5))
    #expect(
      TextFingerprint("final class ServiceImpl: Service {}\n")
        == TextFingerprint(hash: 0x643e_dc6f_5968_c2b0, length: 36))
  }

  @Test func anyOneByteEditChangesIt() {
    // 67 bytes: eight whole words and a three-byte tail.
    let text = "protocol Service {}\nfinal class ServiceImpl: Service { init() {} }\n"
    let bytes = Array(text.utf8)
    let original = TextFingerprint(text)
    var seen: Set<UInt64> = [original.hash]
    for position in bytes.indices {
      for replacement in [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "{")] where bytes[position] != replacement
      {
        var edited = bytes
        edited[position] = replacement
        let fingerprint = TextFingerprint(String(decoding: edited, as: UTF8.self))
        #expect(fingerprint.length == bytes.count)
        #expect(seen.insert(fingerprint.hash).inserted, "byte \(position) → \(replacement)")
      }
    }
  }

  @Test func lengthAndTrailingZerosCount() {
    // The tail is padded with zero bytes: the length keeps "a" and "a\0" apart.
    #expect(TextFingerprint("a").hash != TextFingerprint("a\u{0}").hash)
    #expect(TextFingerprint("abcdefgh").hash != TextFingerprint("abcdefgh\u{0}").hash)
    #expect(TextFingerprint("é").length == 2)
  }

  @Test func swappedWordsDiffer() {
    #expect(TextFingerprint("AAAAAAAABBBBBBBB") != TextFingerprint("BBBBBBBBAAAAAAAA"))
  }
}
