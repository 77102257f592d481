import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, go to definition, references and quick fixes on Dip and Swinject container code.
@Suite struct ContainerNavigationTests {
  static let services = MarkedText(
    """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    protocol Logger {}
    protocol Analytics {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }
    final class SystemClock: Clock {}
    final class ConsoleLogger: Logger {}
    final class AnalyticsImpl: Analytics {}

    """)

  // MARK: Dip

  /// 1️⃣ `Store`; 2️⃣ `StoreImpl` and `Store` tagged "disk"; 3️⃣ `Feed`, needing `Store` at 4️⃣
  /// and `Clock` at 5️⃣; 6️⃣ `Clock` under a computed tag (unread); 7️⃣ `ConsoleLogger`, not
  /// `Logger`, which `Screen.swift` resolves.
  static let dipContainer = MarkedText(
    """
    import Dip

    func configure(_ container: DependencyContainer, tag: String) {
      container.1️⃣register(.singleton) { StoreImpl() as Store }
      container.2️⃣register(tag: "disk") { StoreImpl() }.implements(Store.self)
      container.3️⃣register { FeedImpl(store: 4️⃣$0, clock: try container.5️⃣resolve()) as Feed }
      container.6️⃣register(tag: tag) { SystemClock() as Clock }
      container.7️⃣register { ConsoleLogger() }
    }

    """)
  /// 1️⃣ `StoreImpl` implementing `Store`; 2️⃣ `FeedImpl` auto-wired: needs `Store` and `Clock`.
  static let dipDebug = MarkedText(
    """
    import Dip

    let debugContainer = DependencyContainer { container in
      container.1️⃣register(factory: StoreImpl.init).implements(Store.self)
      container.2️⃣register(factory: FeedImpl.init)
    }

    """)
  /// 1️⃣ `Store`; 2️⃣ `Store` tagged "disk"; 3️⃣ `Logger`; 4️⃣ a type dpend cannot read.
  static let dipScreen = MarkedText(
    """
    import Dip

    final class Screen {
      let container: DependencyContainer
      init(container: DependencyContainer) { self.container = container }
      func load() throws {
        let store: Store = try container.1️⃣resolve()
        let disk = try container.2️⃣resolve(tag: "disk") as Store
        let logger: Logger = try container.3️⃣resolve()
        let unknown = try container.4️⃣resolve()
        // Without runtime arguments: Dip auto-wires the factories' parameters.
        let feed: Feed = try container.resolve()
        let debugFeed = try container.resolve() as FeedImpl
      }
    }

    """)

  static func dip() throws -> IDE {
    try ide(
      [
        "Services.swift": services, "AppContainer.swift": dipContainer, "DebugContainer.swift": dipDebug,
        "Screen.swift": dipScreen,
      ], filters: [])
  }

  @Test func hoverOnAnAnsweredResolveNamesItsRegistrations() throws {
    let ide = try Self.dip()
    #expect(
      ide.hover(at: Self.dipScreen.offset("1️⃣"), in: "Screen.swift")
        == HoverResult(
          markdown: """
            Resolves `Store`

            Answered by:
            - `Store`, scope `singleton`, at `AppContainer.swift:4`
            - `StoreImpl`, `Store`, default scope, at `DebugContainer.swift:4`
            """,
          range: Self.dipScreen.range("1️⃣", covering: "resolve", in: "Screen.swift")))
    // A `$0` is the site of its resolve.
    #expect(
      ide.hover(at: Self.dipContainer.offset("4️⃣"), in: "AppContainer.swift")
        == HoverResult(
          markdown: """
            Resolves `Store`

            Answered by:
            - `Store`, scope `singleton`, at `AppContainer.swift:4`
            - `StoreImpl`, `Store`, default scope, at `DebugContainer.swift:4`
            """,
          range: Self.dipContainer.range("4️⃣", covering: "$0", in: "AppContainer.swift")))
  }

  @Test func hoverOnAnUnansweredResolveSaysWhy() throws {
    let ide = try Self.dip()
    #expect(
      ide.hover(at: Self.dipContainer.offset("5️⃣"), in: "AppContainer.swift")?.markdown == """
        Resolves `Clock`

        Maybe answered by an unread registration:
        - at `AppContainer.swift:7`: the tag 'tag' is computed
        """)
    #expect(
      ide.hover(at: Self.dipScreen.offset("3️⃣"), in: "Screen.swift")?.markdown == """
        Resolves `Logger`

        Nothing registers `Logger`: `ConsoleLogger` is registered as `ConsoleLogger`, not as `Logger`, \
        at `AppContainer.swift:8`
        """)
    #expect(
      ide.hover(at: Self.dipScreen.offset("4️⃣"), in: "Screen.swift")
        == HoverResult(
          markdown: "Resolves a type dpend cannot read\n\nUnread: the resolved type is inferred from the context",
          range: Self.dipScreen.range("4️⃣", covering: "resolve", in: "Screen.swift")))
  }

  @Test func hoverOnAResolvePassedToAnOverloadedInitializerSaysWhyItIsUnread() throws {
    let container = MarkedText(
      """
      import Dip

      final class Session {
        init(store: Store) {}
        init(store: Clock) {}
      }

      let container = DependencyContainer { c in
        c.register { Session(store: try c.1️⃣resolve()) }
      }

      """)
    let ide = try ide(["Services.swift": Self.services, "Container.swift": container], filters: [])
    #expect(
      ide.hover(at: container.offset("1️⃣"), in: "Container.swift")
        == HoverResult(
          markdown: "Resolves a type dpend cannot read\n\nUnread: 'Session.init(store:)' is overloaded "
            + "(2 initializers take these labels), and Swift picks one by the arguments' types",
          range: container.range("1️⃣", covering: "resolve", in: "Container.swift")))
  }

  @Test func hoverOnARegistrationShowsItsKeysScopeAndResolves() throws {
    let ide = try Self.dip()
    #expect(
      ide.hover(at: Self.dipContainer.offset("1️⃣"), in: "AppContainer.swift")
        == HoverResult(
          markdown: "Registers `Store`, scope `singleton`\n\nAnswers 3 resolve sites",
          range: Self.dipContainer.range("1️⃣", covering: "register", in: "AppContainer.swift")))
    #expect(
      ide.hover(at: Self.dipContainer.offset("2️⃣"), in: "AppContainer.swift")?.markdown
        == "Registers `StoreImpl`, `Store` tagged `\"disk\"`, default scope\n\nAnswers 1 resolve site")
    #expect(
      ide.hover(at: Self.dipContainer.offset("6️⃣"), in: "AppContainer.swift")?.markdown
        == "Registers `Clock`, default scope\n\nUnread: the tag 'tag' is computed")
    #expect(
      ide.hover(at: Self.dipContainer.offset("7️⃣"), in: "AppContainer.swift")?.markdown == """
        Registers `ConsoleLogger`, default scope

        Answers no resolve site

        Not registered as `Logger`, which is resolved: `ConsoleLogger` is registered instead
        """)
  }

  @Test func definitionOnAResolveGoesToEveryRegistrationAnsweringIt() throws {
    let ide = try Self.dip()
    // Registered as `Store` in one file, and through `.implements` in another.
    #expect(
      ide.providers(at: Self.dipScreen.offset("1️⃣"), in: "Screen.swift") == [
        Self.dipContainer.range("1️⃣", covering: "register", in: "AppContainer.swift"),
        Self.dipDebug.range("1️⃣", covering: "register", in: "DebugContainer.swift"),
      ])
    // Tagged: only the registration with that tag.
    #expect(
      ide.providers(at: Self.dipScreen.offset("2️⃣"), in: "Screen.swift") == [
        Self.dipContainer.range("2️⃣", covering: "register", in: "AppContainer.swift")
      ])
    // Unanswered: the unread registration that might answer, or the concrete one.
    #expect(
      ide.providers(at: Self.dipContainer.offset("5️⃣"), in: "AppContainer.swift") == [
        Self.dipContainer.range("6️⃣", covering: "register", in: "AppContainer.swift")
      ])
    #expect(
      ide.providers(at: Self.dipScreen.offset("3️⃣"), in: "Screen.swift") == [
        Self.dipContainer.range("7️⃣", covering: "register", in: "AppContainer.swift")
      ])
    #expect(ide.providers(at: Self.dipScreen.offset("4️⃣"), in: "Screen.swift") == [])
    // On a registration's `register`: where the type it registers is declared, as on its key.
    let store = MarkedText("protocol 1️⃣Store {}").range("1️⃣", covering: "Store", in: "Services.swift")
    #expect(ide.providers(at: Self.dipContainer.offset("1️⃣"), in: "AppContainer.swift") == [store])
    let swinject = try Self.swinject()
    let onWord = swinject.providers(at: Self.assembly.offset("1️⃣"), in: "Assembly.swift")
    #expect(onWord == [store])
    let keyOffset = Self.assembly.offset("1️⃣") + "register(Sto".utf8.count
    #expect(swinject.providers(at: keyOffset, in: "Assembly.swift") == onWord)
  }

  @Test func referencesOnARegistrationListItsResolvesInEveryFileAndFactory() throws {
    let ide = try Self.dip()
    let registration = Self.dipContainer.range("1️⃣", covering: "register", in: "AppContainer.swift")
    let sites = [
      // A need of `Feed`'s factory, typed by `FeedImpl.init(store:clock:)`.
      Self.dipContainer.range("4️⃣", covering: "$0", in: "AppContainer.swift"),
      // An auto-wired need of `FeedImpl.init`, at its registration.
      Self.dipDebug.range("2️⃣", covering: "register", in: "DebugContainer.swift"),
      Self.dipScreen.range("1️⃣", covering: "resolve", in: "Screen.swift"),
    ]
    let offset = Self.dipContainer.offset("1️⃣")
    #expect(ide.consumers(at: offset, in: "AppContainer.swift", includeDeclaration: false) == sites)
    #expect(ide.consumers(at: offset, in: "AppContainer.swift", includeDeclaration: true) == [registration] + sites)
    // On a resolve: every resolve of the same key, after its registrations.
    #expect(
      ide.consumers(at: Self.dipScreen.offset("1️⃣"), in: "Screen.swift", includeDeclaration: true)
        == [registration, Self.dipDebug.range("1️⃣", covering: "register", in: "DebugContainer.swift")] + sites)
  }

  // MARK: Swinject

  /// 1️⃣ `Store` in the container scope; 2️⃣ `Store` named "cache"; 3️⃣ `Feed`, needing `Store`
  /// at 4️⃣ and `Clock` (registered nowhere) at 5️⃣; 6️⃣ `AnalyticsImpl`, not `Analytics`.
  static let assembly = MarkedText(
    """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.1️⃣register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
        container.2️⃣register(Store.self, name: "cache") { _ in StoreImpl() }
        container.3️⃣register(Feed.self) { r in
          FeedImpl(store: r.4️⃣resolve(Store.self)!, clock: r.5️⃣resolve(Clock.self)!)
        }
        container.6️⃣register(AnalyticsImpl.self) { _ in AnalyticsImpl() }
      }
    }

    """)
  /// 1️⃣ `Store`; 2️⃣ `Store` named "cache", optional; 3️⃣ `Analytics`.
  static let router = MarkedText(
    """
    import Swinject

    final class Router {
      let resolver: Resolver
      init(resolver: Resolver) { self.resolver = resolver }
      func start() {
        let store = resolver.1️⃣resolve(Store.self)!
        let cache = resolver.2️⃣resolve(Store.self, name: "cache")
        let analytics = resolver.3️⃣resolve(Analytics.self)!
      }
    }

    """)

  static func swinject() throws -> IDE {
    try ide(["Services.swift": services, "Assembly.swift": assembly, "Router.swift": router], filters: [])
  }

  @Test func swinjectHoverNamesTheRegistrationOrWhyNone() throws {
    let ide = try Self.swinject()
    #expect(
      ide.hover(at: Self.router.offset("2️⃣"), in: "Router.swift")
        == HoverResult(
          markdown: """
            Resolves `Store` named `"cache"` (optional)

            Answered by:
            - `Store` named `"cache"`, default scope, at `Assembly.swift:6`
            """,
          range: Self.router.range("2️⃣", covering: "resolve", in: "Router.swift")))
    #expect(
      ide.hover(at: Self.assembly.offset("5️⃣"), in: "Assembly.swift")?.markdown
        == "Resolves `Clock`\n\nNothing registers `Clock` (missing dependency)")
    #expect(
      ide.hover(at: Self.assembly.offset("1️⃣"), in: "Assembly.swift")?.markdown
        == "Registers `Store`, scope `container`\n\nAnswers 2 resolve sites")
  }

  @Test func swinjectHoverNamesDifferentRuntimeArgumentsAndOptionalResolves() throws {
    let setup = MarkedText(
      """
      import Swinject

      func setUp(_ container: Container) {
        container.register(Clock.self) { (_, zone: String) in SystemClock() }
        _ = container.1️⃣resolve(Clock.self)!
        _ = container.2️⃣resolve(Logger.self)
      }

      """)
    let ide = try ide(["Services.swift": Self.services, "Setup.swift": setup], filters: [])
    #expect(
      ide.hover(at: setup.offset("1️⃣"), in: "Setup.swift")?.markdown == """
        Resolves `Clock`

        Answered by:
        - `Clock` with 1 runtime argument, default scope, at `Setup.swift:4`

        Runtime arguments differ: resolved with 0, registered with 1
        """)
    #expect(
      ide.hover(at: setup.offset("2️⃣"), in: "Setup.swift")?.markdown
        == "Resolves `Logger` (optional)\n\nNothing registers `Logger`: the optional resolve yields `nil`")
  }

  /// A key registered twice: the hover says which one counts, and the overridden one answers
  /// nothing; a registration under `#if` says so.
  @Test func swinjectHoverSaysWhichDuplicateCountsAndItsConditions() throws {
    let setup = MarkedText(
      """
      import Swinject

      func setUp(_ container: Container) {
        container.1️⃣register(Clock.self) { _ in SystemClock() }
        container.2️⃣register(Clock.self) { _ in SystemClock() }
        #if DEBUG
          container.3️⃣register(Logger.self) { _ in ConsoleLogger() }
        #endif
        _ = container.4️⃣resolve(Clock.self)!
      }

      """)
    let ide = try ide(["Services.swift": Self.services, "Setup.swift": setup], filters: [])
    #expect(
      ide.hover(at: setup.offset("1️⃣"), in: "Setup.swift")?.markdown == """
        Registers `Clock`, default scope

        Overridden: the registration at `Setup.swift:5` registers the same key later, and only the last one counts; this one answers no resolve site
        """)
    #expect(
      ide.hover(at: setup.offset("2️⃣"), in: "Setup.swift")?.markdown == """
        Registers `Clock`, default scope

        Answers 1 resolve site

        Registered more than once: this one counts, overriding `Setup.swift:4`
        """)
    #expect(
      ide.hover(at: setup.offset("3️⃣"), in: "Setup.swift")?.markdown == """
        Registers `Logger`, default scope

        Only under `#if DEBUG`

        Answers no resolve site
        """)
    #expect(
      ide.hover(at: setup.offset("4️⃣"), in: "Setup.swift")?.markdown == """
        Resolves `Clock`

        Answered by:
        - `Clock`, default scope, at `Setup.swift:4` (overridden by a later registration)
        - `Clock`, default scope, at `Setup.swift:5`
        """)
  }

  @Test func swinjectReferencesAndDefinition() throws {
    let ide = try Self.swinject()
    let offset = Self.assembly.offset("1️⃣")
    #expect(
      ide.consumers(at: offset, in: "Assembly.swift", includeDeclaration: false) == [
        Self.assembly.range("4️⃣", covering: "resolve", in: "Assembly.swift"),
        Self.router.range("1️⃣", covering: "resolve", in: "Router.swift"),
      ])
    #expect(
      ide.providers(at: Self.router.offset("1️⃣"), in: "Router.swift") == [
        Self.assembly.range("1️⃣", covering: "register", in: "Assembly.swift")
      ])
  }

  // MARK: Quick fixes

  @Test func swinjectRegistersTheProtocolInsteadOfTheConcreteType() throws {
    let ide = try Self.swinject()
    let fixes = ide.concreteRegistrationFixes(at: [Self.assembly.offset("6️⃣")], in: "Assembly.swift")
    #expect(
      fixes == [
        Fix(
          title: "Register 'AnalyticsImpl' as 'Analytics'", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [
                TextReplacement(
                  offset: Self.assembly.offset("6️⃣") + "register(".utf8.count, length: "AnalyticsImpl".utf8.count,
                  replacement: "Analytics")
              ], lines: LineTable(Self.assembly.text))
          ])
      ])
    #expect(
      try Self.line(10, of: Self.applying(fixes, to: Self.assembly.text))
        == "    container.register(Analytics.self) { _ in AnalyticsImpl() }")
    // Nowhere else: not on a registration without the problem, not off a registration.
    #expect(ide.concreteRegistrationFixes(at: [Self.assembly.offset("1️⃣")], in: "Assembly.swift") == [])
    #expect(ide.concreteRegistrationFixes(at: [Self.router.offset("3️⃣")], in: "Router.swift") == [])
  }

  @Test func dipAppendsACastToAOneExpressionFactory() throws {
    let ide = try Self.dip()
    let fixes = ide.concreteRegistrationFixes(at: [Self.dipContainer.offset("7️⃣")], in: "AppContainer.swift")
    #expect(fixes.map(\.title) == ["Register 'ConsoleLogger' as 'Logger'"])
    #expect(
      try Self.line(8, of: Self.applying(fixes, to: Self.dipContainer.text))
        == "  container.register { ConsoleLogger() as Logger }")
  }

  /// Each form of a Dip registration of `ConsoleLogger` (at 1️⃣), untagged or tagged "console"
  /// (each resolved as `Logger`), and the line the fix makes of it.
  @Test(arguments: [
    (
      "c.1️⃣register(.unique) {\n    print(\"making one\")\n    return ConsoleLogger()\n  }",
      "c.register(.unique, type: Logger.self) {"
    ),
    ("c.1️⃣register {\n    print(\"making one\")\n    return ConsoleLogger()\n  }", "c.register(type: Logger.self) {"),
    (
      "c.1️⃣register() {\n    print(\"making one\")\n    return ConsoleLogger()\n  }",
      "c.register(type: Logger.self) {"
    ),
    (
      "c.1️⃣register(tag: \"console\") {\n    print(\"making one\")\n    return ConsoleLogger()\n  }",
      "c.register(type: Logger.self, tag: \"console\") {"
    ),
    ("c.1️⃣register(factory: ConsoleLogger.init)", "c.register(type: Logger.self, factory: ConsoleLogger.init)"),
    (
      "c.1️⃣register(.singleton, type: ConsoleLogger.self) { ConsoleLogger() }",
      "c.register(.singleton, type: Logger.self) { ConsoleLogger() }"
    ),
    ("c.1️⃣register { () -> ConsoleLogger in ConsoleLogger() }", "c.register { () -> Logger in ConsoleLogger() }"),
    ("c.1️⃣register { return try ConsoleLogger() }", "c.register { return try ConsoleLogger() as Logger }"),
  ])
  func dipRegistersTheProtocolWhereverTheTypeIsDecided(registration: String, fixed: String) throws {
    let source = MarkedText(
      "import Dip\n\nfunc configure(_ c: DependencyContainer) throws {\n  \(registration)\n"
        + "  let logger: Logger = try c.resolve()\n  let console: Logger = try c.resolve(tag: \"console\")\n}\n")
    let ide = try ide(["Services.swift": Self.services, "Container.swift": source], filters: [])
    let fixes = ide.concreteRegistrationFixes(at: [source.offset("1️⃣")], in: "Container.swift")
    #expect(fixes.map(\.title) == ["Register 'ConsoleLogger' as 'Logger'"])
    #expect(try Self.line(4, of: Self.applying(fixes, to: source.text)) == "  " + fixed)
  }

  // MARK: Helpers

  /// `text` with the one edit of the one fix in `fixes` applied.
  static func applying(_ fixes: [Fix], to text: String) throws -> String {
    try #require(fixes.count == 1, "\(fixes)")
    guard case .edit(_, let replacements, let lines)? = fixes[0].edits.first, fixes[0].edits.count == 1 else {
      Issue.record("not one edit: \(fixes)")
      return text
    }
    #expect(lines == LineTable(text))
    var bytes = Array(text.utf8)
    for replacement in replacements.reversed() {
      bytes.replaceSubrange(
        replacement.offset..<replacement.offset + replacement.length, with: Array(replacement.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The 1-based line `number` of `text`.
  static func line(_ number: Int, of text: String) -> String {
    String(text.split(separator: "\n", omittingEmptySubsequences: false)[number - 1])
  }
}
