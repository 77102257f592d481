import Swinject

final class ShareViewController {
  let container = Container()

  func viewDidLoad() {
    container.registerCore()
    let clock = container.resolve(Clock.self)!
    let analytics = container.resolve(Analytics.self)!
    print(clock, analytics)
  }
}
