import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

/// The editor summarizes a file after every keystroke, so the collector must survive any
/// text and keep whatever the parser recovered.
struct CollectHalfTypedCodeTests {
  /// A realistic file as top-level chunks; every prefix of it is summarized.
  static let chunks = [
    """
    import DpendRuntime
    import Foundation
    """,
    """
    // Feeds für die Startseite 📰
    public protocol FeedLoading {}
    protocol Store: AnyObject {}
    """,
    """
    public enum Remote: DependencyTag {}
    """,
    """
    typealias FeedStore = any Store
    """,
    """
    final class FeedViewModel: FeedLoading {
      let title = "Feed"

      init(store: FeedStore, loader: Tagged<Loader, Remote>, retries: Int = 3) {
        self.store = store
      }

      convenience init?(json: String) { nil }

      final class Factory {
        init(parent: FeedViewModel?) {}
      }
    }
    """,
    """
    struct Settings {
      let store: any Store
      var timeout: Double = 30 { didSet { print(timeout) } }
    }
    """,
    """
    class AppConfiguration: DependencyConfiguration {
      func feedStore(url: URL) throws -> DependencyRegistration<Store> {
        DependencyRegistration(tag: Remote.self, scope: .singleton) { DiskStore(url: url) }
      }

      func loader() -> DependencyRegistration<Loader> {
        .init(scope: currentScope) { Loader() }
      }
    }
    """,
    """
    extension FeedViewModel: Sendable {
      func reload() {}
    }
    """,
  ]

  static let file = chunks.joined(separator: "\n\n") + "\n"

  @Test func completeFileIsReadAsExpected() {
    let summary = SummaryCollector.summarize(path: collectPath, source: Self.file)
    #expect(summary.imports == ["DpendRuntime", "Foundation"])
    #expect(summary.protocols.map(\.name) == ["FeedLoading", "Store"])
    #expect(
      summary.types.map(\.name) == ["Remote", "FeedViewModel", "FeedViewModel.Factory", "Settings", "AppConfiguration"])
    #expect(summary.typealiases.map(\.name) == ["FeedStore"])
    #expect(summary.extensions.map(\.extendedType) == ["FeedViewModel"])
    #expect(summary.type("FeedViewModel")?.initializers.map(\.signature) == ["init(store:loader:retries:)"])
    #expect(summary.type("Settings")?.initializers.map(\.signature) == ["init(store:timeout:)"])
    #expect(summary.type("AppConfiguration")?.methods.map(\.problems.count) == [0, 1])
  }

  @Test func everyPrefixIsSummarizedAndKeepsTheCompleteDeclarations() {
    let full = SummaryCollector.summarize(path: collectPath, source: Self.file)
    // UTF-8 offsets where each chunk ends.
    var chunkEnds: [Int] = []
    var offset = 0
    for chunk in Self.chunks {
      offset += chunk.utf8.count
      chunkEnds.append(offset)
      offset += 2
    }
    let lines = LineTable(Self.file)
    var failures: [String] = []
    var prefix = ""
    for character in Self.file {
      prefix.append(character)
      let summary = SummaryCollector.summarize(path: collectPath, source: prefix)
      let length = prefix.utf8.count
      for range in summary.allRanges {
        let isValid =
          range.file == collectPath && range.start.offset <= range.end.offset
          && range.end.offset <= length && lines.position(range.start.offset) == range.start
          && lines.position(range.end.offset) == range.end
        if !isValid { failures.append("prefix of \(length) bytes: bad range \(range)") }
      }
      // Declarations in chunks the prefix holds completely read as in the complete file.
      let settled = chunkEnds.last { $0 <= length } ?? 0
      func isSettled(_ range: SourceRange) -> Bool { range.start.offset < settled }
      let matches = [
        summary.types.filter { isSettled($0.range) } == full.types.filter { isSettled($0.range) },
        summary.protocols.filter { isSettled($0.range) } == full.protocols.filter { isSettled($0.range) },
        summary.typealiases.filter { isSettled($0.range) } == full.typealiases.filter { isSettled($0.range) },
        summary.extensions.filter { isSettled($0.range) } == full.extensions.filter { isSettled($0.range) },
        settled == 0 || summary.imports == full.imports,
      ]
      if matches.contains(false) { failures.append("prefix of \(length) bytes: settled declarations differ") }
    }
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
  }

  @Test func classWithoutANameIsSkippedAndTheNextOneKept() {
    let source = MarkedText(
      """
      class {
        init(a: A) {}
        class Nested {}
      }
      class 1️⃣Feed2️⃣ {
        init(store: Store) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Feed"])
    #expect(summary.type("Feed")?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(summary.type("Feed")?.initializers.map(\.signature) == ["init(store:)"])
  }

  @Test func lonelyOpeningOfAClassGivesNothing() {
    let summary = collectSummary(MarkedText("class {"))
    #expect(summary.types == [])
    #expect(summary.protocols == [])
  }

  @Test func initializerStillBeingTypedIsSkipped() {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store) {}
        init(a: )
      }
      """)
    let feed = collectSummary(source).type("Feed")
    #expect(feed?.initializers.map(\.signature) == ["init(store:)"])
  }

  @Test func initializerWithAnUnfinishedGenericTypeIsSkipped() {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store) {}
        init(cache: Cache<)
      }
      """)
    #expect(collectSummary(source).type("Feed")?.initializers.map(\.signature) == ["init(store:)"])
  }

  @Test func storedPropertyWithAnUnfinishedTypeSuppressesTheMemberwiseInit() {
    let source = MarkedText(
      """
      struct Settings {
        let store: Store
        let cache: [String:
      }
      """)
    #expect(collectSummary(source).type("Settings")?.initializers == [])
  }

  @Test func registrationArgumentsWithoutAValueYetAreIgnored() throws {
    let source = MarkedText(
      """
      class AppConfiguration {
        func feed() -> DependencyRegistration<Feed> {
          DependencyRegistration(tag: , scope: .shared) { Feed() }
        }
        func store() -> DependencyRegistration<Store> {
          DependencyRegistration(tag: Remote.self, scope: ) { Store() }
        }
      }
      """)
    let methods = try #require(collectSummary(source).type("AppConfiguration")?.methods)
    #expect(methods.map(\.problems) == [[], []])
    #expect(methods.map(\.registration?.tag) == [nil, "Remote"])
    #expect(methods.map(\.registration?.scope) == [.shared, .unique])
  }

  @Test func missingClosingBracesAtTheEndKeepTheDeclarations() {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store) {}
        final class Factory {
          init(feed: Feed) {
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Feed", "Feed.Factory"])
    #expect(summary.type("Feed")?.initializers.map(\.signature) == ["init(store:)"])
    #expect(summary.type("Feed.Factory")?.initializers.map(\.signature) == ["init(feed:)"])
  }

  @Test func missingClosingBraceInTheMiddleKeepsWhatFollows() throws {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store) {}
        func reload() {
      }
      class Settings {
        init(defaults: Defaults) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.first?.name == "Feed")
    #expect(summary.type("Feed")?.initializers.map(\.signature) == ["init(store:)"])
    // The parser nests what follows in `Feed`; its initializer is read all the same.
    let settings = try #require(summary.types.first { $0.name.hasSuffix("Settings") })
    #expect(settings.initializers.map(\.signature) == ["init(defaults:)"])
  }

  @Test func strayClosingBraceDoesNotHideLaterTypes() {
    let source = MarkedText(
      """
      class Feed {}
      }
      }
      class Settings {
        init(defaults: Defaults) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Feed", "Settings"])
    #expect(summary.type("Settings")?.initializers.map(\.signature) == ["init(defaults:)"])
  }

  @Test func storedPropertyWithoutATypeYetSuppressesTheMemberwiseInit() {
    let source = MarkedText(
      """
      struct Settings {
        let store: Store
        let timeout:
      }
      """)
    #expect(collectSummary(source).type("Settings")?.initializers == [])
  }

  @Test func halfTypedHeadersAreSkipped() {
    let source = MarkedText(
      """
      import
      protocol
      typealias Handler =
      extension
      enum
      """)
    let summary = collectSummary(source)
    #expect(summary.imports == [])
    #expect(summary.protocols == [])
    #expect(summary.typealiases == [])
    #expect(summary.extensions == [])
    #expect(summary.types == [])
  }

  @Test func extensionWhoseConformanceIsNotTypedYetIsKept() {
    let source = MarkedText(
      """
      extension 1️⃣Feed2️⃣:  {
        func reload() {}
      }
      """)
    let extensions = collectSummary(source).extensions
    #expect(extensions.map(\.extendedType) == ["Feed"])
    #expect(extensions.first?.inheritance == [])
    #expect(extensions.first?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(extensions.first?.methods.map(\.name) == ["reload"])
  }

  @Test func registrationWhoseTypeIsNotTypedYetIsNotARegistration() throws {
    let source = MarkedText(
      """
      class AppConfiguration {
        func feed() -> DependencyRegistration< {
          DependencyRegistration(scope: .singleton) { Feed() }
        }
        func settings() -> DependencyRegistration<Settings> {
          DependencyRegistration(scope: .shared) { Settings() }
        }
      }
      """)
    let methods = try #require(collectSummary(source).type("AppConfiguration")?.methods)
    #expect(methods.map(\.name) == ["feed", "settings"])
    #expect(methods.map(\.registration?.type.name) == [nil, "Settings"])
    #expect(methods.map(\.registration?.scope) == [nil, .shared])
  }

  @Test func scopeBeingTypedIsReportedAsUnknown() throws {
    let source = MarkedText(
      """
      class AppConfiguration {
        func feed() -> DependencyRegistration<Feed> {
          DependencyRegistration(scope: 1️⃣.sing2️⃣) { Feed() }
        }
      }
      """)
    let method = try #require(collectSummary(source).type("AppConfiguration")?.methods.first)
    #expect(
      method.problems.map(\.message) == [
        "unknown scope '.sing'; expected one of .unique, .shared, .singleton, .eagerSingleton, .weakSingleton"
      ])
    #expect(method.problems.map(\.range) == [source.range(from: "1️⃣", to: "2️⃣")])
  }

  @Test func randomBytesDecodedLossilyNeverCrash() {
    var random = SplitMix64(seed: 0x5EED_D9E4D)
    for _ in 0..<300 {
      let bytes = (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let text = String(decoding: bytes, as: UTF8.self)
      let summary = SummaryCollector.summarize(path: collectPath, source: text)
      let lines = LineTable(text)
      for range in summary.allRanges {
        #expect(range.start.offset <= range.end.offset && range.end.offset <= text.utf8.count)
        #expect(lines.position(range.start.offset) == range.start)
      }
    }
  }

  @Test func randomTokenSoupNeverCrashes() {
    let vocabulary = [
      "class", "struct", "actor", "enum", "protocol", "extension", "typealias", "import", "init", "init?", "func",
      "public", "private", "static", "let", "var", "Feed", "Store", "Outer.Inner", "any", "some", "Tagged", "<",
      ">", "(", ")", "{", "}", "[", "]", ":", ",", "=", "?", "!", "->", "...", "_", "@escaping", "inout", "#if",
      "#else", "#endif", "DEBUG", "DependencyRegistration", ".init", "tag", "scope", ".singleton", ".self", "throws",
      "async", "\n", "\"", "/*", "//", "é", "📰", "didSet", "where", "==", "&",
    ]
    var random = SplitMix64(seed: 42)
    for _ in 0..<400 {
      let count = Int(random.next() % 60)
      let text = (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        .joined(separator: random.next() % 3 == 0 ? "" : " ")
      let summary = SummaryCollector.summarize(path: collectPath, source: text)
      let lines = LineTable(text)
      for range in summary.allRanges {
        #expect(range.start.offset <= range.end.offset && range.end.offset <= text.utf8.count, "\(text)")
        #expect(lines.position(range.start.offset) == range.start, "\(text)")
        #expect(lines.position(range.end.offset) == range.end, "\(text)")
      }
      for type in summary.types {
        #expect(!type.name.isEmpty && !type.name.hasPrefix(".") && !type.name.hasSuffix("."), "\(text)")
      }
    }
  }
}

/// Line and UTF-8 column of every offset of a text, to check the collector's positions.
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the compiler counts them.
private struct LineTable {
  private var lineStarts = [0]

  init(_ text: String) {
    let bytes = Array(text.utf8)
    for (offset, byte) in bytes.enumerated() {
      let isCarriageReturnBeforeNewline =
        byte == UInt8(ascii: "\r") && offset + 1 < bytes.count
        && bytes[offset + 1] == UInt8(ascii: "\n")
      if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !isCarriageReturnBeforeNewline) {
        lineStarts.append(offset + 1)
      }
    }
  }

  func position(_ offset: Int) -> SourcePosition {
    let line = lineStarts.lastIndex { $0 <= offset } ?? 0
    return SourcePosition(line: line + 1, column: offset - lineStarts[line] + 1, offset: offset)
  }
}
