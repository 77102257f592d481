import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, definition and references on the key a register or resolve call writes
/// (`ImageCache.self`, `name: "cache"`, `~> Store.self`, Dip's `as Store`), not only on the
/// call's name; the range answered covers the key.
@Suite struct KeyUnderCursorTests {
  /// 1️⃣ the key of `Store`'s registration; 2️⃣ the name of `Store` named "cache"; 3️⃣ the key
  /// `~>` resolves; 4️⃣ `Feed`'s key.
  static let assembly = MarkedText(
    """
    import Swinject

    func setUp(_ container: Container) {
      container.register(1️⃣Store.self) { _ in StoreImpl() }
      container.register(Store.self, name: 2️⃣"cache") { _ in StoreImpl() }
      container.register(4️⃣Feed.self) { r in FeedImpl(store: r ~> 3️⃣Store.self, clock: SystemClock()) }
    }

    """)
  /// 1️⃣ in `Store.self` of a resolve; 2️⃣ in its name; 3️⃣ in a key nothing registers.
  static let router = MarkedText(
    """
    import Swinject

    func start(_ resolver: Resolver) {
      _ = resolver.resolve(1️⃣Store.self)!
      _ = resolver.resolve(Store.self, name: 2️⃣"cache")
      _ = resolver.resolve(3️⃣Analytics.self)!
    }

    """)

  static func swinject() throws -> IDE {
    try ide(
      ["Services.swift": ContainerNavigationTests.services, "Assembly.swift": assembly, "Router.swift": router],
      filters: [])
  }

  @Test func swinjectHoverOnTheResolvedKeyCoversTheKey() throws {
    let ide = try Self.swinject()
    #expect(
      ide.hover(at: Self.router.offset("1️⃣"), in: "Router.swift")
        == HoverResult(
          markdown: "Resolves `Store`\n\nAnswered by:\n- `Store`, default scope, at `Assembly.swift:4`",
          range: Self.router.range("1️⃣", covering: "Store.self", in: "Router.swift")))
    #expect(
      ide.hover(at: Self.router.offset("2️⃣"), in: "Router.swift")
        == HoverResult(
          markdown: """
            Resolves `Store` named `"cache"` (optional)

            Answered by:
            - `Store` named `"cache"`, default scope, at `Assembly.swift:5`
            """,
          range: SourceRange(
            file: "Router.swift", start: Self.router.range("2️⃣", covering: "", in: "Router.swift").start,
            end: Self.router.range("2️⃣", covering: "\"cache\"", in: "Router.swift").end
          )
          .extended(back: "Store.self, name: ".utf8.count)))
    #expect(
      ide.hover(at: Self.router.offset("3️⃣"), in: "Router.swift")?.markdown
        == "Resolves `Analytics`\n\nNothing registers `Analytics` (missing dependency)")
  }

  @Test func swinjectDefinitionAndReferencesFromTheKey() throws {
    let ide = try Self.swinject()
    let storeRegistration = Self.assembly.range("1️⃣", covering: "Store.self", in: "Assembly.swift")
    let registerWord = SourceRange(
      file: "Assembly.swift", start: storeRegistration.start, end: storeRegistration.start
    ).extended(back: "register(".utf8.count).shortened(by: "(".utf8.count)
    // From the resolved key to the registration's `register`.
    #expect(ide.providers(at: Self.router.offset("1️⃣"), in: "Router.swift") == [registerWord])
    // From the registered key to what resolves it, the `~>` in `Feed`'s factory included.
    #expect(
      ide.consumers(at: Self.assembly.offset("1️⃣"), in: "Assembly.swift", includeDeclaration: false) == [
        Self.assembly.range("3️⃣", covering: "", in: "Assembly.swift").extended(back: "~> ".utf8.count)
          .shortened(by: " ".utf8.count),
        Self.router.range("1️⃣", covering: "", in: "Router.swift").extended(back: "resolve(".utf8.count)
          .shortened(by: "(".utf8.count),
      ])
    #expect(
      ide.hover(at: Self.assembly.offset("3️⃣"), in: "Assembly.swift")?.range
        == Self.assembly.range("3️⃣", covering: "Store.self", in: "Assembly.swift"))
    #expect(
      ide.hover(at: Self.assembly.offset("4️⃣"), in: "Assembly.swift")
        == HoverResult(
          markdown: "Registers `Feed`, default scope\n\nAnswers no resolve site",
          range: Self.assembly.range("4️⃣", covering: "Feed.self", in: "Assembly.swift")))
  }

  /// 1️⃣ Dip's registered type written `as Store`; 2️⃣ a tag; 3️⃣ `Store` in a typed resolve's
  /// tag argument.
  static let dipContainer = MarkedText(
    """
    import Dip

    func configure(_ container: DependencyContainer) {
      container.register(.singleton) { StoreImpl() as 1️⃣Store }
      container.register(tag: 2️⃣"disk") { StoreImpl() as Store }
    }

    func load(_ container: DependencyContainer) throws {
      let disk = try container.resolve(tag: 3️⃣"disk") as Store
    }

    """)

  @Test func dipHoverOnTheWrittenTypeAndTheTag() throws {
    let ide = try ide(
      ["Services.swift": ContainerNavigationTests.services, "App.swift": Self.dipContainer], filters: [])
    #expect(
      ide.hover(at: Self.dipContainer.offset("1️⃣"), in: "App.swift")
        == HoverResult(
          markdown: "Registers `Store`, scope `singleton`\n\nAnswers no resolve site",
          range: Self.dipContainer.range("1️⃣", covering: "Store", in: "App.swift")))
    #expect(
      ide.hover(at: Self.dipContainer.offset("2️⃣"), in: "App.swift")?.range
        == Self.dipContainer.range("2️⃣", covering: "\"disk\"", in: "App.swift").extended(back: "tag: ".utf8.count))
    #expect(
      ide.providers(at: Self.dipContainer.offset("3️⃣"), in: "App.swift") == [
        Self.dipContainer.range("2️⃣", covering: "", in: "App.swift").extended(back: "register(tag: ".utf8.count)
          .shortened(by: "(tag: ".utf8.count)
      ])
  }

  /// Resolver: 1️⃣ the type a registration writes; 2️⃣ a resolve's type argument.
  static let resolverSetup = MarkedText(
    """
    import Resolver

    extension Resolver: ResolverRegistering {
      public static func registerAllServices() {
        register(1️⃣SystemClock.self) { SystemClock() }
        register { FeedImpl(store: StoreImpl(), clock: resolve(2️⃣SystemClock.self)) as Feed }
      }
    }

    """)

  @Test func resolverHoverOnTheKey() throws {
    let ide = try ide(
      ["Services.swift": ContainerNavigationTests.services, "Setup.swift": Self.resolverSetup], filters: [])
    #expect(
      ide.hover(at: Self.resolverSetup.offset("1️⃣"), in: "Setup.swift")
        == HoverResult(
          markdown: "Registers `SystemClock`, default scope\n\nAnswers 1 resolve site",
          range: Self.resolverSetup.range("1️⃣", covering: "SystemClock.self", in: "Setup.swift")))
    #expect(
      ide.hover(at: Self.resolverSetup.offset("2️⃣"), in: "Setup.swift")?.range
        == Self.resolverSetup.range("2️⃣", covering: "SystemClock.self", in: "Setup.swift"))
  }
}

extension SourceRange {
  /// The range starting `count` UTF-8 bytes earlier on the same line.
  func extended(back count: Int) -> SourceRange {
    SourceRange(
      file: file, start: SourcePosition(line: start.line, column: start.column - count, offset: start.offset - count),
      end: end)
  }

  /// The range ending `count` UTF-8 bytes earlier on the same line.
  func shortened(by count: Int) -> SourceRange {
    SourceRange(
      file: file, start: start,
      end: SourcePosition(line: end.line, column: end.column - count, offset: end.offset - count))
  }
}
