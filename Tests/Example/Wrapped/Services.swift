protocol SessionManager: AnyObject {}
typealias SessionManagerType = SessionManager
final class DefaultSessionManager: SessionManager {}
protocol Analytics {}

final class VideoPlayer {
  init(session: SessionManager) {}
}

final class LinkRouter {
  init(session: SessionManager) {}
}

final class HomeScreen {
  @Inject var player: VideoPlayer
  @Inject var analytics: Analytics
}

final class SettingsScreen {}
