protocol Feed {}
final class FeedImpl: Feed {
  init(clock: Clock, store: Store) {}
}
