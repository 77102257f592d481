import FactoryKit

/// The app's definitions. One mistake Factory finds only at run time, when the feed is first
/// resolved: the feed and the player need each other.
extension Container {
  var httpClient: Factory<HTTPClient> {
    self { URLSessionHTTPClient() }.singleton
  }
  var tokenStore: Factory<TokenStore> {
    self { KeychainTokenStore() }.scope(.cached)
  }
  var api: Factory<EpisodeAPI> {
    self { RemoteEpisodeAPI(client: self.httpClient(), tokens: self.tokenStore()) }.singleton
  }
  var feed: Factory<EpisodeFeed> {
    self { EpisodeFeed(api: self.api(), player: self.player()) }.shared
  }
  // Playback reports progress to the feed, which already needs the player.
  var player: Factory<Player> {
    self { AudioPlayer(feed: self.feed()) }
      .singleton
      .onPreview { SilentPlayer() }
  }
  var analytics: Factory<Analytics> {
    self { ConsoleAnalytics() }
      .onTest { RecordingAnalytics(player: self.player()) }
  }
}
