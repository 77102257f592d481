import DpendRuntime

/// Tags telling apart the two order stores.
enum Remote: DependencyTag {}
enum OnDevice: DependencyTag {}

/// Registrations that need more than an initializer call.
final class AppConfiguration: DependencyConfiguration {
  func httpClient() -> DependencyRegistration<HTTPClient> {
    DependencyRegistration(scope: .singleton) { URLSessionHTTPClient(baseURL: "https://coffee.example") }
  }

  func remoteOrders(client: HTTPClient) -> DependencyRegistration<OrderStore> {
    DependencyRegistration(tag: Remote.self, scope: .singleton) { RemoteOrderStore(client: client) }
  }

  func onDeviceOrders() -> DependencyRegistration<OrderStore> {
    DependencyRegistration(tag: OnDevice.self, scope: .weakSingleton) { OnDeviceOrderStore() }
  }
}
