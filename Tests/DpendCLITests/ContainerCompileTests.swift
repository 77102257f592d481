import DpendTestSupport
import Foundation
import Testing

/// Generated containers compiled by `swiftc` with `DpendRuntime` (and Swinject) and run:
/// every scope must behave as its registration says, tags must reach the right consumer,
/// and a static container that no longer matches the sources must not compile. Dip itself
/// is not available on the build machines: Dip output is compiled and run against
/// `Tests/DipStandIn`, our stand-in for Dip's API (not Dip), and checked against golden files.
struct ContainerCompileTests {
  /// Each container kind, generated for the scope app, compiled and run; `resolve` is how
  /// that kind resolves a type named `$0`. Dip output is compiled against
  /// `Tests/DipStandIn`, a module named `Dip` that is **not Dip** (Dip is not available on
  /// the build machines): it declares, with Dip's signatures, only the part of Dip's API the
  /// generated code uses, and implements the scopes as Dip documents them. So the Dip case
  /// shows that the generated code type-checks against that API and that its registrations,
  /// tags and `bootstrap()` call do what the scope app expects; it cannot catch a difference
  /// between the stand-in and the real Dip.
  @Test(arguments: [
    (container: "static", resolve: "try container.resolve() as $0"),
    (container: "swinject", resolve: "container.resolve($0.self)!"),
    (container: "dip", resolve: "try container.resolve() as $0"),
  ])
  func containerHonoursEveryScope(container: String, resolve: String) throws {
    let workspace = try TemporaryWorkspace(["Sources/App.swift": ScopeApp.source])
    let generated = try workspace.run(
      "generate", "Sources", "--output-file", "Gen/Container.swift", "--container", container)
    #expect(generated.status == 0, "\(generated.stderr)")
    let main = ScopeApp.main { resolve.replacingOccurrences(of: "$0", with: $0) }
    let output = try ScopeApp.compileAndRun(in: workspace, main: main)
    #expect(output == ScopeApp.expectedOutput)
  }

  /// Eight threads resolve a singleton nothing has made yet, on a container nothing has
  /// touched yet, at once; its initializer sleeps, so without synchronisation several
  /// threads would make one. (Swinject's container is used through `synchronize()`.)
  @Test(arguments: ["static", "swinject"])
  func oneSingletonWhenFirstResolvedFromEightThreadsAtOnce(container: String) throws {
    let workspace = try TemporaryWorkspace([
      "Sources/App.swift": """
      import DpendRuntime
      import Foundation
      import Synchronization

      let made = Mutex(0)

      final class Slow {
        init() {
          made.withLock { $0 += 1 }
          Thread.sleep(forTimeInterval: 0.05)
        }
      }

      final class SlowConfiguration: DependencyConfiguration {
        init() {}
        func slow() -> DependencyRegistration<Slow> { DependencyRegistration(scope: .singleton) { Slow() } }
      }

      """
    ])
    let generated = try workspace.run(
      "generate", "Sources", "--output-file", "Gen/Container.swift", "--container", container)
    #expect(generated.status == 0, "\(generated.stderr)")
    let resolve =
      container == "static" ? "try! dependencyContainer.resolve() as Slow" : "dependencyContainer.resolve(Slow.self)!"
    let main = """
      import Foundation
      import Synchronization

      let instances = Mutex<[Slow]>([])
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for _ in 0..<8 {
        done.enter()
        Thread {
          start.wait()
          let slow = \(resolve)
          instances.withLock { $0.append(slow) }
          done.leave()
        }.start()
      }
      for _ in 0..<8 { start.signal() }
      done.wait()
      let distinct = Set(instances.withLock { $0.map(ObjectIdentifier.init) }).count
      print("resolved: \\(instances.withLock { $0.count }), made: \\(made.withLock { $0 }), distinct: \\(distinct)")

      """
    #expect(try ScopeApp.compileAndRun(in: workspace, main: main) == "resolved: 8, made: 1, distinct: 1\n")
  }

  /// The container kind set in `.dpend.json` is used without a flag.
  @Test func containerKindFromTheConfigurationFile() throws {
    let workspace = try TemporaryWorkspace([
      "Sources/App.swift": ScopeApp.source,
      ".dpend.json": #"{"container": "static", "outputFile": "Gen/Container.swift"}"#,
    ])
    let generated = try workspace.run("generate")
    #expect(generated.status == 0, "\(generated.stderr)")
    try expectGolden(try #require(workspace.read("Gen/Container.swift")), named: "scopes-static.swift.txt")
  }

  /// Every dependency of a static container is a direct call: when the sources change and
  /// the container is not generated again, the compiler reports the mismatch.
  @Test func aStaleStaticContainerDoesNotCompile() throws {
    let workspace = try TemporaryWorkspace(["Sources/App.swift": ScopeApp.source])
    _ = try workspace.run("generate", "Sources", "--output-file", "Gen/Container.swift", "--container", "static")
    let changed = ScopeApp.source.replacing(
      "func weakOne() -> DependencyRegistration<Weak>",
      with: "func weakOne(single: Single) -> DependencyRegistration<Weak>")
    try workspace.write("Sources/App.swift", changed)
    let main = ScopeApp.main { "try container.resolve() as \($0)" }
    let stale = try ScopeApp.compile(in: workspace, main: main)
    #expect(stale.status != 0)
    #expect(stale.output.contains("Container.swift"))
    #expect(stale.output.contains("error: missing argument for parameter 'single' in call"))
    // Generated again, it compiles and behaves.
    let regenerated = try workspace.run(
      "generate", "Sources", "--output-file", "Gen/Container.swift", "--container", "static")
    #expect(regenerated.status == 0, "\(regenerated.stderr)")
    #expect(try ScopeApp.compileAndRun(in: workspace, main: main) == ScopeApp.expectedOutput)
  }

  /// Implicit providers with nested names, a throwing initializer, an optional dependency
  /// nothing provides (`nil`) and one something does, a tag type nested in another type.
  @Test(arguments: ["dip", "static", "swinject"])
  func otherShapesOfFactoriesCompileAndRun(container: String) throws {
    let workspace = try TemporaryWorkspace([
      "Sources/App.swift": """
      import DpendRuntime

      enum Tags { enum Fast: DependencyTag {} }
      struct Failure: Error {}
      protocol Clock { var now: Int { get } }
      protocol Logger {}
      protocol Metrics {}
      enum Feature {
        final class ClockImpl: Clock {
          let now = 42
          init(shouldFail: Bool = false) throws { if shouldFail { throw Failure() } }
        }
      }
      final class MetricsImpl: Metrics {}
      final class ServiceImpl {
        let clock: Clock
        let logger: Logger?
        let metrics: Metrics?
        let speed: Int
        init(clock: Clock, logger: Logger?, metrics: Metrics?, speed: Tagged<Int, Tags.Fast>) {
          self.clock = clock
          self.logger = logger
          self.metrics = metrics
          self.speed = speed.dependency
        }
      }
      final class Speeds: DependencyConfiguration {
        func fast() -> DependencyRegistration<Int> { DependencyRegistration(tag: Tags.Fast.self) { 7 } }
      }

      """
    ])
    let generated = try workspace.run(
      "generate", "Sources", "--output-file", "Gen/Container.swift", "--container", container,
      "--implicit-filter", ".*Impl")
    #expect(generated.status == 0, "\(generated.stderr)")
    let resolve =
      container == "swinject" ? "container.resolve(ServiceImpl.self)!" : "try container.resolve() as ServiceImpl"
    let main = """
      let container = dependencyContainer
      let service = \(resolve)
      print(service.clock.now, service.logger == nil, service.metrics != nil, service.speed)

      """
    #expect(try ScopeApp.compileAndRun(in: workspace, main: main) == "42 true true 7\n")
  }

  @Test(arguments: ["dip", "static", "swinject"])
  func generatedCodeMatchesItsGoldenFile(container: String) throws {
    let workspace = try TemporaryWorkspace(["Sources/App.swift": ScopeApp.source])
    let generated = try workspace.run(
      "generate", "Sources", "--output-file", "Gen/Container.swift", "--container", container)
    #expect(generated.status == 0, "\(generated.stderr)")
    try expectGolden(try #require(workspace.read("Gen/Container.swift")), named: "scopes-\(container).swift.txt")
  }
}

/// An app registering one type per scope, a shared pair and two tagged greeters.
enum ScopeApp {
  static let source = """
    import DpendRuntime

    enum Primary: DependencyTag {}
    enum Secondary: DependencyTag {}

    /// How many instances of each type were made.
    nonisolated(unsafe) var made: [String: Int] = [:]

    final class Unique { init() { made["Unique", default: 0] += 1 } }
    final class Single { init() { made["Single", default: 0] += 1 } }
    final class Eager { init() { made["Eager", default: 0] += 1 } }
    final class Weak { init() { made["Weak", default: 0] += 1 } }
    final class Shared { init() { made["Shared", default: 0] += 1 } }

    final class Pair {
      let left: Shared
      let right: Shared
      init(left: Shared, right: Shared) {
        self.left = left
        self.right = right
      }
    }

    protocol Greeter { var name: String { get } }
    struct NamedGreeter: Greeter { let name: String }

    final class Consumer {
      let primary: Greeter
      let secondary: Greeter
      init(primary: Tagged<Greeter, Primary>, secondary: Tagged<Greeter, Secondary>) {
        self.primary = primary.dependency
        self.secondary = secondary.dependency
      }
    }

    final class Root {
      let pair: Pair
      let consumer: Consumer
      let single: Single
      let unique: Unique
      init(pair: Pair, consumer: Consumer, single: Single, unique: Unique) {
        self.pair = pair
        self.consumer = consumer
        self.single = single
        self.unique = unique
      }
    }

    final class AppConfiguration: DependencyConfiguration {
      init() {}
      func unique() -> DependencyRegistration<Unique> { DependencyRegistration(scope: .unique) { Unique() } }
      func single() -> DependencyRegistration<Single> { DependencyRegistration(scope: .singleton) { Single() } }
      func eager() -> DependencyRegistration<Eager> { DependencyRegistration(scope: .eagerSingleton) { Eager() } }
      func weakOne() -> DependencyRegistration<Weak> { DependencyRegistration(scope: .weakSingleton) { Weak() } }
      func shared() -> DependencyRegistration<Shared> { DependencyRegistration(scope: .shared) { Shared() } }
      func pair(left: Shared, right: Shared) -> DependencyRegistration<Pair> {
        DependencyRegistration { Pair(left: left, right: right) }
      }
      func primary() -> DependencyRegistration<Greeter> {
        DependencyRegistration(tag: Primary.self) { NamedGreeter(name: "primary") }
      }
      func secondary() -> DependencyRegistration<Greeter> {
        DependencyRegistration(tag: Secondary.self) { NamedGreeter(name: "secondary") }
      }
      func consumer(
        primary: Tagged<Greeter, Primary>, secondary: Tagged<Greeter, Secondary>
      ) -> DependencyRegistration<Consumer> {
        DependencyRegistration { Consumer(primary: primary, secondary: secondary) }
      }
      func root(pair: Pair, consumer: Consumer, single: Single, unique: Unique) -> DependencyRegistration<Root> {
        DependencyRegistration { Root(pair: pair, consumer: consumer, single: single, unique: unique) }
      }
    }

    """

  /// A `main.swift` checking each scope; `resolve` writes the expression resolving a type.
  static func main(_ resolve: (String) -> String) -> String {
    """
    print("eagerSingleton before the container: \\(made["Eager", default: 0])")
    let container = dependencyContainer
    print("eagerSingleton with the container: \\(made["Eager", default: 0])")
    let first = \(resolve("Root"))
    let second = \(resolve("Root"))
    print("singleton, one instance: \\(first.single === second.single)")
    print("unique, a new instance each time: \\(first.unique !== second.unique)")
    print("shared, one instance within a resolve: \\(first.pair.left === first.pair.right)")
    print("shared, a new instance in the next resolve: \\(first.pair.left !== second.pair.left)")
    do {
      let held = \(resolve("Weak"))
      let again = \(resolve("Weak"))
      print("weakSingleton, one instance while held: \\(held === again)")
    }
    let before = made["Weak", default: 0]
    let fresh = \(resolve("Weak"))
    print("weakSingleton, a new instance after release: \\(made["Weak", default: 0] == before + 1)")
    _ = fresh
    let eagerAgain = \(resolve("Eager"))
    _ = eagerAgain
    print("tags: \\(first.consumer.primary.name), \\(first.consumer.secondary.name)")
    print("made: \\(made.sorted { $0.key < $1.key }.map { "\\($0.key)=\\($0.value)" }.joined(separator: " "))")

    """
  }

  static let expectedOutput = """
    eagerSingleton before the container: 0
    eagerSingleton with the container: 1
    singleton, one instance: true
    unique, a new instance each time: true
    shared, one instance within a resolve: true
    shared, a new instance in the next resolve: true
    weakSingleton, one instance while held: true
    weakSingleton, a new instance after release: true
    tags: primary, secondary
    made: Eager=1 Shared=2 Single=1 Unique=2 Weak=2

    """

  static func compile(in workspace: TemporaryWorkspace, main: String) throws -> ProcessResult {
    try workspace.write("Program/main.swift", main)
    let sources = ["Sources/App.swift", "Gen/Container.swift", "Program/main.swift"].map {
      workspace.url($0)
    }
    return try SwiftCompiler.compileProgram(sources, to: workspace.url("app"))
  }

  /// Compiles the app, its generated container and `main`, runs it and returns its output.
  static func compileAndRun(in workspace: TemporaryWorkspace, main: String) throws -> String {
    let compiled = try compile(in: workspace, main: main)
    #expect(compiled.status == 0, "\(compiled.output)")
    #expect(compiled.output == "", "the generated code must compile without warnings")
    let run = try ProcessRunner.run(workspace.url("app"), [], combiningOutput: true)
    #expect(run.status == 0)
    return run.output
  }
}
