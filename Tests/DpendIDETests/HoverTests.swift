import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

@Suite struct HoverTests {
  static let app = MarkedText(
    """
    protocol Feed {}
    protocol Store {}
    final class 3️⃣StoreImpl: Store {}
    final class FeedImpl: Feed {
      2️⃣init(store: 1️⃣Store) {}
    }
    final class ScreenImpl {
      init(feed: Feed, store: Store, clock: 4️⃣Clock?) {}
    }
    5️⃣
    """)

  @Test func onADependencyItNamesTheProvider() throws {
    let ide = try ide(["App.swift": Self.app])
    let hover = ide.hover(at: Self.app.position("1️⃣").offset, in: "App.swift")
    #expect(
      hover
        == HoverResult(
          markdown: "`Store` is provided by `StoreImpl.init()` (scope: `unique`)",
          range: Self.app.range("1️⃣", covering: "Store", in: "App.swift")))
    #expect(hover?.plainText == "Store is provided by StoreImpl.init() (scope: unique)")
  }

  @Test func onAnOptionalDependencyNothingProvidesItSaysNilIsPassed() throws {
    let ide = try ide(["App.swift": Self.app])
    #expect(
      ide.hover(at: Self.app.position("4️⃣").offset, in: "App.swift")?.markdown
        == "Nothing provides `Clock`: `nil` is passed")
  }

  @Test func onAProviderItShowsWhatItProvidesAndNeeds() throws {
    let ide = try ide(["App.swift": Self.app])
    #expect(
      ide.hover(at: Self.app.position("2️⃣").offset, in: "App.swift")
        == HoverResult(
          markdown: "`FeedImpl.init(store:)` provides `Feed`\n- scope: `unique`\n- needs: `Store`",
          range: Self.app.range("2️⃣", covering: "init", in: "App.swift")))
    // A type's name stands for its implicit `init()`.
    #expect(
      ide.hover(at: Self.app.position("3️⃣").offset, in: "App.swift")?.markdown
        == "`StoreImpl` is a provider\n\n`StoreImpl.init()` provides `Store`\n- scope: `unique`\n- needs: nothing")
  }

  @Test func nothingOfTheGraphMeansNoHover() throws {
    let ide = try ide(["App.swift": Self.app])
    #expect(ide.hover(at: Self.app.position("5️⃣").offset, in: "App.swift") == nil)
    #expect(ide.hover(at: 0, in: "Other.swift") == nil)
  }

  @Test func missingDependenciesAndAmbiguityAreNamed() throws {
    let source = MarkedText(
      """
      protocol Store {}
      protocol Clock {}
      final class AStoreImpl: Store {}
      final class BStoreImpl: Store {}
      final class FeedImpl { init(store: 1️⃣Store, clock: 2️⃣Clock) {} }
      """)
    let ide = try ide(["App.swift": source])
    #expect(
      ide.hover(at: source.position("1️⃣").offset, in: "App.swift")?.markdown
        == "`Store` is provided by `AStoreImpl.init()` (scope: `unique`)\n\nAlso provided by `BStoreImpl` (ambiguous)")
    #expect(
      ide.hover(at: source.position("2️⃣").offset, in: "App.swift")?.markdown
        == "Nothing provides `Clock` (missing dependency)")
  }

  @Test func linesAreThoseOfTheAnalysedText() throws {
    let ide = try ide(["App.swift": Self.app])
    #expect(ide.lines(of: "App.swift") == LineTable(Self.app.text))
    #expect(ide.lines(of: ".dpend.json") == nil)
  }
}
