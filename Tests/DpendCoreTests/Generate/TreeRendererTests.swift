import DpendAnalysis
import DpendGenerate
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 3: `dpend tree` shows each provided key, its factory and, indented, what it needs.
struct TreeRendererTests {
  @Test func explicitConfigurationExample() throws {
    let graph = try analyze(marked: ["FooConfiguration.swift": SpecExamples.explicitConfiguration])

    #expect(
      TreeRenderer.render(graph) == """
        BazService ← FooConfiguration.bazService(barService:)
        ├── FooConfiguration ← FooConfiguration.init()
        └── BarService ← FooConfiguration.barService(fooService:)
            ├── FooConfiguration ← FooConfiguration.init() (see above)
            └── Tagged<FooService, Bar> ← FooConfiguration.fooService() (singleton)
                └── FooConfiguration ← FooConfiguration.init() (see above)

        """)
  }

  @Test func cycleIsCutWhereItReturns() throws {
    let graph = try analyze(marked: ["Cycle.swift": SpecExamples.transitiveCycle], filters: [".*Impl"])

    #expect(
      TreeRenderer.render(graph) == """
        A ← AImpl.init(b:)
        └── B ← BImpl.init(c:)
            └── C ← CImpl.init(d:)
                └── D ← DImpl.init(b:)
                    └── B ← BImpl.init(c:) (cycle)

        """)
  }

  @Test func cycleWithoutRootStartsAtTheFirstKey() throws {
    let graph = try analyze(
      ["AB.swift": "protocol A {}\nprotocol B {}\nclass AImpl: A { init(b: B) {} }\nclass BImpl: B { init(a: A) {} }"],
      filters: [".*Impl"])

    #expect(
      TreeRenderer.render(graph) == """
        A ← AImpl.init(b:)
        └── B ← BImpl.init(a:)
            └── A ← AImpl.init(b:) (cycle)

        """)
  }

  @Test func missingKeyOptionalAndSharedDependencies() throws {
    let graph = try analyze(
      [
        "App.swift": """
        protocol Feed {}
        protocol Clock {}
        final class FeedImpl: Feed {
          init(store: Store, clock: Clock, logger: Logger?) {}
        }
        final class ClockImpl: Clock {}
        final class ProfileImpl {
          init(clock: Clock) {}
        }
        """
      ], filters: [".*Impl"])

    #expect(
      TreeRenderer.render(graph) == """
        Feed ← FeedImpl.init(store:clock:logger:)
        ├── Store (missing)
        ├── Clock ← ClockImpl.init()
        └── Logger? (not provided: nil)
        ProfileImpl ← ProfileImpl.init(clock:)
        └── Clock ← ClockImpl.init() (see above)

        """)
  }

  @Test func eachRegisteredKeyIsASectionWithItsNeedsBeneath() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.1️⃣register(.singleton) { StoreImpl() as Store }
        c.2️⃣register { FeedImpl(store: try c.resolve(), clock: try c.resolve(), logger: try? c.resolve()) as Feed }
        #if DEBUG
          c.3️⃣register(tag: "debug") { DebugFeed(feed: try c.resolve(), store: $0) as Feed }
        #endif
        c.4️⃣register { Wrapper(value: try c.resolve()) as Wrapped }
      }

      // Without runtime arguments: Dip auto-wires the debug feed's `$0`.
      func debugFeed() throws -> Feed { try container.resolve(tag: "debug") as Feed }
      """)
    let graph = try analyze([
      "Services.swift": """
      protocol Store {}
      protocol Feed {}
      protocol Clock {}
      protocol Logger {}
      final class StoreImpl: Store {}
      final class FeedImpl: Feed { init(store: Store, clock: Clock, logger: Logger?) {} }
      final class DebugFeed: Feed { init(feed: Feed, store: Store) {} }
      """,
      "Container.swift": container.text,
    ])
    func at(_ marker: String) -> String { "Container.swift:\(container.position(marker).line)" }

    #expect(
      TreeRenderer.render(graph) == """
        Feed ← FeedImpl [Dip] — \(at("2️⃣"))
        ├── Store ← StoreImpl (singleton) [Dip] — \(at("1️⃣"))
        ├── Clock (missing)
        └── Logger? (not registered: nil)
        Feed (name "debug") (1 argument) ← DebugFeed (#if DEBUG) [Dip] — \(at("3️⃣"))
        ├── Feed ← FeedImpl [Dip] — \(at("2️⃣"))
        │   ├── Store ← StoreImpl (singleton) [Dip] — \(at("1️⃣"))
        │   ├── Clock (missing)
        │   └── Logger? (not registered: nil)
        └── Store ← StoreImpl (singleton) [Dip] — \(at("1️⃣")) (see above)
        Store ← StoreImpl (singleton) [Dip] — \(at("1️⃣"))
        Wrapped ← Wrapper [Dip] — \(at("4️⃣"))
        └── (unread: 'Wrapper' is no type the analysed sources declare, so its initializers are unknown)

        """)
  }

  @Test func containerCyclesPropertyInjectionAndUnreadRegistrations() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container, kind: String) {
        container.1️⃣register(Parent.self) { r in ParentImpl(child: r.resolve(Child.self)!) }
        container.2️⃣register(Child.self) { r in ChildImpl(parent: r.resolve(Parent.self)!) }
          .initCompleted { r, child in (child as! ChildImpl).logger = r.resolve(Logger.self) }
        container.3️⃣register(Logger.self, name: kind) { _ in PrintLogger() }
        container.4️⃣register(Screen.self) { (r, id: String) in
          Screen(logger: r.resolve(Logger.self)!, cache: r.resolve(Cache.self)!)
        }
      }
      """)
    let graph = try analyze(["Assembly.swift": assembly.text])
    func at(_ marker: String) -> String { "Assembly.swift:\(assembly.position(marker).line)" }

    #expect(
      TreeRenderer.render(graph) == """
        Child ← ChildImpl [Swinject] — \(at("2️⃣"))
        ├── Parent ← ParentImpl [Swinject] — \(at("1️⃣"))
        │   └── Child ← ChildImpl [Swinject] — \(at("2️⃣")) (cycle)
        └── Logger? (unknown: a registration dpend could not read may answer it) (property)
        Logger ← PrintLogger (unread: the name 'kind' is computed) [Swinject] — \(at("3️⃣"))
        Parent ← ParentImpl [Swinject] — \(at("1️⃣"))
        └── Child ← ChildImpl [Swinject] — \(at("2️⃣"))
            ├── Parent ← ParentImpl [Swinject] — \(at("1️⃣")) (cycle)
            └── Logger? (unknown: a registration dpend could not read may answer it) (property)
        Screen (1 argument) ← Screen [Swinject] — \(at("4️⃣"))
        ├── Logger (unknown: a registration dpend could not read may answer it)
        └── Cache (missing)

        """)
  }

  @Test func containerSectionsFollowTheFactoriesAfterAnEmptyLine() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.1️⃣register { makeClock(try c.resolve() as Store) }
        c.2️⃣register(.singleton) { StoreImpl() as Store }.implements(Cache.self)
        c.3️⃣register { ClockImpl(a: try c.resolve() as Clock) as Clock }
      }
      """)
    let graph = try analyze(
      ["Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {}", "Container.swift": container.text],
      filters: [".*Impl"])
    func at(_ marker: String) -> String { "Container.swift:\(container.position(marker).line)" }

    #expect(
      TreeRenderer.render(graph) == """
        Feed ← FeedImpl.init()

        Cache ← StoreImpl (singleton) [Dip] — \(at("2️⃣"))
        Clock ← ClockImpl [Dip] — \(at("3️⃣"))
        └── Clock ← ClockImpl [Dip] — \(at("3️⃣")) (cycle)
        Store ← StoreImpl (singleton) [Dip] — \(at("2️⃣"))
        (unread: the registered type is inferred from the factory's body) [Dip] — \(at("1️⃣"))
        └── Store ← StoreImpl (singleton) [Dip] — \(at("2️⃣"))

        """)
  }

  @Test func emptyGraphRendersNothing() throws {
    #expect(TreeRenderer.render(try analyze(["Empty.swift": ""])) == "")
  }
}
