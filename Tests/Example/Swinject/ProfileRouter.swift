import Swinject

final class ProfileRouter {
  let resolver: Resolver

  init(resolver: Resolver) {
    self.resolver = resolver
  }

  func showDetail(id: String) {
    // The view model takes the id as a runtime argument; this resolve passes none.
    let model = resolver.resolve(DetailViewModel.self)!
    // Never registered: logging silently does nothing.
    resolver.resolve(Logger.self)?.log("detail \(id)")
    _ = model
  }
}
