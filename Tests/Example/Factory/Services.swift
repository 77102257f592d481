import Foundation

protocol HTTPClient {}
protocol TokenStore {}
protocol EpisodeAPI {}
protocol Player {}
protocol Analytics {}

final class URLSessionHTTPClient: HTTPClient {}
final class KeychainTokenStore: TokenStore {}
final class RemoteEpisodeAPI: EpisodeAPI {
  init(client: HTTPClient, tokens: TokenStore) {}
}
final class EpisodeFeed {
  init(api: EpisodeAPI, player: Player) {}
}
final class AudioPlayer: Player {
  init(feed: EpisodeFeed) {}
}
final class SilentPlayer: Player {}
final class ConsoleAnalytics: Analytics {}
final class RecordingAnalytics: Analytics {
  init(player: Player) {}
}
