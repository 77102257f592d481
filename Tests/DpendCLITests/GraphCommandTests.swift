import DpendTestSupport
import Foundation
import Testing

/// `dpend graph`: the Belum example (a missing key and a cycle) as marked DOT, one key's
/// neighbourhood, the page written with the real Graphviz, and the errors.
@Suite struct GraphCommandTests {
  @Test func dotOfTheBelumExampleMarksItsMissingKeyAndCycle() throws {
    let result = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--format", "dot"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          subgraph "cluster_belum" {
            label="Belum container";
            fontname="Helvetica";
            "belum:\\AppDependencies.chat" [label="\\AppDependencies.chat\nChatController", id="node-belum_3a__5c_AppDependencies_2e_chat"];
            "belum:\\AppDependencies.home" [label="\\AppDependencies.home\nHomeController", id="node-belum_3a__5c_AppDependencies_2e_home"];
            "belum:\\AppDependencies.settings" [label="\\AppDependencies.settings\nSettingsController", id="node-belum_3a__5c_AppDependencies_2e_settings"];
            "belum:\\AppDependencies.profile" [label="\\AppDependencies.profile\n(missing)", color=red, fontcolor=red, style=dashed, id="node-belum_3a__5c_AppDependencies_2e_profile", class="missing"];
            "belum:\\AppDependencies.chat" -> "belum:\\AppDependencies.home" [color=red, penwidth=2, id="edge-0", class="cycle"];
            "belum:\\AppDependencies.chat" -> "belum:\\AppDependencies.settings" [id="edge-1"];
            "belum:\\AppDependencies.home" -> "belum:\\AppDependencies.chat" [color=red, penwidth=2, id="edge-2", class="cycle"];
            "belum:\\AppDependencies.settings" -> "belum:\\AppDependencies.profile" [color=red, id="edge-3", class="to-missing"];
          }
        }

        """#)
  }

  @Test func aKeysNeighbourhoodOneStepEachWay() throws {
    let result = try runDpend([
      "graph", "--workspace", "Tests/Example/Belum", "--key", #"\AppDependencies.settings"#, "--depth", "1",
      "--format", "dot",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          subgraph "cluster_belum" {
            label="Belum container";
            fontname="Helvetica";
            "belum:\\AppDependencies.chat" [label="\\AppDependencies.chat\nChatController", id="node-belum_3a__5c_AppDependencies_2e_chat"];
            "belum:\\AppDependencies.settings" [label="\\AppDependencies.settings\nSettingsController", id="node-belum_3a__5c_AppDependencies_2e_settings", class="focus"];
            "belum:\\AppDependencies.profile" [label="\\AppDependencies.profile\n(missing)", color=red, fontcolor=red, style=dashed, id="node-belum_3a__5c_AppDependencies_2e_profile", class="missing"];
            "belum:\\AppDependencies.chat" -> "belum:\\AppDependencies.settings" [id="edge-0"];
            "belum:\\AppDependencies.settings" -> "belum:\\AppDependencies.profile" [color=red, id="edge-1", class="to-missing"];
          }
        }

        """#)
  }

  @Test(.enabled(if: GraphvizRenderTests.enabled, "Graphviz's dot is not installed"))
  func thePageIsWrittenToTheOutputFileWithTheDrawingInline() throws {
    let folder = try TemporaryWorkspace()
    let output = folder.path("graph.html")
    let result = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--output", output])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "wrote \(output)\n")
    let page = try #require(folder.read("graph.html"))
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
    #expect(page.contains("\n<title>dpend graph: Belum</title>\n"))
    #expect(page.contains("\n<main id=\"graph\">\n<svg width="))
    #expect(!page.contains("<?xml"))
    #expect(!page.contains("<!DOCTYPE svg"))
    // Graphviz keeps the ids and classes of the marked DOT.
    for element in [
      #"<g id="node&#45;belum_3a__5c_AppDependencies_2e_profile" class="node missing">"#,
      #"<g id="node&#45;belum_3a__5c_AppDependencies_2e_chat" class="node">"#,
      #"<g id="edge&#45;0" class="edge cycle">"#,
      #"<g id="edge&#45;2" class="edge cycle">"#,
      #"<g id="edge&#45;3" class="edge to&#45;missing">"#,
    ] {
      #expect(page.contains(element), "\(element)")
    }
    #expect(
      page.contains(
        #"<script type="application/json" id="graph-data">{"nodes":[{"id":"node-belum_3a__5c_AppDependencies_2e_chat","key":"\\AppDependencies.chat"},"#
      ))
  }

  @Test(.enabled(if: GraphvizRenderTests.enabled, "Graphviz's dot is not installed"))
  func svgFormatWritesGraphvizsDrawingToStandardOutput() throws {
    let result = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--format", "svg"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"))
    #expect(result.stdout.contains(#"<g id="node&#45;belum_3a__5c_AppDependencies_2e_profile" class="node missing">"#))
  }

  @Test func withoutGraphvizOnThePathThePageIsAClearError() throws {
    let workspace = try TemporaryWorkspace(Fixtures.missingStore)
    let emptyFolder = try TemporaryWorkspace()
    let result = try ProcessRunner.run(
      BuiltProduct.dpend, ["graph", "--implicit-filter", ".*Impl", "--no-cache"], in: workspace.root,
      environment: ["PATH": emptyFolder.root.path])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: Graphviz's 'dot' is not on the PATH; install Graphviz (Debian: apt-get install graphviz, "
        + "macOS: brew install graphviz), or write the DOT with --format dot\n")
  }

  @Test func anUnknownKeyIsAnErrorNamingTheKeysThatContainIt() throws {
    let result = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--key", "chat", "--format", "dot"])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr == #"error: no key 'chat' in the graph; keys containing it: '\AppDependencies.chat'"# + "\n")
    let none = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--key", "Cache", "--format", "dot"])
    #expect(none.status == 1)
    #expect(none.stderr == "error: no key 'Cache' in the graph\n")
  }

  @Test func depthWithoutAKeyIsAUsageError() throws {
    let result = try runDpend(["graph", "--workspace", "Tests/Example/Belum", "--depth", "2"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: --depth needs --key\n"))
  }
}
