protocol MenuService {
  func drinks() async throws -> [String]
}

final class MenuServiceImpl: MenuService {
  private let client: HTTPClient
  init(client: HTTPClient) { self.client = client }
  func drinks() async throws -> [String] { [] }
}

final class MenuViewModel {
  private let menu: MenuService
  private let analytics: Analytics
  init(menu: MenuService, analytics: Analytics) {
    self.menu = menu
    self.analytics = analytics
  }
}
