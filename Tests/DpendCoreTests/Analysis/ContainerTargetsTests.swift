import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// A resolve is answered by what is registered in the process it runs in (SPEC 8.6): a test
/// bundle's registrations never answer the app, an extension sees only its own process, a
/// library's resolves are answered by the apps linking it; what cannot be placed answers all.
@Suite struct ContainerTargetsTests {
  static let services = """
    protocol FeedbackRepository {}
    protocol Analytics {}
    protocol Clock {}
    final class RemoteFeedback: FeedbackRepository {}
    final class MockFeedback: FeedbackRepository {}
    final class Console: Analytics {}
    final class SystemClock: Clock {}

    """

  static let appTargets = [
    TargetMap.Target(name: "App", kind: .application, dependencies: ["Core", "Share"]),
    TargetMap.Target(name: "AppTests", kind: .tests, dependencies: ["App"]),
    TargetMap.Target(name: "Share", kind: .appExtension, dependencies: ["Core"]),
    TargetMap.Target(name: "Core", kind: .library),
  ]

  static func map(_ files: [String: [String]]) -> TargetMap {
    TargetMap(targets: appTargets, targetsOfFile: files)
  }

  @Test func aTestBundlesRegistrationNeverAnswersTheApp() throws {
    let app = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Analytics.self) { _ in Console() }
      }
      let feedback = container.1️⃣resolve(FeedbackRepository.self)!
      """)
    let tests = MarkedText(
      """
      import Swinject

      func setUpMocks(_ mockContainer: Container) {
        mockContainer.2️⃣register(FeedbackRepository.self) { _ in MockFeedback() }
        // The tests link the app they are hosted in: its registrations answer them.
        let analytics = mockContainer.resolve(Analytics.self)!
      }
      func testFeedback() { setUpMocks(Container()) }
      """)
    let graph = try analyze(
      ["Services.swift": Self.services, "App.swift": app.text, "AppTests.swift": tests.text],
      targets: Self.map(["Services.swift": ["Core"], "App.swift": ["App"], "AppTests.swift": ["AppTests"]]))
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(app.position("1️⃣")) in target 'App': missing dependency: nothing registers 'FeedbackRepository'"
      ])
    #expect(
      graph.diagnostics.first?.notes.map { "\($0.range.start) \($0.message)" } == [
        "\(app.position("1️⃣")) resolved here",
        "\(tests.position("2️⃣")) registered here, but in target 'AppTests', which 'App' does not link",
      ])
    // Without the targets, the mock answers the app.
    let flat = try analyze(["Services.swift": Self.services, "App.swift": app.text, "AppTests.swift": tests.text])
    #expect(flat.diagnostics.isEmpty)
  }

  @Test func anExtensionSeesOnlyItsOwnProcess() throws {
    let app = """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Analytics.self) { _ in Console() }
        container.register(FeedbackRepository.self) { _ in RemoteFeedback() }
      }
      """
    let core = """
      import Swinject

      extension Container {
        func registerCore() {
          register(Clock.self) { _ in SystemClock() }
          // A library's resolve runs in the app that links it, which registers 'Analytics'.
          let analytics = resolve(Analytics.self)!
        }
      }
      """
    let share = MarkedText(
      """
      import Swinject

      let container = Container()
      func start() {
        container.registerCore()
        let clock = container.resolve(Clock.self)!
        let analytics = container.1️⃣resolve(Analytics.self)!
      }
      """)
    let files = ["Services.swift": Self.services, "App.swift": app, "Core.swift": core, "Share.swift": share.text]
    let graph = try analyze(
      files,
      targets: Self.map([
        "Services.swift": ["Core"], "App.swift": ["App"], "Core.swift": ["Core"], "Share.swift": ["Share"],
      ]))
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(share.position("1️⃣")) in target 'Share': missing dependency: nothing registers 'Analytics'"
      ])
    // The same file compiled into the app too: answered there, so no error (a file of both
    // is answered by either).
    let shared = try analyze(
      files,
      targets: Self.map([
        "Services.swift": ["Core"], "App.swift": ["App"], "Core.swift": ["Core"], "Share.swift": ["App", "Share"],
      ]))
    #expect(shared.diagnostics.isEmpty)
  }

  @Test func whatCannotBePlacedAnswersEverything() throws {
    let app = """
      import Swinject

      let feedback = container.resolve(FeedbackRepository.self)!
      """
    let elsewhere = """
      import Swinject

      func assemble(_ container: Container) {
        container.register(FeedbackRepository.self) { _ in RemoteFeedback() }
      }
      """
    let files = ["Services.swift": Self.services, "App.swift": app, "Elsewhere.swift": elsewhere]
    // A file no target compiles, as far as dpend knows.
    #expect(
      try analyze(files, targets: Self.map(["App.swift": ["App"], "Services.swift": ["Core"]])).diagnostics == [])
    // A library nothing read links: something dpend does not see links it.
    let unlinked = TargetMap(
      targets: Self.appTargets + [TargetMap.Target(name: "Kit", kind: .library)],
      targetsOfFile: ["App.swift": ["App"], "Services.swift": ["Core"], "Elsewhere.swift": ["Kit"]])
    #expect(try analyze(files, targets: unlinked).diagnostics == [])
    // A library linked only by another app dpend does see is not the app's.
    let other = TargetMap(
      targets: Self.appTargets + [
        TargetMap.Target(name: "Kit", kind: .library),
        TargetMap.Target(name: "Admin", kind: .application, dependencies: ["Kit"]),
      ],
      targetsOfFile: ["App.swift": ["App"], "Services.swift": ["Core"], "Elsewhere.swift": ["Kit"]])
    #expect(
      try analyze(files, targets: other).diagnostics.map(\.message) == [
        "in target 'App': missing dependency: nothing registers 'FeedbackRepository'"
      ])
    // ... unless the app links a product dpend does not see (a remote package's, or a
    // product named otherwise than its target): it may be any library.
    var unseen = other
    unseen.targets[0].dependencies.append("KitProduct")
    #expect(try analyze(files, targets: unseen).diagnostics == [])
  }
}
