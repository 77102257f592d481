import DpendProtocol
import Foundation
import Testing

@Suite struct DiagnosticsTests {
  /// The missing-dependency diagnostic `FeedImpl.init(store:)` gets, at line 2 (0-based).
  static func missingStore(_ workspace: ServerWorkspace, start: Int = 14, end: Int = 19) -> String {
    #"[{"code":"missing-dependency","message":"missing dependency: nothing provides 'Store', needed by "#
      + #"'FeedImpl.init(store:)'","range":{"end":{"character":\#(end),"line":2},"start":{"character":\#(start),"line":2}},"#
      + #""severity":1,"source":"dpend"}]"#
  }

  @Test func diagnosticsAppearForClosedFilesAndClearWhenFixedInAnotherFile() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    try client.initialize(root: workspace.root)
    let published = try client.diagnostics(for: workspace.uri("Sources/Feed.swift"))
    #expect(LSPAny.array(published).json == Self.missingStore(workspace))

    // Providing Store in the other file, typed in the editor, clears Feed.swift.
    let store = workspace.uri("Sources/Store.swift")
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(store), "languageId": .string("swift"), "version": .int(1),
          "text": .string("protocol Store {}\n"),
        ])
      ]))
    client.sendNotification(
      "textDocument/didChange",
      .parse(
        #"{"textDocument":{"uri":"\#(store)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"#
          + #""end":{"line":1,"character":0}},"text":"final class StoreImpl: Store {}\n"}]}"#))
    #expect(try client.diagnostics(for: workspace.uri("Sources/Feed.swift")) == [])

    // Undoing it brings the error back.
    client.sendNotification(
      "textDocument/didChange",
      .parse(#"{"textDocument":{"uri":"\#(store)","version":3},"contentChanges":[{"text":"protocol Store {}\n"}]}"#))
    let again = try client.diagnostics(for: workspace.uri("Sources/Feed.swift"))
    #expect(LSPAny.array(again).json == Self.missingStore(workspace))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func incrementalEditAfterAnEmojiUsesUTF16Positions() throws {
    let workspace = try ServerWorkspace([
      ".dpend.json": ServerFixtures.configuration,
      "Sources/Feed.swift": "protocol Feed {}\nprotocol Store {}\nfinal class StoreImpl: Store {}\n",
    ])
    let client = try TestLSPClient()
    try client.initialize(root: workspace.root)
    let feed = workspace.uri("Sources/Feed.swift")
    let text = "protocol Feed {}\nprotocol Store {}\n/* 🎉 */ final class FeedImpl: Feed { init() {} }\n"
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(feed), "languageId": .string("swift"), "version": .int(1), "text": .string(text),
        ])
      ]))
    // "/* 🎉 */ final class FeedImpl: Feed { init(" is 43 UTF-16 units (the emoji is two).
    // Two edits in one notification: a parameter, then a second one after it.
    client.sendNotification(
      "textDocument/didChange",
      .parse(
        #"{"textDocument":{"uri":"\#(feed)","version":2},"contentChanges":["#
          + #"{"range":{"start":{"line":2,"character":43},"end":{"line":2,"character":43}},"text":"store: Store"},"#
          + #"{"range":{"start":{"line":2,"character":55},"end":{"line":2,"character":55}},"text":", clock: Clock"}]}"#)
    )
    // The open document replaces the disk's text, so Store has no provider either.
    let diagnostics = try client.diagnostics(for: feed) { !$0.isEmpty }
    #expect(
      LSPAny.array(diagnostics).json
        == #"[{"code":"missing-dependency","message":"missing dependency: nothing provides 'Store', needed by "#
        + #"'FeedImpl.init(store:clock:)'","range":{"end":{"character":55,"line":2},"start":{"character":50,"line":2}},"#
        + #""severity":1,"source":"dpend"},"#
        + #"{"code":"missing-dependency","message":"missing dependency: nothing provides 'Clock', needed by "#
        + #"'FeedImpl.init(store:clock:)'","range":{"end":{"character":69,"line":2},"start":{"character":64,"line":2}},"#
        + #""severity":1,"source":"dpend"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func utf8PositionsWhenNegotiated() throws {
    let workspace = try ServerWorkspace([
      ".dpend.json": ServerFixtures.configuration,
      "Sources/Feed.swift": "protocol Feed {}\n/* é */ final class FeedImpl: Feed { init(store: Store) {} }\n",
    ])
    let client = try TestLSPClient()
    try client.initialize(root: workspace.root, capabilities: .parse(#"{"general":{"positionEncodings":["utf-8"]}}"#))
    let diagnostics = try client.diagnostics(for: workspace.uri("Sources/Feed.swift"))
    // "/* é */ final class FeedImpl: Feed { init(store: " is 50 bytes (é is two).
    #expect(
      diagnostics.first?["range"]?.json == #"{"end":{"character":55,"line":1},"start":{"character":50,"line":1}}"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func cycleStepsAreRelatedInformation() throws {
    let workspace = try ServerWorkspace([
      ".dpend.json": ServerFixtures.configuration,
      "Sources/Cycle.swift": """
      protocol A {}
      protocol B {}
      final class AImpl: A { init(b: B) {} }
      final class BImpl: B { init(a: A) {} }

      """,
    ])
    let client = try TestLSPClient()
    try client.initialize(root: workspace.root)
    let uri = workspace.uri("Sources/Cycle.swift")
    let diagnostics = try client.diagnostics(for: uri)
    #expect(
      LSPAny.array(diagnostics).json
        == #"[{"code":"dependency-cycle","message":"dependency cycle: A -> B -> A","#
        + #""range":{"end":{"character":32,"line":2},"start":{"character":31,"line":2}},"#
        + #""relatedInformation":[{"location":{"range":{"end":{"character":32,"line":3},"start":{"character":31,"line":3}},"#
        + #""uri":"\#(uri)"},"message":"'B' needs 'A' (in 'BImpl.init(a:)')"}],"severity":1,"source":"dpend"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }
}

@Suite struct ManyConsumersTests {
  @Test func relatedInformationIsCappedAndTheRestCounted() throws {
    // 25 consumers of a missing key: each gets 20 related consumers and a count of the rest.
    let consumers = (0..<25).map { "final class Consumer\($0)Impl { init(store: Store) {} }" }.joined(separator: "\n")
    let workspace = try ServerWorkspace([
      ".dpend.json": ServerFixtures.configuration, "Sources/Consumers.swift": "protocol Store {}\n" + consumers + "\n",
    ])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let diagnostics = try client.diagnostics(for: workspace.uri("Sources/Consumers.swift"))
    #expect(diagnostics.count == 25)
    guard case .array(let related)? = diagnostics.first?["relatedInformation"] else {
      Issue.record("no related information")
      return
    }
    #expect(related.count == 21)
    #expect(related[19]["message"] == .string("'Consumer20Impl.init(store:)' needs 'Store'"))
    #expect(related[20]["message"] == .string("… and 4 more (`dpend analyze` lists them all)"))
    #expect(related[20]["location"]?["range"]?["start"]?["line"] == .int(22))
    #expect(try client.shutdownAndExit() == 0)
  }
}

@Suite struct ConversionCacheTests {
  @Test func sameBytesDifferentCharactersRepublishesTheNewColumn() throws {
    let text = "protocol Feed {}\n/* ab */ final class FeedImpl: Feed { init(store: Store) {} }\n"
    let workspace = try ServerWorkspace([".dpend.json": ServerFixtures.configuration, "Sources/Feed.swift": text])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let feed = workspace.uri("Sources/Feed.swift")
    let before = try client.diagnostics(for: feed)
    #expect(before.first?["range"]?.json == #"{"end":{"character":55,"line":1},"start":{"character":50,"line":1}}"#)
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(feed), "languageId": .string("swift"), "version": .int(1), "text": .string(text),
        ])
      ]))
    // "ab" → "é": two bytes each, so the core diagnostic is unchanged; its UTF-16 column is not.
    client.sendNotification(
      "textDocument/didChange",
      .parse(
        #"{"textDocument":{"uri":"\#(feed)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":3},"#
          + #""end":{"line":1,"character":5}},"text":"é"}]}"#))
    let after = try client.diagnostics(for: feed)
    #expect(after.first?["range"]?.json == #"{"end":{"character":54,"line":1},"start":{"character":49,"line":1}}"#)
    #expect(try client.shutdownAndExit() == 0)
  }
}
