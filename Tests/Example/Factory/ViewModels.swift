import FactoryKit
import Observation

@Observable final class EpisodesViewModel {
  @ObservationIgnored @Injected(\.feed) private var feed
  @ObservationIgnored @Injected(\.analytics) private var analytics
}

@Observable final class NowPlayingViewModel {
  @ObservationIgnored @LazyInjected(\.player) private var player
  private let api = Container.shared.api()
}
