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

  /// A platform condition is analysed for the platforms the file's targets build for: no
  /// tvOS arm for a file only the iOS app compiles, and the `#else` of `#if os(iOS)` is the
  /// other platforms its targets build for.
  @Test func platformArmsAreThoseTheFilesTargetsBuildFor() throws {
    let services = """
      protocol HapticsEngine {}
      protocol Remote {}
      final class Taptic: HapticsEngine {}
      final class SiriRemote: Remote {}

      """
    let phone = """
      import Swinject

      func assemblePhone(_ container: Container) {
        #if os(iOS)
        container.register(HapticsEngine.self) { _ in Taptic() }
        #endif
        _ = container.resolve(HapticsEngine.self)!
      }
      """
    let television = """
      import Swinject

      func assembleTV(_ container: Container) {
        #if os(tvOS)
        container.register(Remote.self) { _ in SiriRemote() }
        #endif
        _ = container.resolve(Remote.self)!
      }
      """
    let shared = MarkedText(
      """
      import Swinject

      func feedback(_ container: Container) { _ = container.1️⃣resolve(HapticsEngine.self)! }
      """)
    let targets = [
      TargetMap.Target(name: "Phone", kind: .application, platforms: ["iOS"]),
      TargetMap.Target(name: "TV", kind: .application, platforms: ["tvOS"]),
    ]
    let files = ["Services.swift": services, "Phone.swift": phone, "TV.swift": television]
    let map = TargetMap(
      targets: targets,
      targetsOfFile: ["Services.swift": ["Phone", "TV"], "Phone.swift": ["Phone"], "TV.swift": ["TV"]])
    let graph = try analyze(files, targets: map)
    #expect(graph.container.configurations == [["os(iOS)"], ["os(tvOS)"]])
    #expect(graph.diagnostics.isEmpty)
    // Without the targets, each file's unconditional resolve is checked on the other platform.
    #expect(
      try analyze(files).diagnostics.map(\.message) == [
        "in configuration 'os(tvOS)': missing dependency: nothing registers 'HapticsEngine'",
        "in configuration 'os(iOS)': missing dependency: nothing registers 'Remote'",
      ])
    // A file both apps compile resolves it on tvOS too: true there.
    var both = map
    both.targetsOfFile["Shared.swift"] = ["Phone", "TV"]
    let sharedGraph = try analyze(files.merging(["Shared.swift": shared.text]) { $1 }, targets: both)
    #expect(
      sharedGraph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(shared.position("1️⃣")) in targets 'Phone' and 'TV': in configuration 'os(tvOS)': missing dependency: nothing registers 'HapticsEngine'"
      ])
    // One target building for iOS and macOS: `#if os(iOS)`'s other arm is macOS.
    let universal = TargetMap(
      targets: [
        TargetMap.Target(name: "Phone", kind: .application, platforms: ["iOS", "macOS"]),
        TargetMap.Target(name: "PhoneTests", kind: .tests, dependencies: ["Phone"], platforms: ["iOS", "macOS"]),
      ],
      targetsOfFile: ["Services.swift": ["Phone"], "Phone.swift": ["Phone"], "Tests.swift": ["PhoneTests"]])
    let mac = try analyze(
      [
        "Services.swift": services, "Phone.swift": phone,
        "Tests.swift":
          "import Swinject\nlet c = Container()\nfunc t() { c.register(Remote.self) { _ in SiriRemote() } }\nfunc testIt() { t() }",
      ],
      targets: universal)
    #expect(mac.container.configurations == [["os(iOS)"], ["os(macOS)"]])
    #expect(
      mac.diagnostics.map(\.message) == [
        "in target 'Phone': in configuration 'os(macOS)': missing dependency: nothing registers 'HapticsEngine'"
      ])
  }

  /// A condition only an App Clip's build configurations set is never set in a file only the
  /// app compiles, and always set in the clip's own files (SPEC 10): a need missing in every
  /// configuration its file is compiled in names no configuration.
  @Test func aTargetsCompilationConditionsDecideTheConfigurationsOfItsFiles() throws {
    let injection = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { SystemClock() as Clock }
          #if !APPCLIP
          register { RemoteFeedback() as FeedbackRepository }
          #endif
        }
      }

      """
    let app = "import Resolver\n\nfinal class Home { @Injected var feedback: FeedbackRepository }\n"
    let clip = MarkedText(
      """
      import Resolver

      final class ClipHome {
        @Injected var clock: Clock
        @Injected var feedback: 1️⃣FeedbackRepository
      }
      """)
    let shared = MarkedText("import Resolver\n\nfinal class Settings { @Injected var feedback: 2️⃣FeedbackRepository }\n")
    let targets = TargetMap(
      targets: [
        TargetMap.Target(name: "App", kind: .application, conditions: [[], ["DEBUG"]]),
        TargetMap.Target(name: "Clip", kind: .application, conditions: [["APPCLIP"], ["APPCLIP", "DEBUG"]]),
      ],
      targetsOfFile: [
        "Services.swift": ["App", "Clip"], "Injection.swift": ["App", "Clip"], "Home.swift": ["App"],
        "ClipHome.swift": ["Clip"], "Settings.swift": ["App", "Clip"],
      ])
    let graph = try analyze(
      [
        "Services.swift": Self.services, "Injection.swift": injection, "Home.swift": app, "ClipHome.swift": clip.text,
        "Settings.swift": shared.text,
      ],
      targets: targets)
    // A file both compile is missing it only where `APPCLIP` is set: that configuration is named.
    #expect(
      graph.diagnostics.map { "\($0.range.file) \($0.range.start) \($0.message)" } == [
        "ClipHome.swift \(clip.position("1️⃣")) in target 'Clip': missing dependency: nothing registers 'FeedbackRepository'",
        "Settings.swift \(shared.position("2️⃣")) in targets 'App' and 'Clip': in configuration 'APPCLIP': missing dependency: nothing registers 'FeedbackRepository'",
      ])
  }
}
