import Swinject

func registerServices() {
  container.registerShared(SessionManager.self) { _ in DefaultSessionManager() }
  container.register(
    VideoPlayer.self, isolatedFactory: { r in VideoPlayer(session: r.resolve(SessionManagerType.self)!) })
  container.register(LinkRouter.self) { r in LinkRouter(session: r.resolve(SessionManager.self)!) }
  container.register(HomeScreen.self) { _ in HomeScreen() }
}
