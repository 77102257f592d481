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
}
