import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

@Suite struct DiagnosticsTests {
  @Test func diagnosticsAppearForClosedFilesAndClearWhenFixedInAnotherFile() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    let feed = workspace.uri("Sources/Feed.swift")
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])

    // Providing Store in the other file, typed in the editor, clears Feed.swift.
    let store = workspace.uri("Sources/Store.swift")
    let opened = client.openDocument(marked: "protocol Store {}\n1️⃣", uri: store)
    client.changeDocument(
      store, version: 2, [.init(range: opened.lspRange(at: "1️⃣"), text: "final class StoreImpl: Store {}\n")])
    #expect(try client.waitForDiagnostics(feed) == [])

    // Undoing it brings the error back.
    client.replaceDocument(store, version: 3, with: "protocol Store {}\n")
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A key nothing registers appears at each resolve naming that resolve's own consumer (all
  /// of them once named the first one's).
  @Test func eachResolveOfAMissingKeyNamesItsOwnConsumer() throws {
    let app = MarkedText(
      """
      import Swinject

      protocol AvatarStore {}
      final class PartnerViewModel { init(store: AvatarStore) {} }
      final class ChatViewModel { init(store: AvatarStore) {} }

      let container = Container()
      func setUp() {
        container.register(PartnerViewModel.self) { r in PartnerViewModel(store: r.1️⃣resolve(AvatarStore.self)!) }
        container.register(ChatViewModel.self) { r in ChatViewModel(store: r.2️⃣resolve(AvatarStore.self)!) }
      }
      let store = container.3️⃣resolve(AvatarStore.self)!

      """)
    let workspace = try ServerFixtures.workspace(["Sources/App.swift": app.text])
    let client = try ServerFixtures.start(workspace)
    let diagnostics = try client.waitForDiagnostics(workspace.uri("Sources/App.swift"))
    #expect(
      diagnostics.map { "\($0.range.start.line):\($0.range.start.character) \($0.message)" } == [
        "\(app.position("1️⃣").line - 1):\(app.position("1️⃣").column - 1) missing dependency: nothing registers 'AvatarStore', needed by 'PartnerViewModel'",
        "\(app.position("2️⃣").line - 1):\(app.position("2️⃣").column - 1) missing dependency: nothing registers 'AvatarStore', needed by 'ChatViewModel'",
        "\(app.position("3️⃣").line - 1):\(app.position("3️⃣").column - 1) missing dependency: nothing registers 'AvatarStore'",
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func incrementalEditAfterAnEmojiUsesUTF16Positions() throws {
    let workspace = try ServerFixtures.workspace(
      [
        ".dpend.json": ServerFixtures.configuration,
        "Sources/Feed.swift": "protocol Feed {}\nprotocol Store {}\nfinal class StoreImpl: Store {}\n",
      ])
    let client = try ServerFixtures.start(workspace)
    let feed = workspace.uri("Sources/Feed.swift")
    let opened = client.openDocument(
      marked: "protocol Feed {}\nprotocol Store {}\n/* 🎉 */ final class FeedImpl: Feed { init(1️⃣) {} }\n", uri: feed)
    // Two edits in one notification: a parameter, then a second one after it, where the
    // first edit left the text. The emoji is two UTF-16 units.
    let afterFirstEdit = MarkedText(
      "protocol Feed {}\nprotocol Store {}\n/* 🎉 */ final class FeedImpl: Feed { init(store: Store1️⃣) {} }\n")
    client.changeDocument(
      feed, version: 2,
      [
        .init(range: opened.lspRange(at: "1️⃣"), text: "store: Store"),
        .init(range: afterFirstEdit.lspRange(at: "1️⃣"), text: ", clock: Clock"),
      ])
    let edited = MarkedText(
      "protocol Feed {}\nprotocol Store {}\n/* 🎉 */ final class FeedImpl: Feed { init(store: 1️⃣Store, clock: 2️⃣Clock) {} }\n"
    )
    // The open document replaces the disk's text, so Store has no provider either.
    let diagnostics = try client.waitForDiagnostics(feed) { !$0.isEmpty }
    #expect(
      diagnostics == [
        ServerFixtures.missingDependency(
          "Store", neededBy: "FeedImpl.init(store:clock:)", at: edited.lspRange("1️⃣", covering: "Store")),
        ServerFixtures.missingDependency(
          "Clock", neededBy: "FeedImpl.init(store:clock:)", at: edited.lspRange("2️⃣", covering: "Clock")),
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func utf8PositionsWhenNegotiated() throws {
    let feed = MarkedText("protocol Feed {}\n/* é */ final class FeedImpl: Feed { init(store: 1️⃣Store) {} }\n")
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": ServerFixtures.configuration, "Sources/Feed.swift": feed.text])
    let client = try ServerFixtures.start(
      workspace, capabilities: ClientCapabilities(general: .init(positionEncodings: [.utf8])))
    let diagnostics = try client.waitForDiagnostics(workspace.uri("Sources/Feed.swift"))
    // In bytes: `é` is two.
    #expect(diagnostics.first?.range == feed.lspRange("1️⃣", covering: "Store", encoding: .utf8))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func cycleStepsAreRelatedInformation() throws {
    let cycle = MarkedText(
      """
      protocol A {}
      protocol B {}
      final class AImpl: A { init(b: 1️⃣B) {} }
      final class BImpl: B { init(a: 2️⃣A) {} }

      """)
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": ServerFixtures.configuration, "Sources/Cycle.swift": cycle.text])
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Cycle.swift")
    let diagnostics = try client.waitForDiagnostics(uri)
    #expect(
      diagnostics == [
        Diagnostic(
          range: cycle.lspRange("1️⃣", covering: "B"), severity: Diagnostic.error, code: "dependency-cycle",
          source: "dpend", message: "dependency cycle: A -> B -> A",
          relatedInformation: [
            DiagnosticRelatedInformation(
              location: Location(uri: uri, range: cycle.lspRange("2️⃣", covering: "A")),
              message: "'B' needs 'A' (in 'BImpl.init(a:)')")
          ])
      ])
    #expect(try client.shutdownAndExit() == 0)
  }
}

@Suite struct ManyConsumersTests {
  @Test func relatedInformationIsCappedAndTheRestCounted() throws {
    // 25 consumers of a missing key: each gets 20 related consumers and a count of the rest,
    // which points at the first consumer not listed (1️⃣).
    let consumers = MarkedText(
      "protocol Store {}\n"
        + (0..<25).map { "final class Consumer\($0)Impl { init(store: \($0 == 21 ? "1️⃣" : "")Store) {} }\n" }
        .joined())
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": ServerFixtures.configuration, "Sources/Consumers.swift": consumers.text])
    let client = try ServerFixtures.start(workspace)
    let diagnostics = try client.waitForDiagnostics(workspace.uri("Sources/Consumers.swift"))
    #expect(diagnostics.count == 25)
    let related = try #require(diagnostics.first?.relatedInformation)
    try #require(related.count == 21)
    #expect(related[19].message == "'Consumer20Impl.init(store:)' needs 'Store'")
    #expect(related[20].message == "… and 4 more (`dpend analyze` lists them all)")
    #expect(related[20].location.range.start.line == consumers.lspPosition("1️⃣").line)
    #expect(try client.shutdownAndExit() == 0)
  }
}

@Suite struct ConversionCacheTests {
  @Test func sameBytesDifferentCharactersRepublishesTheNewColumn() throws {
    let original = MarkedText(
      "protocol Feed {}\n/* 1️⃣ab2️⃣ */ final class FeedImpl: Feed { init(store: 3️⃣Store) {} }\n")
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": ServerFixtures.configuration, "Sources/Feed.swift": original.text])
    let client = try ServerFixtures.start(workspace)
    let feed = workspace.uri("Sources/Feed.swift")
    let before = try client.waitForDiagnostics(feed)
    #expect(before.first?.range == original.lspRange("3️⃣", covering: "Store"))
    client.openDocument(marked: original.text, uri: feed)
    // "ab" → "é": two bytes each, so the core diagnostic is unchanged; its UTF-16 column is not.
    client.changeDocument(feed, version: 2, [.init(range: original.lspRange(from: "1️⃣", to: "2️⃣"), text: "é")])
    let edited = MarkedText("protocol Feed {}\n/* é */ final class FeedImpl: Feed { init(store: 1️⃣Store) {} }\n")
    let after = try client.waitForDiagnostics(feed)
    #expect(after.first?.range == edited.lspRange("1️⃣", covering: "Store"))
    #expect(try client.shutdownAndExit() == 0)
  }
}
