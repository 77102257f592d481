import DpendTestSupport
import Testing

@Suite struct TreeCommandTests {
  @Test func textTreeOfTheExample() throws {
    let result = try runDpend(["tree", "--workspace", "Tests/Example"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        CheckoutViewModel ← CheckoutViewModel.init(orders:payments:)
        ├── OrderService ← OrderServiceImpl.init(remote:onDevice:)
        │   ├── Tagged<OrderStore, Remote> ← AppConfiguration.remoteOrders(client:) (singleton)
        │   │   ├── AppConfiguration ← AppConfiguration.init()
        │   │   └── HTTPClient ← AppConfiguration.httpClient() (singleton)
        │   │       └── AppConfiguration ← AppConfiguration.init() (see above)
        │   └── Tagged<OrderStore, OnDevice> ← AppConfiguration.onDeviceOrders() (weakSingleton)
        │       └── AppConfiguration ← AppConfiguration.init() (see above)
        └── PaymentProvider? (not provided: nil)
        MenuViewModel ← MenuViewModel.init(menu:analytics:)
        ├── MenuService ← MenuServiceImpl.init(client:)
        │   └── HTTPClient ← AppConfiguration.httpClient() (singleton) (see above)
        └── Analytics (missing)
        OrderViewModel ← OrderViewModel.init(orders:analytics:)
        ├── OrderService ← OrderServiceImpl.init(remote:onDevice:) (see above)
        └── Analytics (missing)
        OrderViewModel.Factory ← OrderViewModel.Factory.init(orders:)
        └── OrderService ← OrderServiceImpl.init(remote:onDevice:) (see above)

        """)
  }

  @Test func dotMarksMissingKeys() throws {
    let workspace = try TemporaryWorkspace(Fixtures.missingStore)
    let result = try workspace.run("tree", "--format", "dot", "--implicit-filter", ".*Impl")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        digraph dependencies {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "Feed" [label="Feed\\nFeedImpl.init(store:)"];
          "Store" [label="Store\\n(missing)", color=red, fontcolor=red, style=dashed];
          "Feed" -> "Store" [color=red];
        }

        """)
  }

  /// The container example apps (the locator with its `.dpend.json`): a section per registered key, in
  /// text and in DOT (`Goldens/tree-*`; `DPEND_UPDATE_GOLDENS=1` rewrites them).
  @Test(arguments: ["Dip", "Swinject", "Resolver", "Locator", "Factory", "Stitcher", "Belum"])
  func containerExampleTrees(app: String) throws {
    let text = try runDpend(["tree", "--workspace", "Tests/Example/\(app)"])
    #expect(text.status == 0)
    #expect(text.stderr == "")
    try expectGolden(text.stdout, named: "tree-\(app.lowercased()).txt")
    let dot = try runDpend(["tree", "--workspace", "Tests/Example/\(app)", "--format", "dot"])
    #expect(dot.status == 0)
    #expect(dot.stderr == "")
    try expectGolden(dot.stdout, named: "tree-\(app.lowercased()).dot")
  }
}
