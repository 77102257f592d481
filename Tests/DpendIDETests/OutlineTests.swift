import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Document and workspace symbols, code lenses, inlay hints and the call hierarchy, on
/// Swinject, Dip and dpend's own code.
@Suite struct OutlineTests {
  typealias Nav = ContainerNavigationTests

  static func range(_ text: MarkedText, _ marker: String, _ covering: String, _ file: String) -> SourceRange {
    text.range(marker, covering: covering, in: file)
  }

  @Test func swinjectOutlineListsRegistrationsUnderTheirAssembly() throws {
    let ide = try Nav.swinject()
    let file = "Assembly.swift"
    // The group is where the assembly is declared, not its first registration.
    let assembly = MarkedText("import Swinject\n\nfinal class 1️⃣AppAssembly: Assembly {\n").range(
      "1️⃣", covering: "AppAssembly", in: file)
    #expect(
      ide.nodes(in: file) == [
        KeyNode(
          kind: .registration, name: "Store", detail: "Swinject, scope container",
          range: Self.range(Nav.assembly, "1️⃣", "register", file), group: "AppAssembly", groupRange: assembly),
        KeyNode(
          kind: .registration, name: "Store (name \"cache\")", detail: "Swinject, default scope",
          range: Self.range(Nav.assembly, "2️⃣", "register", file), group: "AppAssembly", groupRange: assembly),
        KeyNode(
          kind: .registration, name: "Feed", detail: "Swinject, default scope",
          range: Self.range(Nav.assembly, "3️⃣", "register", file), group: "AppAssembly", groupRange: assembly),
        KeyNode(
          kind: .registration, name: "AnalyticsImpl", detail: "Swinject, default scope",
          range: Self.range(Nav.assembly, "6️⃣", "register", file), group: "AppAssembly", groupRange: assembly),
      ])
    #expect(ide.nodes(matching: "STORE").map(\.name) == ["Store", "Store (name \"cache\")"])
    #expect(ide.nodes(matching: "").count == 4)
    // At most `limit`, the first in path order.
    #expect(ide.nodes(matching: "", limit: 2).map(\.name) == ["Store", "Store (name \"cache\")"])
    #expect(ide.nodes(in: "Router.swift") == [])
  }

  @Test func swinjectLensesCountResolvesAndNeedsAndMarkTheUnregistered() throws {
    let ide = try Nav.swinject()
    let assembly = "Assembly.swift"
    let router = "Router.swift"
    #expect(
      ide.lenses(in: assembly) == [
        Lens(
          range: Self.range(Nav.assembly, "1️⃣", "register", assembly), title: "2 resolves · needs nothing",
          locations: [
            Self.range(Nav.assembly, "4️⃣", "resolve", assembly), Self.range(Nav.router, "1️⃣", "resolve", router),
          ]),
        Lens(
          range: Self.range(Nav.assembly, "2️⃣", "register", assembly), title: "1 resolve · needs nothing",
          locations: [Self.range(Nav.router, "2️⃣", "resolve", router)]),
        Lens(range: Self.range(Nav.assembly, "3️⃣", "register", assembly), title: "0 resolves · needs 2", locations: []),
        Lens(
          range: Self.range(Nav.assembly, "5️⃣", "resolve", assembly), title: "not registered",
          locations: [Self.range(Nav.assembly, "5️⃣", "resolve", assembly)]),
        Lens(
          range: Self.range(Nav.assembly, "6️⃣", "register", assembly), title: "0 resolves · needs nothing", locations: []
        ),
      ])
    // `Analytics` is registered only as `AnalyticsImpl`.
    #expect(
      ide.lenses(in: router) == [
        Lens(
          range: Self.range(Nav.router, "3️⃣", "resolve", router), title: "not registered",
          locations: [Self.range(Nav.router, "3️⃣", "resolve", router)])
      ])
  }

  @Test func swinjectCallHierarchy() throws {
    let ide = try Nav.swinject()
    let assembly = "Assembly.swift"
    let store = try #require(ide.hierarchyNodes(at: Nav.router.offset("1️⃣"), in: "Router.swift").first)
    #expect(store.range == Self.range(Nav.assembly, "1️⃣", "register", assembly))
    let feed = try #require(ide.hierarchyNodes(at: Nav.assembly.offset("3️⃣"), in: assembly).first)
    let incoming = ide.incoming(store)
    // Resolves outside registrations first, then registrations' needs.
    #expect(incoming.map(\.from.name) == ["Router.swift:7", "Feed"])
    #expect(
      incoming.map(\.at) == [
        [Self.range(Nav.router, "1️⃣", "resolve", "Router.swift")], [Self.range(Nav.assembly, "4️⃣", "resolve", assembly)],
      ])
    #expect(incoming.last?.from == feed)
    let outgoing = ide.outgoing(feed)
    #expect(
      outgoing.map(\.to) == [
        store,
        KeyNode(
          kind: .missing, name: "Clock", detail: "not registered",
          range: Self.range(Nav.assembly, "5️⃣", "resolve", assembly),
          group: nil),
      ])
    #expect(
      outgoing.map(\.at) == [
        [Self.range(Nav.assembly, "4️⃣", "resolve", assembly)], [Self.range(Nav.assembly, "5️⃣", "resolve", assembly)],
      ])
    // The resolve outside registrations, sent back by the editor, needs what answers it.
    let resolve = try #require(incoming.first?.from)
    #expect(ide.hierarchyNode(named: resolve.name, at: resolve.range.start.offset, in: "Router.swift") == resolve)
    #expect(ide.outgoing(resolve).map(\.to) == [store])
    // A missing key: who asks for it.
    let clock = try #require(ide.hierarchyNodes(at: Nav.assembly.offset("5️⃣"), in: assembly).first)
    #expect(ide.incoming(clock).map(\.from) == [feed])
  }

  /// On a type's declaration the hierarchy starts from what registers it or constructs it.
  @Test func callHierarchyFromATypesDeclaration() throws {
    let services = MarkedText(
      """
      protocol 1️⃣Store {}
      protocol Feed {}
      final class StoreImpl: Store {}
      final class 2️⃣FeedImpl: Feed { init(store: Store) {} }
      final class 3️⃣Unused {}

      """)
    let assembly = MarkedText(
      """
      import Swinject

      func setUp(_ container: Container) {
        container.4️⃣register(Store.self) { _ in StoreImpl() }
        container.5️⃣register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }
      }

      """)
    let ide = try ide(["Services.swift": services, "Assembly.swift": assembly], filters: [])
    let store = Self.range(assembly, "4️⃣", "register", "Assembly.swift")
    let feed = Self.range(assembly, "5️⃣", "register", "Assembly.swift")
    #expect(ide.hierarchyNodes(at: services.offset("1️⃣"), in: "Services.swift").map(\.range) == [store])
    #expect(ide.hierarchyNodes(at: services.offset("2️⃣"), in: "Services.swift").map(\.range) == [feed])
    #expect(ide.hierarchyNodes(at: services.offset("3️⃣"), in: "Services.swift") == [])
  }

  /// A registration's lens lists exactly what references on it list (without the
  /// registration itself), in every dialect's navigation fixture.
  @Test func everyRegistrationLensCountsWhatReferencesList() throws {
    for (name, ide, files) in [
      ("Swinject", try Nav.swinject(), ["Assembly.swift", "Router.swift"]),
      ("Dip", try Nav.dip(), ["AppContainer.swift"]),
    ] {
      var checked = 0
      for file in files {
        for lens in ide.lenses(in: file) where lens.title != "not registered" {
          let references = ide.consumers(at: lens.range.start.offset, in: file, includeDeclaration: false) ?? []
          #expect(lens.locations == references, "\(name): \(lens.title) at \(lens.range.compilerLocation)")
          #expect(lens.title.hasPrefix("\(references.count) resolve"), "\(name): \(lens.title)")
          checked += 1
        }
      }
      #expect(checked >= 4, "\(name): \(checked) lenses")
    }
  }

  @Test func dipInlayHintsNameInferredKeysAndImplicitScopes() throws {
    let ide = try Nav.dip()
    let file = "AppContainer.swift"
    let labels = ide.inlayLabels(in: file)
    // `register(.singleton)` writes its scope; the others get Dip's `.shared`, after their
    // closing parenthesis or, with none, their name.
    #expect(
      labels.map(\.label) == [
        ": scope .shared", ": scope .shared", ": Store", ": Clock", ": scope .shared", ": scope .shared",
      ])
    #expect(labels[0].position == Self.range(Nav.dipContainer, "2️⃣", "register(tag: \"disk\")", file).end)
    #expect(labels[1].position == Self.range(Nav.dipContainer, "3️⃣", "register", file).end)
    #expect(labels[4].position == Self.range(Nav.dipContainer, "6️⃣", "register(tag: tag)", file).end)
    #expect(labels[2].position == Self.range(Nav.dipContainer, "4️⃣", "$0", file).end)
    #expect(labels[3].position == Self.range(Nav.dipContainer, "5️⃣", "resolve()", file).end)
  }

  /// A resolve typed by the property it is assigned to, declared in another file, shows the
  /// key it found; one typed where it is written shows none (SPEC 10).
  @Test func aResolveTypedByAPropertyOfAnotherFileShowsItsKey() throws {
    let assembly = MarkedText(
      """
      import Dip

      func configure(_ container: DependencyContainer) {
        container.register { () -> Screen in
          let screen = Screen()
          screen.clock = try! container.1️⃣resolve()
          let store: Store = try! container.resolve()
          _ = store
          return screen
        }
      }
      """)
    let services = "protocol Clock {}\nprotocol Store {}\nfinal class Screen { var clock: Clock! }\n"
    let ide = try ide(["Services.swift": MarkedText(services), "Assembly.swift": assembly], filters: [])
    let labels = ide.inlayLabels(in: "Assembly.swift").filter(\.isType)
    #expect(labels.map(\.label) == [": Clock"])
    #expect(labels.first?.position == Self.range(assembly, "1️⃣", "resolve()", "Assembly.swift").end)
    #expect(labels.first?.tooltip == "The key this resolve infers from the property it is assigned to")
  }

  @Test func dpendConfigurationsOutlineLensAndHierarchy() throws {
    let ide = try ide(["App.swift": HoverTests.app])
    let file = "App.swift"
    #expect(ide.nodes(in: file).map(\.name) == ["Store", "Feed", "ScreenImpl"])
    // `ScreenImpl` needs `Feed`, `Store` and an optional `Clock` nothing provides.
    #expect(
      ide.lenses(in: file).map(\.title) == [
        "2 resolves · needs nothing", "1 resolve · needs 1", "0 resolves · needs 3",
      ])
    let feed = try #require(ide.hierarchyNodes(at: HoverTests.app.offset("2️⃣"), in: file).first)
    #expect(ide.outgoing(feed).map(\.to.name) == ["Store"])
    let store = try #require(ide.hierarchyNodes(at: HoverTests.app.offset("1️⃣"), in: file).first)
    #expect(ide.incoming(store).map(\.from.name) == ["Feed", "ScreenImpl"])
  }
}

extension SourcePosition {
  /// The position `count` UTF-8 bytes earlier on the same line.
  func movedBack(_ count: Int) -> SourcePosition {
    SourcePosition(line: line, column: column - count, offset: offset - count)
  }
}
