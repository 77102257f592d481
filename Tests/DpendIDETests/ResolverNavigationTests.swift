import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, go to definition, references and the quick fix on Resolver code: the same
/// `ContainerIndex` as Dip's and Swinject's.
@Suite struct ResolverNavigationTests {
  /// 1️⃣ `Store` in the application scope; 2️⃣ `Feed`, needing `Store` at 3️⃣; 4️⃣
  /// `ConsoleLogger`, not `Logger`; 5️⃣ `SystemClock`, written as its own type.
  static let injection = MarkedText(
    """
    import Resolver

    extension Resolver: ResolverRegistering {
      public static func registerAllServices() {
        1️⃣register { StoreImpl() as Store }.scope(.application)
        2️⃣register { FeedImpl(store: 3️⃣resolve(), clock: SystemClock()) as Feed }
        4️⃣register { ConsoleLogger() }
        5️⃣register(SystemClock.self) { SystemClock() }
      }
    }

    """)
  /// 1️⃣ `Store`; 2️⃣ `Logger`, answered by nothing; 3️⃣ `Clock`, optional.
  static let screen = MarkedText(
    """
    import Resolver

    final class FeedScreen {
      @Injected var store: 1️⃣Store
      @LazyInjected var logger: 2️⃣Logger
      @OptionalInjected var clock: 3️⃣Clock?
    }

    """)

  static func resolver() throws -> IDE {
    try ide(
      [
        "Services.swift": ContainerNavigationTests.services, "Injection.swift": injection,
        "FeedScreen.swift": screen,
      ], filters: [])
  }

  @Test func hoverOnAWrappedPropertyNamesTheRegistrationOrWhyNone() throws {
    let ide = try Self.resolver()
    #expect(
      ide.hover(at: Self.screen.offset("1️⃣"), in: "FeedScreen.swift")
        == HoverResult(
          markdown: """
            Resolves `Store`

            Answered by:
            - `Store`, scope `application`, at `Injection.swift:5`
            """,
          range: Self.screen.range("1️⃣", covering: "Store", in: "FeedScreen.swift")))
    #expect(
      ide.hover(at: Self.screen.offset("2️⃣"), in: "FeedScreen.swift")?.markdown == """
        Resolves `Logger`

        Nothing registers `Logger`: `ConsoleLogger` is registered as `ConsoleLogger`, not as `Logger`, at `Injection.swift:7`
        """)
  }

  @Test func definitionAndReferencesConnectWrappersNeedsAndRegistrations() throws {
    let ide = try Self.resolver()
    let store = Self.injection.range("1️⃣", covering: "register", in: "Injection.swift")
    #expect(ide.providers(at: Self.screen.offset("1️⃣"), in: "FeedScreen.swift") == [store])
    #expect(
      ide.consumers(at: Self.injection.offset("1️⃣"), in: "Injection.swift", includeDeclaration: false) == [
        Self.screen.range("1️⃣", covering: "Store", in: "FeedScreen.swift"),
        Self.injection.range("3️⃣", covering: "resolve", in: "Injection.swift"),
      ])
  }

  @Test func theQuickFixAppendsACastOrReplacesTheWrittenType() throws {
    let ide = try Self.resolver()
    let cast = ide.concreteRegistrationFixes(at: [Self.injection.offset("4️⃣")], in: "Injection.swift")
    #expect(cast.map(\.title) == ["Register 'ConsoleLogger' as 'Logger'"])
    #expect(
      try ContainerNavigationTests.line(7, of: ContainerNavigationTests.applying(cast, to: Self.injection.text))
        == "    register { ConsoleLogger() as Logger }")
    let written = ide.concreteRegistrationFixes(at: [Self.injection.offset("5️⃣")], in: "Injection.swift")
    #expect(written.map(\.title) == ["Register 'SystemClock' as 'Clock'"])
    #expect(
      try ContainerNavigationTests.line(8, of: ContainerNavigationTests.applying(written, to: Self.injection.text))
        == "    register(Clock.self) { SystemClock() }")
  }
}
