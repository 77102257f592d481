import DpendRuntime

protocol OrderStore {
  func save(_ order: String) async throws
}

final class RemoteOrderStore: OrderStore {
  init(client: HTTPClient) {}
  func save(_ order: String) async throws {}
}

final class OnDeviceOrderStore: OrderStore {
  func save(_ order: String) async throws {}
}

/// Places orders remotely and keeps a copy on the device.
protocol OrderService {}

final class OrderServiceImpl: OrderService {
  init(remote: Tagged<OrderStore, Remote>, onDevice: Tagged<OrderStore, OnDevice>, retries: Int = 3) {}
}

final class OrderViewModel {
  init(orders: OrderService, analytics: Analytics) {}

  /// Makes view models for one order at a time.
  final class Factory {
    init(orders: OrderService) {}
  }
}
