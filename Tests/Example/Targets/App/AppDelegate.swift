import Swinject

final class AppDelegate {
  // PresentationAssembly is no longer in the list.
  let assembler = Assembler([StorageAssembly(), ScreensAssembly()])

  func didFinishLaunching() {
    let feedback = assembler.resolver.resolve(FeedbackRepository.self)!
    print(feedback)
  }
}
