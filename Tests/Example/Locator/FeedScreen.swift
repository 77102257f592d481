final class FeedScreen {
  @Inject var feed: Feed
  @Inject var analytics: Analytics
  @Inject var store: Store
  let clock: Clock = inject()
}
