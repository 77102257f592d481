protocol Transport {}
protocol TokenStore {}
protocol NetworkClient {}
protocol Logger {}
protocol Analytics {}
protocol CrashReporter {}

final class URLSessionTransport: Transport {}
final class KeychainTokenStore: TokenStore {}
final class APIClient: NetworkClient {
  init(transport: Transport, tokens: TokenStore) {}
}
final class ConsoleLogger: Logger {}
final class ProfileService {
  init(client: NetworkClient, logger: Logger) {}
}
