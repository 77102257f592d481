import Swinject

final class FeedbackTests {
  let mockContainer = Container()

  func setUp() {
    mockContainer.register(FeedbackRepository.self) { _ in RemoteFeedback() }
  }

  func testFeedbackIsRemote() {
    setUp()
    _ = mockContainer.resolve(FeedbackRepository.self)!
  }
}
