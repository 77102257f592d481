import Swinject

final class AppAssembly: Assembly {
  func assemble(container: Container) {
    container.register(Session.self) { _ in URLSessionSession() }.inObjectScope(.container)
    // Nothing registers `ImageCache`.
    container.register(ProfileService.self) { r in
      ProfileServiceImpl(session: r.resolve(Session.self)!, cache: r.resolve(ImageCache.self)!)
    }
    container.register(DetailViewModel.self) { (r, id: String) in
      DetailViewModel(profiles: r.resolve(ProfileService.self)!, id: id)
    }
    // Registered twice: only this one counts.
    container.register(Session.self) { _ in URLSessionSession() }
  }
}
