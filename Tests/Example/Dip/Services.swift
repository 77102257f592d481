import Foundation

protocol NetworkClient {}
protocol TokenStore {}
protocol Analytics {}
protocol Screen {}

final class URLSessionTransport {}
final class APIClient: NetworkClient {
  init(transport: URLSessionTransport, tokens: TokenStore) {}
}
final class KeychainTokenStore: TokenStore {}
final class ConsoleAnalytics: Analytics {}
final class WelcomeScreen: Screen {
  init(client: NetworkClient, analytics: Analytics) {}
}
