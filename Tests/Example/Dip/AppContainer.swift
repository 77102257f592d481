import Dip

/// The app's container. Three mistakes Dip reports only at run time, one per launch.
let container = DependencyContainer { c in
  c.register(.singleton) { URLSessionTransport() }
  c.register(.singleton) { APIClient(transport: try c.resolve(), tokens: try c.resolve()) as NetworkClient }
  // Registered under its own type: resolving `TokenStore` fails.
  c.register(.singleton) { KeychainTokenStore() }
  #if DEBUG
    // Only debug builds have analytics: release builds crash at launch.
    c.register(.eagerSingleton) { ConsoleAnalytics() as Analytics }
  #endif
  c.register(tag: "welcome") { WelcomeScreen(client: try c.resolve(), analytics: try c.resolve()) as Screen }
}
