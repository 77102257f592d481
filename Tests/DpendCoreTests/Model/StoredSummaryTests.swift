import DpendCollect
import DpendHost
import DpendModel
import Testing

@testable import DpendAnalysis

/// Summaries kept in their binary form: read back equal, with the digests and ranges of
/// their encoding, and never a trap on bytes that do not decode.
@Suite struct StoredSummaryTests {
  static let source = """
    protocol Store {}
    final class StoreImpl: Store {
      init(name: String = "x") {}
    }
    final class Screen {
      init(store: Store) {}
    }
    """
  static let summary = SummaryCollector.summarize(path: "A.swift", source: source, settings: CollectionSettings())

  @Test func itReadsBackTheSummaryWithTheDigestOfItsEncoding() {
    let stored = StoredSummary(Self.summary)
    let encoded = Self.summary.binaryEncodedWithDigests()
    #expect(stored.path == "A.swift")
    #expect(Array(stored.bytes) == encoded.bytes)
    // Kept for as long as the file is analysed: no slack beyond malloc's rounding.
    #expect(encoded.bytes.capacity - encoded.bytes.count < 32, "\(encoded.bytes.capacity) for \(encoded.bytes.count)")
    #expect(stored.contentDigest == encoded.contentDigest)
    #expect(stored.decoded() == Self.summary)
  }

  @Test func bytesThatDoNotDecodeGiveAnEmptySummaryWithAProblem() {
    let stored = StoredSummary(Self.summary)
    let truncated = StoredSummary(
      path: "A.swift", bytes: stored.bytes.dropLast(3), contentDigest: stored.contentDigest)
    let decoded = truncated.decoded()
    #expect(decoded.path == "A.swift")
    #expect(decoded.types.isEmpty && decoded.protocols.isEmpty)
    #expect(
      decoded.problems.map(\.message) == [
        "dpend could not read its own summary of 'A.swift' (truncated binary summary); run with --no-cache"
      ])
    #expect(decoded.problems.map(\.range) == [.startOfFile("A.swift")])

    let otherFile = StoredSummary(
      path: "B.swift", bytes: stored.bytes, contentDigest: stored.contentDigest)
    #expect(
      otherFile.decoded().problems.map(\.message) == [
        "dpend could not read its own summary of 'B.swift' (it is of another file); run with --no-cache"
      ])
  }

  @Test func aGraphBuiltFromStoredSummariesEqualsOneBuiltFromDecodedOnes() throws {
    let other = SummaryCollector.summarize(
      path: "B.swift", source: "final class Unused { init(missing: Missing) {} }", settings: CollectionSettings())
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*"]))
    let decoded = GraphBuilder(settings: settings)
    decoded.set([Self.summary, other])
    let stored = GraphBuilder(settings: settings)
    stored.set([IndexedSummary(StoredSummary(Self.summary)), IndexedSummary(StoredSummary(other))])
    let graph = stored.graph()
    #expect(graph.diagnostics == decoded.graph().diagnostics)
    #expect(graph.diagnostics.map(\.message).contains { $0.contains("Missing") })
    #expect(graph.summary(of: "A.swift") == Self.summary)
    #expect(graph.storedSummary(of: "B.swift")?.decoded() == other)
  }

  @Test func aGraphAfterAnEditKeepsWhatTheLastOneDecodedOfTheFilesThatDidNotChange() {
    let settings = AnalysisSettings()
    let other = SummaryCollector.summarize(path: "B.swift", source: "struct B {}", settings: CollectionSettings())
    let builder = GraphBuilder(settings: settings)
    builder.set([Self.summary, other])
    let first = builder.graph()
    #expect(first.files.summaries.decodedPaths == [])
    #expect(first.summary(of: "A.swift") == Self.summary)
    #expect(first.summary(of: "B.swift") == other)
    #expect(first.files.summaries.decodedPaths == ["A.swift", "B.swift"])
    // A.swift is edited: B.swift's decoded summary goes on to the next graph, A.swift's not.
    let edited = SummaryCollector.summarize(
      path: "A.swift", source: Self.source + "\nstruct C {}", settings: CollectionSettings())
    builder.set([edited])
    let second = builder.graph()
    #expect(second.files.summaries.decodedPaths == ["B.swift"])
    #expect(second.summary(of: "A.swift") == edited)
    #expect(second.summary(of: "B.swift") == other)
    // The first graph still reads what it was built from.
    #expect(first.summary(of: "A.swift") == Self.summary)
  }

  @Test func theFactsKeptInTheCacheReadBackAsTheyWereMadeForEveryRealSummary() throws {
    // The real sources', and one with a name that is not ASCII and an extension behind two
    // module names.
    let kelvin = SummaryCollector.summarize(
      path: "Kelvin.swift", source: "final class \u{212A}elvin {}\nextension App.App.Kelvin: P {}\n",
      settings: CollectionSettings())
    let summaries = SummaryBinaryTests.realSummaries + [kelvin]
    var containers = 0
    var typealiases = 0
    var extensions = 0
    for summary in summaries {
      let made = IndexedSummary(summary)
      let facts = made.encodedFacts()
      let read = try #require(IndexedSummary(made.stored, facts: facts[...]), "\(summary.path)")
      #expect(read.interface == made.interface, "\(summary.path)")
      #expect(read.isContainer == made.isContainer && read.isConditional == made.isConditional, "\(summary.path)")
      #expect(read.vocabulary == made.vocabulary && read.mentions == made.mentions, "\(summary.path)")
      if read.isContainer { containers += 1 }
      if !made.interface.typealiases.isEmpty { typealiases += 1 }
      if !made.interface.extensions.isEmpty { extensions += 1 }
      // Cut short anywhere, or of another version: not read (the summary is decoded instead).
      for length in stride(from: 0, to: facts.count, by: max(1, facts.count / 7)) {
        #expect(IndexedSummary(made.stored, facts: facts[..<length]) == nil, "\(summary.path) cut at \(length)")
      }
      var otherVersion = facts
      otherVersion[4] &+= 1
      #expect(IndexedSummary(made.stored, facts: otherVersion[...]) == nil)
    }
    #expect(IndexedSummary(kelvin).interface.extensions.map(\.extendedType) == ["App.App.Kelvin"])
    #expect(containers > 5)
    #expect(typealiases > 0 && extensions > 5, "\(typealiases) with typealiases, \(extensions) with extensions")
  }

  @Test func anOpenDocumentsSummaryIsReadAsItWasCollectedNotDecodedAgain() {
    let host = AnalysisHost()
    host.open(path: "A.swift", text: Self.source)
    let opened = host.graph()
    // Its analysis and the editor's lookups read the summary the edit made.
    #expect(opened.files.summaries.decodedPaths == ["A.swift"])
    #expect(opened.summary(of: "A.swift") == Self.summary)
    let edited = Self.source + "\nstruct C {}"
    host.change(
      path: "A.swift", to: edited,
      edits: [TextReplacement(offset: Self.source.utf8.count, length: 0, replacement: "\nstruct C {}")])
    let changed = host.graph()
    #expect(changed.files.summaries.decodedPaths == ["A.swift"])
    #expect(changed.summary(of: "A.swift")?.types.map(\.name) == ["StoreImpl", "Screen", "C"])
    // A file read from disk is kept only in binary form.
    host.update([(path: "B.swift", text: "struct B {}")])
    #expect(host.graph().files.summaries.decodedPaths == ["A.swift"])
  }
}
