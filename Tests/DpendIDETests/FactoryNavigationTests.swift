import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, go to definition and references on Factory definitions and the places that use them.
@Suite struct FactoryNavigationTests {
  static let services = MarkedText(
    """
    protocol Store {}
    protocol Session {}
    protocol Logger {}
    final class StoreImpl: Store {}
    final class SessionImpl: Session { init(store: Store, logger: Logger) {} }

    """)
  /// 1️⃣ `\Container.store`, a singleton; 2️⃣ `\Container.session`, needing `store` at 3️⃣ and
  /// `logger` at 4️⃣; 5️⃣ `\Container.logger`, whose body dpend cannot read.
  static let container = MarkedText(
    """
    import Factory

    extension Container {
      var 1️⃣store: Factory<Store> { self { StoreImpl() }.singleton }
      var 2️⃣session: Factory<Session> {
        self { SessionImpl(store: self.3️⃣store(), logger: self.4️⃣logger()) }.cached
      }
      var 5️⃣logger: Factory<Logger> { makeLogger() }
    }

    """)
  /// 1️⃣ `\.store`; 2️⃣ `\.session`; 3️⃣ `Container.shared.store()`; 4️⃣ a definition outside
  /// the sources; 5️⃣ the unread `logger`.
  static let screen = MarkedText(
    """
    import Factory

    final class Screen {
      @Injected(1️⃣\\.store) var store
      @LazyInjected(2️⃣\\.session) var session
      let other = Container.shared.3️⃣store()
      @Injected(4️⃣\\.remote) var remote
      let logger = Container.shared.5️⃣logger()
    }

    """)

  static func factory() throws -> IDE {
    try ide(["Services.swift": services, "AppContainer.swift": container, "Screen.swift": screen], filters: [])
  }

  @Test func hoverOnAKeyPathShowsTheDefinition() throws {
    let ide = try Self.factory()
    let store = """
      Resolves `\\Container.store`

      Answered by:
      - `\\Container.store` making `StoreImpl`, scope `singleton`, at `AppContainer.swift:4`
      """
    #expect(
      ide.hover(at: Self.screen.offset("1️⃣") + 2, in: "Screen.swift")
        == HoverResult(markdown: store, range: Self.screen.range("1️⃣", covering: #"\.store"#, in: "Screen.swift")))
    #expect(
      ide.hover(at: Self.screen.offset("3️⃣"), in: "Screen.swift")
        == HoverResult(markdown: store, range: Self.screen.range("3️⃣", covering: "store", in: "Screen.swift")))
    // A need inside a definition.
    #expect(ide.hover(at: Self.container.offset("3️⃣"), in: "AppContainer.swift")?.markdown == store)
    #expect(
      ide.hover(at: Self.screen.offset("2️⃣"), in: "Screen.swift")?.markdown == """
        Resolves `\\Container.session`

        Answered by:
        - `\\Container.session` making `SessionImpl`, scope `cached`, at `AppContainer.swift:5`
        """)
  }

  @Test func hoverOnAUseWithNoDefinitionInTheSourcesSaysSoWithoutAnError() throws {
    let ide = try Self.factory()
    #expect(
      ide.hover(at: Self.screen.offset("4️⃣"), in: "Screen.swift")
        == HoverResult(
          markdown: """
            Resolves `\\Container.remote`

            Defined outside the analysed sources: the compiler checks that it exists
            """,
          range: Self.screen.range("4️⃣", covering: #"\.remote"#, in: "Screen.swift")))
    #expect(
      ide.hover(at: Self.screen.offset("5️⃣"), in: "Screen.swift")?.markdown == """
        Resolves `\\Container.logger`

        Maybe answered by an unread registration:
        - at `AppContainer.swift:8`: the definition's body is not 'self { … }', 'Factory(self) { … }' or \
        'self.promised()': its needs are unknown
        """)
    #expect(ide.graph.diagnostics == [])
  }

  @Test func hoverOnADefinitionShowsWhatItMakesItsScopeAndUses() throws {
    let ide = try Self.factory()
    #expect(
      ide.hover(at: Self.container.offset("1️⃣"), in: "AppContainer.swift")
        == HoverResult(
          markdown: "Registers `\\Container.store` making `StoreImpl`, scope `singleton`\n\nAnswers 3 resolve sites",
          range: Self.container.range("1️⃣", covering: "store", in: "AppContainer.swift")))
    #expect(
      ide.hover(at: Self.container.offset("2️⃣"), in: "AppContainer.swift")?.markdown
        == "Registers `\\Container.session` making `SessionImpl`, scope `cached`\n\nAnswers 1 resolve site")
  }

  @Test func definitionOnAUseGoesToTheDefinition() throws {
    let ide = try Self.factory()
    let store = [Self.container.range("1️⃣", covering: "store", in: "AppContainer.swift")]
    #expect(ide.providers(at: Self.screen.offset("1️⃣"), in: "Screen.swift") == store)
    #expect(ide.providers(at: Self.screen.offset("3️⃣"), in: "Screen.swift") == store)
    #expect(ide.providers(at: Self.container.offset("3️⃣"), in: "AppContainer.swift") == store)
    #expect(
      ide.providers(at: Self.screen.offset("2️⃣"), in: "Screen.swift") == [
        Self.container.range("2️⃣", covering: "session", in: "AppContainer.swift")
      ])
    // The unread definition still has its key: a use finds it.
    #expect(
      ide.providers(at: Self.screen.offset("5️⃣"), in: "Screen.swift") == [
        Self.container.range("5️⃣", covering: "logger", in: "AppContainer.swift")
      ])
    #expect(ide.providers(at: Self.screen.offset("4️⃣"), in: "Screen.swift") == [])
  }

  @Test func referencesOnADefinitionListItsUses() throws {
    let ide = try Self.factory()
    let definition = Self.container.range("1️⃣", covering: "store", in: "AppContainer.swift")
    let uses = [
      Self.container.range("3️⃣", covering: "store", in: "AppContainer.swift"),
      Self.screen.range("1️⃣", covering: #"\.store"#, in: "Screen.swift"),
      Self.screen.range("3️⃣", covering: "store", in: "Screen.swift"),
    ]
    let offset = Self.container.offset("1️⃣")
    #expect(ide.consumers(at: offset, in: "AppContainer.swift", includeDeclaration: false) == uses)
    #expect(ide.consumers(at: offset, in: "AppContainer.swift", includeDeclaration: true) == [definition] + uses)
    // On a use: the definition, then every use of it.
    #expect(
      ide.consumers(at: Self.screen.offset("3️⃣"), in: "Screen.swift", includeDeclaration: true)
        == [definition] + uses)
  }
}
