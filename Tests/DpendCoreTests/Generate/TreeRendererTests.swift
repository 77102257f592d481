import DpendAnalysis
import DpendGenerate
import DpendModel
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

  @Test func emptyGraphRendersNothing() throws {
    #expect(TreeRenderer.render(try analyze(["Empty.swift": ""])) == "")
  }
}
