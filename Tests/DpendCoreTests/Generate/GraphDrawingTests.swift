import DpendAnalysis
import DpendGenerate
import DpendModel
import Testing

/// SPEC 9 (*the graph*): the DOT `dpend graph` draws marks missing keys and cycle edges with
/// classes and ids the page's script finds, and a key's neighbourhood keeps what it needs and
/// what needs it.
struct GraphDrawingTests {
  static let cycleAndMissingKey = [
    "App.swift": """
    protocol Feed {}
    protocol Store {}
    protocol Cache {}
    protocol Clock {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }
    final class StoreImpl: Store { init(cache: Cache) {} }
    final class CacheImpl: Cache { init(store: Store) {} }
    """
  ]

  @Test func markedDotGivesEveryNodeAndEdgeAnIdAndClassesMissingKeysAndCycleEdges() throws {
    let graph = try analyze(Self.cycleAndMissingKey, filters: [".*Impl"])

    #expect(
      DotWriter.write(DotRenderer.drawing(of: graph), marks: true) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "Cache" [label="Cache\nCacheImpl.init(store:)", id="node-Cache"];
          "Feed" [label="Feed\nFeedImpl.init(store:clock:)", id="node-Feed"];
          "Store" [label="Store\nStoreImpl.init(cache:)", id="node-Store"];
          "Clock" [label="Clock\n(missing)", color=red, fontcolor=red, style=dashed, id="node-Clock", class="missing"];
          "Cache" -> "Store" [color=red, penwidth=2, id="edge-0", class="cycle"];
          "Feed" -> "Store" [id="edge-1"];
          "Feed" -> "Clock" [color=red, id="edge-2", class="to-missing"];
          "Store" -> "Cache" [color=red, penwidth=2, id="edge-3", class="cycle"];
        }

        """#)
    // Unmarked, it is what `dpend tree --format dot` prints.
    #expect(DotWriter.write(DotRenderer.drawing(of: graph)) == DotRenderer.render(graph))
  }

  @Test func markedContainerClusterClassesItsMissingKeyCycleAndPropertyInjection() throws {
    let graph = try analyze([
      "Assembly.swift": """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Parent.self) { r in ParentImpl(child: r.resolve(Child.self)!) }
        container.register(Child.self) { r in ChildImpl(parent: r.resolve(Parent.self)!) }
          .initCompleted { r, child in (child as! ChildImpl).clock = r.resolve(Clock.self)! }
        container.register(Clock.self) { r in SystemClock(zone: r.resolve(Zone.self)!) }
      }
      """
    ])

    #expect(
      DotWriter.write(DotRenderer.drawing(of: graph), marks: true) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          subgraph "cluster_swinject" {
            label="Swinject container";
            fontname="Helvetica";
            "swinject:Child" [label="Child\nChildImpl", id="node-swinject_3a_Child"];
            "swinject:Clock" [label="Clock\nSystemClock", id="node-swinject_3a_Clock"];
            "swinject:Parent" [label="Parent\nParentImpl", id="node-swinject_3a_Parent"];
            "swinject:Zone" [label="Zone\n(missing)", color=red, fontcolor=red, style=dashed, id="node-swinject_3a_Zone", class="missing"];
            "swinject:Child" -> "swinject:Parent" [color=red, penwidth=2, id="edge-0", class="cycle"];
            "swinject:Child" -> "swinject:Clock" [style=dashed, id="edge-1", class="dashed"];
            "swinject:Clock" -> "swinject:Zone" [color=red, id="edge-2", class="to-missing"];
            "swinject:Parent" -> "swinject:Child" [color=red, penwidth=2, id="edge-3", class="cycle"];
          }
        }

        """#)
  }

  @Test func aKeysNeighbourhoodOneStepEachWayOnARealGraph() throws {
    let graph = try analyze(Self.cycleAndMissingKey, filters: [".*Impl"])
    let neighbourhood = try #require(DotRenderer.drawing(of: graph).neighbourhood(ofKey: "Feed", depth: 1))

    #expect(
      DotWriter.write(neighbourhood, marks: true) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "Feed" [label="Feed\nFeedImpl.init(store:clock:)", id="node-Feed", class="focus"];
          "Store" [label="Store\nStoreImpl.init(cache:)", id="node-Store"];
          "Clock" [label="Clock\n(missing)", color=red, fontcolor=red, style=dashed, id="node-Clock", class="missing"];
          "Feed" -> "Store" [id="edge-0"];
          "Feed" -> "Clock" [color=red, id="edge-1", class="to-missing"];
        }

        """#)
  }

  /// `X -> A -> B -> C -> D`, `Y -> X`, `Z -> Y`, and `W` alone.
  static let chain = GraphDrawing(
    nodes: ["A", "B", "C", "D", "W", "X", "Y", "Z"].map { GraphDrawing.Node(name: $0, key: $0, details: []) },
    edges: [("A", "B"), ("B", "C"), ("C", "D"), ("X", "A"), ("Y", "X"), ("Z", "Y")].map {
      GraphDrawing.Edge(from: $0.0, to: $0.1)
    })

  @Test(
    arguments: [
      (nil, ["A", "B", "C", "D", "X", "Y", "Z"]),
      (0, ["A"]),
      (1, ["A", "B", "X"]),
      (2, ["A", "B", "C", "X", "Y"]),
    ] as [(Int?, [String])])
  func neighbourhoodKeepsWhatTheKeyNeedsAndWhatNeedsItUpToTheDepth(depth: Int?, kept: [String]) throws {
    let neighbourhood = try #require(Self.chain.neighbourhood(ofKey: "A", depth: depth))

    #expect(neighbourhood.nodes.map(\.name) == kept)
    #expect(neighbourhood.nodes.filter(\.isFocus).map(\.name) == ["A"])
    #expect(
      neighbourhood.edges == Self.chain.edges.filter { kept.contains($0.from) && kept.contains($0.to) })
  }

  @Test func neighbourhoodOfAnUnknownKeyIsNil() {
    #expect(Self.chain.neighbourhood(ofKey: "Q") == nil)
    #expect(Self.chain.neighbourhood(ofKey: "a") == nil)
  }

  @Test func neighbourhoodTakesTheKeyInEveryContainerAndKeepsOnlyTheClustersStillDrawn() throws {
    let drawing = GraphDrawing(
      nodes: [
        GraphDrawing.Node(name: "Store", key: "Store", details: ["StoreImpl.init()"]),
        GraphDrawing.Node(name: "dip:Feed", key: "Feed", details: ["FeedImpl"], cluster: 0),
        GraphDrawing.Node(name: "swinject:Screen", key: "Screen", details: ["Screen"], cluster: 1),
        GraphDrawing.Node(name: "swinject:Store", key: "Store", details: ["(missing)"], isMissing: true, cluster: 1),
      ],
      edges: [
        GraphDrawing.Edge(from: "swinject:Screen", to: "swinject:Store", kind: .toMissing, cluster: 1)
      ],
      clusters: [
        GraphDrawing.Cluster(name: "dip", label: "Dip container"),
        GraphDrawing.Cluster(name: "swinject", label: "Swinject container"),
      ])

    var focusStore = GraphDrawing.Node(name: "Store", key: "Store", details: ["StoreImpl.init()"])
    focusStore.isFocus = true
    var focusContainerStore = GraphDrawing.Node(
      name: "swinject:Store", key: "Store", details: ["(missing)"], isMissing: true, cluster: 0)
    focusContainerStore.isFocus = true
    #expect(
      drawing.neighbourhood(ofKey: "Store")
        == GraphDrawing(
          nodes: [
            focusStore, GraphDrawing.Node(name: "swinject:Screen", key: "Screen", details: ["Screen"], cluster: 0),
            focusContainerStore,
          ],
          edges: [GraphDrawing.Edge(from: "swinject:Screen", to: "swinject:Store", kind: .toMissing, cluster: 0)],
          clusters: [GraphDrawing.Cluster(name: "swinject", label: "Swinject container")]))
  }
}
