import DpendModel
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
        contentDigest: stored.contentDigest, shapeDigest: stored.shapeDigest, payload: stored.bytes)
    }
    let bytes = SummaryCacheFile.bytes(of: entries, identity: "format test")
    // malloc may round a large block up to its page; never to a second block's size.
    #expect(bytes.capacity - bytes.count < 4096, "capacity \(bytes.capacity) for \(bytes.count) bytes")
    let parsed = try SummaryCacheFile.parse(bytes, identity: "format test").get()
    #expect(parsed.map(\.path) == entries.map(\.path))
    #expect(parsed.map(\.payload) == entries.map(\.payload))
    #expect(parsed.map(\.textLength) == entries.map(\.textLength))
  }
}
