import DpendAnalysis
import DpendGenerate
import DpendModel
import Testing

/// SPEC 3 (*beyond*): `dpend tree --format dot` draws the graph with Graphviz.
struct DotRendererTests {
  @Test func cycleEdgesAreRedAndBold() throws {
    let graph = try analyze(marked: ["Cycle.swift": SpecExamples.transitiveCycle], filters: [".*Impl"])

    #expect(
      DotRenderer.render(graph) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "A" [label="A\nAImpl.init(b:)"];
          "B" [label="B\nBImpl.init(c:)"];
          "C" [label="C\nCImpl.init(d:)"];
          "D" [label="D\nDImpl.init(b:)"];
          "A" -> "B";
          "B" -> "C" [color=red, penwidth=2];
          "C" -> "D" [color=red, penwidth=2];
          "D" -> "B" [color=red, penwidth=2];
        }

        """#)
  }

  @Test func missingKeyIsARedDashedNodeAndScopesTagsAndOptionalsAreShown() throws {
    let graph = try analyze(
      [
        "App.swift": """
        import DpendRuntime

        enum Remote: DependencyTag {}
        protocol Feed {}
        protocol Logger {}
        final class FeedImpl: Feed {
          init(store: Tagged<Store, Remote>, logger: Logger?, clock: Clock?, tracer: Tracer?) {}
        }
        final class LoggerImpl: Logger {}
        final class AppConfiguration: DependencyConfiguration {
          func clock() -> DependencyRegistration<Clock> {
            DependencyRegistration(scope: .singleton) { Clock() }
          }
        }
        """
      ], filters: [".*Impl"])

    #expect(
      DotRenderer.render(graph) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "AppConfiguration" [label="AppConfiguration\nAppConfiguration.init()"];
          "Clock" [label="Clock\nAppConfiguration.clock()\n(singleton)"];
          "Feed" [label="Feed\nFeedImpl.init(store:logger:clock:tracer:)"];
          "Logger" [label="Logger\nLoggerImpl.init()"];
          "Tagged<Store, Remote>" [label="Tagged<Store, Remote>\n(missing)", color=red, fontcolor=red, style=dashed];
          "Clock" -> "AppConfiguration";
          "Feed" -> "Tagged<Store, Remote>" [color=red];
          "Feed" -> "Logger" [style=dashed];
          "Feed" -> "Clock" [style=dashed];
        }

        """#)
  }

  @Test func containerKeysAreAClusterWithCyclesPropertyInjectionAndMissingKeysMarked() throws {
    let graph = try analyze([
      "Assembly.swift": """
      import Swinject

      func assemble(_ container: Container, kind: String) {
        container.register(Parent.self) { r in ParentImpl(child: r.resolve(Child.self)!) }
        container.register(Child.self) { r in ChildImpl(parent: r.resolve(Parent.self)!) }
          .initCompleted { r, child in (child as! ChildImpl).clock = r.resolve(Clock.self)! }
        container.register(Clock.self) { r in SystemClock(zone: r.resolve(Zone.self)) }
        container.register(Logger.self, name: kind) { _ in PrintLogger() }
        container.register(Screen.self) { (r, id: String) in
          Screen(logger: r.resolve(Logger.self)!, cache: r.resolve(Cache.self)!, parent: r.resolve(Parent.self)!)
        }
      }
      """
    ])

    #expect(
      DotRenderer.render(graph) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          subgraph "cluster_swinject" {
            label="Swinject container";
            fontname="Helvetica";
            "swinject:Child" [label="Child\nChildImpl"];
            "swinject:Clock" [label="Clock\nSystemClock"];
            "swinject:Logger" [label="Logger\nPrintLogger (unread: the name 'kind' is computed)"];
            "swinject:Parent" [label="Parent\nParentImpl"];
            "swinject:Screen (1 argument)" [label="Screen (1 argument)\nScreen"];
            "swinject:Cache" [label="Cache\n(missing)", color=red, fontcolor=red, style=dashed];
            "swinject:Child" -> "swinject:Parent" [color=red, penwidth=2];
            "swinject:Child" -> "swinject:Clock" [style=dashed];
            "swinject:Parent" -> "swinject:Child" [color=red, penwidth=2];
            "swinject:Screen (1 argument)" -> "swinject:Cache" [color=red];
            "swinject:Screen (1 argument)" -> "swinject:Parent";
          }
        }

        """#)
  }

  @Test func containerClustersFollowTheFactoriesAndNeverShareTheirNodes() throws {
    let graph = try analyze(
      [
        "Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {}",
        "Container.swift": """
        import Dip

        let container = DependencyContainer { c in
          c.register(.singleton, tag: "remote") { StoreImpl() as Store }
          #if DEBUG
            c.register(.unique) { StoreImpl() as Store }
          #else
            c.register(.singleton) { StoreImpl() as Store }
          #endif
          c.register { FeedImpl(store: try c.resolve(tag: "remote") as Store, cache: try? c.resolve() as Cache) as Feed }
        }
        """,
      ], filters: [".*Impl"])

    #expect(
      DotRenderer.render(graph) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "Feed" [label="Feed\nFeedImpl.init()"];
          subgraph "cluster_dip" {
            label="Dip container";
            fontname="Helvetica";
            "dip:Feed" [label="Feed\nFeedImpl"];
            "dip:Store" [label="Store\nStoreImpl (unique) (#if DEBUG)\nStoreImpl (singleton) (#if !(DEBUG))"];
            "dip:Store (name \"remote\")" [label="Store (name \"remote\")\nStoreImpl (singleton)"];
            "dip:Feed" -> "dip:Store (name \"remote\")";
          }
        }

        """#)
  }
}
