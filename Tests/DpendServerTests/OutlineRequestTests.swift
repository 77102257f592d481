import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Document and workspace symbols, code lenses, inlay hints, the call hierarchy and the key
/// under the cursor on Swinject code, over JSON-RPC.
@Suite struct OutlineRequestTests {
  /// 1️⃣ registers `Store` (its key at 6️⃣), resolved at 2️⃣ and 3️⃣; 4️⃣ registers `Feed`,
  /// which needs `Store` and `Clock`, resolved at 5️⃣ (nothing registers it).
  static let assembly = MarkedText(
    """
    import Swinject

    func assemble(_ container: Container) {
      container.1️⃣register(6️⃣Store.self) { _ in StoreImpl() }.inObjectScope(.container)
      container.4️⃣register(Feed.self) { r in
        Feed(store: r.2️⃣resolve(Store.self)!, clock: r.5️⃣resolve(Clock.self)!)
      }
      _ = container.3️⃣resolve(Store.self)!
    }

    """)
  static let services = """
    protocol Store {}
    protocol Clock {}
    final class StoreImpl: Store {}
    final class Feed { init(store: Store, clock: Clock) {} }

    """

  /// An assembly's symbol is where it is declared, and covers its registrations.
  @Test func anAssemblysSymbolIsItsDeclaration() throws {
    let assembly = MarkedText(
      """
      import Swinject

      final class 1️⃣AppAssembly: Assembly {
        func assemble(container: Container) {
          container.2️⃣register(Store.self) { _ in StoreImpl() }
          container.3️⃣register(Clock.self) { _ in SystemClock() }
        }
      }

      """)
    let services =
      "protocol Store {}\nprotocol Clock {}\nfinal class StoreImpl: Store {}\nfinal class SystemClock: Clock {}\n"
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": "{}", "Sources/Services.swift": services, "Sources/Assembly.swift": assembly.text])
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Assembly.swift")
    let symbols = try client.send(DocumentSymbolRequest(textDocument: .init(uri: uri)))
    let name = assembly.lspRange("1️⃣", covering: "AppAssembly")
    let store = assembly.lspRange("2️⃣", covering: "register")
    let clock = assembly.lspRange("3️⃣", covering: "register")
    #expect(
      symbols == [
        DocumentSymbol(
          name: "AppAssembly", detail: nil, kind: SymbolKind.function,
          range: DpendProtocol.Range(start: name.start, end: clock.end), selectionRange: name,
          children: [
            DocumentSymbol(
              name: "Store", detail: "Swinject, default scope", kind: SymbolKind.constructor, range: store,
              selectionRange: store, children: nil),
            DocumentSymbol(
              name: "Clock", detail: "Swinject, default scope", kind: SymbolKind.constructor, range: clock,
              selectionRange: clock, children: nil),
          ])
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// After a change, a client that can be asked fetches its lenses and hints again; one
  /// that cannot is never asked.
  @Test func aChangeAsksClientsThatCanToRefreshLensesAndHints() throws {
    for refreshes in [true, false] {
      let workspace = try ServerFixtures.workspace(
        [".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text])
      let refresh = ClientCapabilities.Refresh(refreshSupport: refreshes)
      let client = try ServerFixtures.start(
        workspace, capabilities: ClientCapabilities(workspace: .init(codeLens: refresh, inlayHint: refresh)))
      let services = workspace.uri("Sources/Services.swift")
      _ = try client.waitForDiagnostics(workspace.uri("Sources/Assembly.swift")) { !$0.isEmpty }
      client.openDocument(MarkedText(Self.services), uri: services)
      _ = client.replaceDocument(services, version: 2, with: Self.services + "final class SystemClock: Clock {}\n")
      // The change is analysed (a request that waits for it is answered) before asking on.
      _ = try client.send(CodeLensRequest(textDocument: .init(uri: services)))
      let asked = { (method: String) in
        (try? client.take("a \(method) request", timeout: refreshes ? 10 : 0.5) {
          if case .request(_, method, _) = $0 { return true }
          return false
        }) != nil
      }
      #expect(asked(CodeLensRefreshRequest.method) == refreshes)
      #expect(asked(InlayHintRefreshRequest.method) == refreshes)
      #expect(try client.shutdownAndExit() == 0)
    }
  }

  @Test func outlineLensesHintsAndHierarchy() throws {
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text])
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Assembly.swift")
    _ = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    let store = Self.assembly.lspRange("1️⃣", covering: "register")
    let feed = Self.assembly.lspRange("4️⃣", covering: "register")
    let storeResolve = Self.assembly.lspRange("2️⃣", covering: "resolve")
    let clockResolve = Self.assembly.lspRange("5️⃣", covering: "resolve")
    let outerResolve = Self.assembly.lspRange("3️⃣", covering: "resolve")

    func location(_ range: DpendProtocol.Range) -> Location { Location(uri: uri, range: range) }
    func item(_ name: String, _ kind: Int, _ detail: String, _ range: DpendProtocol.Range) -> CallHierarchyItem {
      CallHierarchyItem(name: name, kind: kind, detail: detail, uri: uri, range: range, selectionRange: range)
    }

    let symbols = try client.send(DocumentSymbolRequest(textDocument: .init(uri: uri)))
    #expect(
      symbols == [
        DocumentSymbol(
          name: "Store", detail: "Swinject, scope container", kind: SymbolKind.constructor, range: store,
          selectionRange: store, children: nil),
        DocumentSymbol(
          name: "Feed", detail: "Swinject, default scope", kind: SymbolKind.constructor, range: feed,
          selectionRange: feed, children: nil),
      ])

    let found = try client.send(WorkspaceSymbolRequest(query: "sto"))
    #expect(
      found == [
        SymbolInformation(name: "Store", kind: SymbolKind.constructor, location: location(store), containerName: nil)
      ])

    // Each lens runs `dpend.showReferences` with the document, its position and what it lists.
    let lenses = try client.send(CodeLensRequest(textDocument: .init(uri: uri)))
    func lens(_ range: DpendProtocol.Range, _ title: String, _ listed: [DpendProtocol.Range]) -> CodeLens {
      let arguments = [.string(uri), LSPAny(encoding: range.start), LSPAny(encoding: listed.map(location))]
      return CodeLens(
        range: range, command: Command(title: title, command: "dpend.showReferences", arguments: arguments))
    }
    #expect(
      lenses == [
        lens(store, "2 resolves · needs nothing", [storeResolve, outerResolve]),
        lens(feed, "0 resolves · needs 2", []),
        lens(clockResolve, "not registered", [clockResolve]),
      ])

    // `Feed` is registered with no scope: Swinject's `.graph`, after the closing parenthesis,
    // padded and of kind parameter, so it does not read as an argument.
    let hints = try client.send(
      InlayHintRequest(
        textDocument: .init(uri: uri),
        range: .init(start: Position(line: 0, character: 0), end: Position(line: 20, character: 0))))
    let feedCall = Self.assembly.lspRange("4️⃣", covering: "register(Feed.self)")
    #expect(
      hints == [
        InlayHint(
          position: feedCall.end, label: ": scope .graph", kind: InlayHint.parameterKind,
          tooltip: "Swinject's default scope: no scope is written",
          paddingLeft: true, paddingRight: true)
      ])

    // From the key `Store.self`: who needs `Store`, then what `Feed` needs.
    let prepared = try client.send(
      CallHierarchyPrepareRequest(textDocument: .init(uri: uri), position: Self.assembly.lspPosition("6️⃣")))
    let storeItem = item("Store", SymbolKind.constructor, "Swinject, scope container", store)
    let feedItem = item("Feed", SymbolKind.constructor, "Swinject, default scope", feed)
    #expect(prepared == [storeItem])
    let incoming = try client.send(CallHierarchyIncomingCallsRequest(item: storeItem))
    #expect(
      incoming == [
        CallHierarchyIncomingCall(
          from: item("Assembly.swift:8", SymbolKind.function, "resolves Store", outerResolve),
          fromRanges: [outerResolve]),
        CallHierarchyIncomingCall(from: feedItem, fromRanges: [storeResolve]),
      ])
    let outgoing = try client.send(CallHierarchyOutgoingCallsRequest(item: feedItem))
    #expect(
      outgoing == [
        CallHierarchyOutgoingCall(to: storeItem, fromRanges: [storeResolve]),
        CallHierarchyOutgoingCall(
          to: item("Clock", SymbolKind.constructor, "not registered", clockResolve), fromRanges: [clockResolve]),
      ])

    // A client with no `dpend.showReferences` of its own gets the locations back.
    let shown = try client.send(
      ExecuteCommandRequest(command: "dpend.showReferences", arguments: lenses?.first?.command?.arguments))
    #expect(shown == LSPAny(encoding: [storeResolve, outerResolve].map(location)))

    // On the key itself, hover covers the key.
    let hover = try client.send(HoverRequest(textDocument: .init(uri: uri), position: Self.assembly.lspPosition("6️⃣")))
    #expect(hover?.range == Self.assembly.lspRange("6️⃣", covering: "Store.self"))

    // The graph around `Feed`, as a page beside the caches (here `.build/dpend`, which the
    // server's caches made), never among the user's files.
    let shownGraph = try client.send(
      ExecuteCommandRequest(command: "dpend.showGraph", arguments: [.string(uri), .string("Feed")]))
    guard case .string(let pageURI)? = shownGraph, let pagePath = URL(string: pageURI)?.path else {
      Issue.record("dpend.showGraph answered \(String(describing: shownGraph))")
      return
    }
    #expect(pagePath == workspace.root.standardizedFileURL.path + "/.build/dpend/graph.html")
    let page = try String(contentsOfFile: pagePath, encoding: .utf8)
    let folder = workspace.root.standardizedFileURL.lastPathComponent
    #expect(page.contains("<title>dpend graph: \(folder), around Feed</title>"))
    #expect(page.contains("class=\"node missing\""))
    try? FileManager.default.removeItem(atPath: pagePath)
    #expect(try client.shutdownAndExit() == 0)
  }
}
