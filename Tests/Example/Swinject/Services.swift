protocol Session {}
protocol ImageCache {}
protocol ProfileService {}
protocol Logger {}

final class URLSessionSession: Session {}
final class ProfileServiceImpl: ProfileService {
  init(session: Session, cache: ImageCache) {}
}
final class DetailViewModel {
  init(profiles: ProfileService, id: String) {}
}
