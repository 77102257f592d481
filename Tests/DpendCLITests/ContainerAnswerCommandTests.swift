import DpendTestSupport
import Foundation
import Testing

/// Warm runs on container code: an edit of a file with registrations and resolves, of the
/// container code or beside it, goes on from the host state and prints what a run without
/// any cache prints, its ranges where the edit moved them.
@Suite struct ContainerAnswerCommandTests {
  static let analyze = ["analyze", "--verbose"]

  /// The run's output, which must be the output of a run without cache.
  static func expectFresh(_ workspace: TemporaryWorkspace, _ comment: Comment) throws -> ProcessResult {
    let run = try workspace.run(analyze)
    let fresh = try workspace.run(analyze + ["--no-cache"])
    #expect(run.stdout == fresh.stdout, comment)
    #expect(run.status == fresh.status, comment)
    return run
  }

  /// A helper appended, lines and a method put above the registrations, a duplicate removed.
  @Test func anEditBesideTheContainerCodeMovesTheRanges() throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/Swinject"))
    defer { workspace.remove() }
    let assembly = try #require(workspace.read("AppAssembly.swift"))
    let first = try Self.expectFresh(workspace, "first")
    #expect(first.status == 1)
    #expect(first.stdout.hasPrefix("AppAssembly.swift:8:70: error: missing dependency: nothing registers 'ImageCache'"))

    // A helper class appended to the assembly's file: the same output.
    try workspace.write("AppAssembly.swift", assembly + "final class Helper {\n  func help() {}\n}\n")
    let appended = try Self.expectFresh(workspace, "appended")
    #expect(appended.stderr.contains(AnswerCacheCommandTests.updated), "\(appended.stderr)")
    #expect(appended.stdout == first.stdout)

    // Two lines above and a method in the assembly: every error and note in the file moves
    // two lines down (three for those below the method).
    let method = assembly.replacing(
      "  func assemble(container:", with: "  func name() -> String { \"app\" }\n  func assemble(container:")
    try workspace.write("AppAssembly.swift", "// The app's services.\n\n" + method)
    let moved = try Self.expectFresh(workspace, "moved")
    #expect(moved.stderr.contains(AnswerCacheCommandTests.updated), "\(moved.stderr)")
    #expect(
      moved.stdout.hasPrefix("AppAssembly.swift:11:70: error: missing dependency: nothing registers 'ImageCache'"))
    #expect(moved.stdout.contains("AppAssembly.swift:8:15: note: first registered here"))
    #expect(moved.stdout.contains("ProfileRouter.swift:12:26: error: 'DetailViewModel' is resolved with 0"))

    // The duplicate registration removed.
    let fixed = method.replacing(
      "    // Registered twice: only this one counts.\n    container.register(Session.self) { _ in URLSessionSession() }\n",
      with: "")
    #expect(fixed != method)
    try workspace.write("AppAssembly.swift", "// The app's services.\n\n" + fixed)
    let built = try Self.expectFresh(workspace, "built")
    #expect(built.stderr.contains(AnswerCacheCommandTests.updated), "\(built.stderr)")
    #expect(!built.stdout.contains("duplicate-registration"))
    #expect(built.stdout.contains("AppAssembly.swift:11:70: error: missing dependency"))
  }

  /// A registration moved from the app's container to a preview's, its key and factory as they
  /// were: which container it is on changed, so the graph is built and finds the app's resolve
  /// unanswered; the preview's variable then made to hold the app's container, nothing else
  /// changed: the graph is built again and finds it answered.
  @Test func aRegistrationMovedToAnotherContainerBuildsTheGraph() throws {
    let app = """
      import Swinject

      protocol Clock {}
      final class SystemClock: Clock {}
      let container = Container()
      let previewContainer = Container()
      func setUp() {
        container.register(Clock.self) { _ in SystemClock() }
      }
      let clock = container.resolve(Clock.self)!

      """
    let workspace = try TemporaryWorkspace(["App.swift": app])
    defer { workspace.remove() }
    let first = try Self.expectFresh(workspace, "first")
    #expect(first.status == 0)
    try workspace.write("App.swift", app.replacing("  container.register", with: "  previewContainer.register"))
    let moved = try Self.expectFresh(workspace, "moved")
    #expect(!moved.stderr.contains("answer cache:"), "\(moved.stderr)")
    #expect(
      moved.stdout == """
        App.swift:10:23: error: missing dependency: nothing registers 'Clock' [missing-dependency]
        App.swift:10:23: note: resolved here
        App.swift:8:20: note: registered here, but into 'previewContainer', which is not 'container' or a parent of it

        """)
    // The preview's container made the app's: only what a variable holds changed.
    try workspace.write(
      "App.swift",
      app.replacing("  container.register", with: "  previewContainer.register").replacing(
        "let previewContainer = Container()", with: "let previewContainer: Container = container"))
    let same = try Self.expectFresh(workspace, "same")
    #expect(!same.stderr.contains("answer cache:"), "\(same.stderr)")
    #expect(same.status == 0)
  }

  /// Assemblies applied only where dpend cannot see (a list built at run time) count as
  /// reached, and `--verbose` lists them; an assembly added, one applied, and the list taken
  /// away each build the graph, so the list is never stale.
  @Test func theAssembliesCountedAsReachedAreListedAfterEachEdit() throws {
    let assembly = { (name: String) in
      """
      import Swinject

      protocol \(name)Service {}
      final class \(name)ServiceImpl: \(name)Service {}
      final class \(name)Assembly: Assembly {
        func assemble(container: Container) {
          container.register(\(name)Service.self) { _ in \(name)ServiceImpl() }
        }
      }

      """
    }
    let app = "import Swinject\n\nlet assembler = Assembler(AssemblyCatalog.load(from: Bundle.main))\n"
    let workspace = try TemporaryWorkspace([
      "Storage.swift": assembly("Storage"), "Screens.swift": assembly("Screens"), "App.swift": app,
    ])
    defer { workspace.remove() }
    let note = { (file: String, name: String) in
      "\(file).swift:7:15: note: counted as reached: '\(name)Assembly.assemble(container:)' may be applied where dpend"
        + " cannot see it (nothing it reads makes any assembly: a list built at run time, an app elsewhere)"
        + " [assumed-reached]\n"
    }
    let first = try Self.expectFresh(workspace, "first")
    #expect(first.stdout == note("Screens", "Screens") + note("Storage", "Storage"))
    try workspace.write("Billing.swift", assembly("Billing"))
    let added = try Self.expectFresh(workspace, "added")
    #expect(added.stdout == note("Billing", "Billing") + note("Screens", "Screens") + note("Storage", "Storage"))
    // One applied where dpend sees it: the others are decided (not applied), nothing counted.
    try workspace.write("Setup.swift", "import Swinject\nlet setUp = Assembler([BillingAssembly()])\n")
    let applied = try Self.expectFresh(workspace, "applied")
    #expect(applied.stdout == "")
    try workspace.remove("Setup.swift")
    let removed = try Self.expectFresh(workspace, "removed")
    #expect(removed.stdout == added.stdout)
  }

  /// A registration nothing resolves, added then removed: each run goes on from the host
  /// state, its counts follow, and it prints what a run without a cache prints.
  @Test func aRegistrationNothingResolvesIsCountedFromTheHostState() throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/Swinject"))
    defer { workspace.remove() }
    let assembly = try #require(workspace.read("AppAssembly.swift"))
    let first = try Self.expectFresh(workspace, "first")
    let counts = "container code: 4 registrations read, 0 unread; 5 resolve sites checked, 0 unread"
    #expect(first.stderr.contains(counts), "\(first.stderr)")

    let line =
      "    container.register(Session.self, name: \"probe\") { r in Probe(session: r.resolve(Session.self)!) }\n"
    let added = assembly.replacing(
      "  func assemble(container: Container) {\n", with: "  func assemble(container: Container) {\n" + line)
    #expect(added != assembly)
    try workspace.write("AppAssembly.swift", added)
    let kept = try Self.expectFresh(workspace, "added")
    #expect(kept.stderr.contains(AnswerCacheCommandTests.updated), "\(kept.stderr)")
    #expect(
      kept.stderr.contains("container code: 5 registrations read, 0 unread; 6 resolve sites checked, 0 unread"),
      "\(kept.stderr)")
    // Every diagnostic in the assembly below the new line moved one line down.
    #expect(kept.stdout.hasPrefix("AppAssembly.swift:9:70: error: missing dependency: nothing registers 'ImageCache'"))

    try workspace.write("AppAssembly.swift", assembly)
    let removed = try Self.expectFresh(workspace, "removed")
    #expect(removed.stderr.contains(AnswerCacheCommandTests.updated), "\(removed.stderr)")
    #expect(removed.stderr.contains(counts), "\(removed.stderr)")
    #expect(removed.stdout == first.stdout)

    let needed = assembly.replacing(
      "  func assemble(container: Container) {\n",
      with: "  func assemble(container: Container) {\n    container.register(ImageCache.self) { _ in MemoryCache() }\n")
    try workspace.write("AppAssembly.swift", needed)
    let built = try Self.expectFresh(workspace, "needed")
    #expect(built.stderr.contains(AnswerCacheCommandTests.updated), "\(built.stderr)")
    #expect(!built.stdout.contains("nothing registers 'ImageCache'"))
  }

  /// A registration something resolves, edited in place (a need gained, its scope changed):
  /// each run goes on from the host state and prints what a run without a cache prints.
  @Test func aRegistrationEditedInPlaceIsCheckedFromTheHostState() throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/Swinject"))
    defer { workspace.remove() }
    let assembly = try #require(workspace.read("AppAssembly.swift"))
    let first = try Self.expectFresh(workspace, "first")
    // The assembly written as `text`, which an edit of `previous` made, and run.
    func run(_ text: String, editing previous: String, _ comment: Comment) throws -> ProcessResult {
      #expect(text != previous, comment)
      try workspace.write("AppAssembly.swift", text)
      return try Self.expectFresh(workspace, comment)
    }

    let gained = assembly.replacing(
      "cache: r.resolve(ImageCache.self)!)",
      with: "cache: r.resolve(ImageCache.self)!, clock: r.resolve(Session.self)!)")
    let kept = try run(gained, editing: assembly, "gained")
    #expect(kept.stderr.contains(AnswerCacheCommandTests.updated), "\(kept.stderr)")
    #expect(
      kept.stderr.contains("container code: 4 registrations read, 0 unread; 6 resolve sites checked, 0 unread"),
      "\(kept.stderr)")
    #expect(kept.stdout == first.stdout)

    let scoped = gained.replacing(
      "DetailViewModel(profiles: r.resolve(ProfileService.self)!, id: id)\n    }",
      with: "DetailViewModel(profiles: r.resolve(ProfileService.self)!, id: id)\n    }.inObjectScope(.container)")
    let scopedRun = try run(scoped, editing: gained, "scoped")
    #expect(scopedRun.stderr.contains(AnswerCacheCommandTests.updated), "\(scopedRun.stderr)")
    #expect(scopedRun.stdout == first.stdout)

    let cycle = scoped.replacing(
      "container.register(Session.self) { _ in URLSessionSession() }.inObjectScope(.container)",
      with:
        "container.register(Session.self) { r in URLSessionSession(profiles: r.resolve(ProfileService.self)!) }.inObjectScope(.container)"
    )
    let built = try run(cycle, editing: scoped, "cycle")
    #expect(built.stderr.contains(AnswerCacheCommandTests.updated), "\(built.stderr)")
    #expect(
      built.stdout.contains("error: dependency cycle: ProfileService -> Session -> ProfileService"), "\(built.stdout)")
  }
}
