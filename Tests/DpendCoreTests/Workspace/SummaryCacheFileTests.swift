import DpendModel
import DpendTestSupport
import Foundation
import Testing

@testable import DpendWorkspace

/// The summary cache's file as bytes: made in one allocation of its own size (at 100,000
/// files it is 170 MB, and a second, larger array at the end of writing it would double that).
@Suite struct SummaryCacheFileTests {
  @Test func theFileIsMadeInOneArrayOfItsSizeAndReadsBack() throws {
    let entries = (0..<2_000).map { index in
      let summary = FileSummary(path: "Sources/Feature\(index % 7)/File\(index).swift")
      let stored = StoredSummary(summary)
      return SummaryCacheFile.Entry(
        path: summary.path, textHash: UInt64(index) &* 0x9E37_79B9, textLength: index * 3,
        contentDigest: stored.contentDigest, payload: stored.bytes)
    }
    let bytes = SummaryCacheFile.bytes(of: entries, identity: "format test")
    // malloc may round a large block up to its page; never to a second block's size.
    #expect(bytes.capacity - bytes.count < 4096, "capacity \(bytes.capacity) for \(bytes.count) bytes")
    let parsed = try SummaryCacheFile.parse(bytes, identity: "format test").get().entries
    #expect(parsed.map(\.path) == entries.map(\.path))
    #expect(parsed.map(\.payload) == entries.map(\.payload))
    #expect(parsed.map(\.textLength) == entries.map(\.textLength))
  }

  @Test func writtenInPiecesItIsTheSameFileWithTheSameChecksum() throws {
    // Payloads of 300 KB: several pieces of a megabyte, boundaries inside entries.
    let entries = (0..<12).map { index in
      SummaryCacheFile.Entry(
        path: "File\(index).swift", textHash: UInt64(index), textLength: index, contentDigest: 1,
        payload: ArraySlice((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &+ index) }))
    }
    var pieces: [[UInt8]] = []
    SummaryCacheFile.write(entries, identity: "pieces") { pieces.append(Array($0)) }
    // Three pieces of four entries each (1.2 MB), then the checksum alone.
    #expect(pieces.count == 4)
    #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 20 })
    #expect(pieces.last?.count == 8)
    let whole = pieces.flatMap { $0 }
    #expect(whole == SummaryCacheFile.bytes(of: entries, identity: "pieces"))
    #expect(whole.count == SummaryCacheFile.size(of: entries, identity: "pieces"))
    #expect(
      try SummaryCacheFile.parse(whole, identity: "pieces").get().entries.map(\.payload) == entries.map(\.payload))
  }

  @Test func theHashIsTheOneEveryCacheFileWasWrittenWith() {
    // Values of the one-shot hash before it was made through `StableHash.Stream`: a change
    // would refuse every cache file, fingerprint and digest written before it.
    let expected: [Int: UInt64] = [
      0: 0xA2A2_5D13_2E18_9272, 1: 0x63B2_F864_B39E_9CC3, 7: 0x0DCF_1554_423F_ED5D, 8: 0x87EF_E0E9_B3BA_E221,
      9: 0x8A12_7602_A7AE_1A7E, 17: 0xC97E_E1C6_5505_5939, 100: 0x3218_0C2D_C624_77DB,
    ]
    for (length, hash) in expected {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
      #expect(bytes.withUnsafeBytes { StableHash.of($0) } == hash, "\(length) bytes")
    }
  }

  @Test func theStreamedHashIsTheHashOfAllTheBytes() {
    var generator = SplitMix64(seed: 16)
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1_000, 4_099] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let whole = bytes.withUnsafeBytes { StableHash.of($0) }
      for _ in 0..<20 {
        var stream = StableHash.Stream(count: length)
        var offset = 0
        while offset < length {
          let next = min(length, offset + Int.random(in: 0...13, using: &generator))
          bytes[offset..<next].withUnsafeBytes { stream.add($0) }
          offset = next
        }
        #expect(stream.finish() == whole, "\(length) bytes")
      }
    }
  }

  /// A hash of bytes not counted first (the host state's checksum): the same for every split
  /// of the bytes, and another for bytes that differ only by trailing zeros.
  @Test func theUnannouncedHashDependsOnTheBytesAloneNotOnTheirSplit() {
    var generator = SplitMix64(seed: 17)
    func unannounced(_ bytes: [UInt8], splitting: Bool) -> UInt64 {
      var stream = StableHash.Stream()
      var offset = 0
      while offset < bytes.count {
        let next = splitting ? min(bytes.count, offset + Int.random(in: 0...13, using: &generator)) : bytes.count
        bytes[offset..<next].withUnsafeBytes { stream.add($0) }
        offset = next
      }
      return stream.finish()
    }
    var seen: Set<UInt64> = []
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1_000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 1...255, using: &generator) }
      let whole = unannounced(bytes, splitting: false)
      for _ in 0..<20 { #expect(unannounced(bytes, splitting: true) == whole, "\(length) bytes") }
      #expect(seen.insert(whole).inserted, "\(length) bytes")
      #expect(unannounced(bytes + [0], splitting: false) != whole, "\(length) bytes and a zero")
    }
  }
}
