import DpendTestSupport
import Foundation
import Testing

/// `Tests/PluginFixture`, a package using dpend's SwiftPM plugins, built and run with the
/// real `swift build` and `swift package`: the build-tool plugin generates the container
/// the app calls, reruns only when a source, `.dpend.json` or the library it names changes,
/// and fails the build on a missing dependency; the command plugin reports the same
/// diagnostics.
///
/// The fixture is copied to `.build/plugin-fixture/package` (its dependency on this
/// repository made absolute) and built in `.build/plugin-fixture/build`, which stays
/// between runs: the first build compiles dpend for the plugin (about 90 s), later ones
/// take seconds.
struct PluginFixtureTests {
  @Test(.timeLimit(.minutes(20))) func buildToolAndCommandPluginsWorkInAPackage() throws {
    let fixture = try PluginFixture()
    let built = try fixture.swift("build")
    #expect(built.status == 0, "\(built.output)")
    let run = try ProcessRunner.run(fixture.build.appendingPathComponent("debug/Greeter"), [], combiningOutput: true)
    #expect(run.status == 0)
    #expect(run.output == "Good morning, plugin!\n")

    // Nothing changed. In the build after the one that first built `dpend-tool`, SwiftPM
    // links it once more (both its plugin-tools build and its main build link it), and the
    // generate command, whose input the tool is, runs again: then it must find the container
    // up to date, so nothing is compiled again. Later builds do not run it at all.
    let second = try fixture.swift("build")
    #expect(second.status == 0, "\(second.output)")
    if second.output.contains("dpend: generating") {
      #expect(second.output.contains("Linking dpend-tool"), "\(second.output)")
      #expect(second.output.contains("DependencyContainer.swift is up to date"), "\(second.output)")
    }
    #expect(!second.output.contains("Compiling Greeter"), "\(second.output)")
    #expect(!second.output.contains("Linking Greeter"), "\(second.output)")
    for _ in 0..<2 {
      let unchanged = try fixture.swift("build")
      #expect(unchanged.status == 0, "\(unchanged.output)")
      #expect(!unchanged.output.contains("dpend: generating"), "\(unchanged.output)")
      #expect(!unchanged.output.contains("Linking dpend-tool"), "\(unchanged.output)")
    }

    let work = fixture.build.appendingPathComponent("plugins/DpendAnalyzePlugin/outputs/Greeter")
    try? FileManager.default.removeItem(at: work)
    let analyzed = try fixture.swift("package", "dpend-analyze")
    #expect(analyzed.status == 0, "\(analyzed.output)")
    #expect(analyzed.output.contains("dpend: analysing Greeter\n0 errors, 0 warnings\n"), "\(analyzed.output)")
    // The target's sources are passed as a list, and the summary cache is kept, in the
    // plugin's work directory: nothing is written in the package.
    let sources = fixture.package.appendingPathComponent("Sources/Greeter")
    let listed = try String(contentsOf: work.appendingPathComponent("sources.txt"), encoding: .utf8)
    #expect(listed.split(separator: "\n").sorted() == ["\(sources.path)/Services.swift", "\(sources.path)/main.swift"])
    #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("cache/summaries.cache").path))
    #expect(!FileManager.default.fileExists(atPath: fixture.package.appendingPathComponent(".build").path))

    // A source changes and needs something nothing provides: the plugin runs and fails the build.
    let services = fixture.package.appendingPathComponent("Sources/Greeter/Services.swift")
    let original = try String(contentsOf: services, encoding: .utf8)
    let initializer = "init(clock: Clock, punctuation: Tagged<String, Emphasis>) {"
    try #require(original.contains(initializer), "Tests/PluginFixture's Services.swift no longer has \(initializer)")
    let broken = original.replacing(
      initializer, with: "init(clock: Clock, punctuation: Tagged<String, Emphasis>, logger: Logger) {")
    try (broken + "\nprotocol Logger {}\n").write(to: services, atomically: true, encoding: .utf8)
    let error =
      "\(services.path):19:69: error: missing dependency: nothing provides 'Logger', "
      + "needed by 'GreetingImpl.init(clock:punctuation:logger:)' [missing-dependency]"
    let failed = try fixture.swift("build")
    #expect(failed.status != 0)
    #expect(failed.output.contains("dpend: generating"))
    #expect(failed.output.contains(error), "\(failed.output)")
    let reported = try fixture.swift("package", "dpend-analyze")
    #expect(reported.status != 0)
    #expect(reported.output.contains(error), "\(reported.output)")
    #expect(reported.output.contains("error: dpend found errors in Greeter"), "\(reported.output)")

    // Fixed again: the build succeeds with a fresh container.
    try original.write(to: services, atomically: true, encoding: .utf8)
    let fixed = try fixture.swift("build")
    #expect(fixed.status == 0, "\(fixed.output)")
    #expect(fixed.output.contains("dpend: generating"))

    // `.dpend.json` changes (one more line break): the plugin runs, and leaves the container,
    // which is the same, untouched.
    let settings = fixture.package.appendingPathComponent(".dpend.json")
    try (try String(contentsOf: settings, encoding: .utf8) + "\n").write(
      to: settings, atomically: true, encoding: .utf8)
    let settingsChanged = try fixture.swift("build")
    #expect(settingsChanged.status == 0, "\(settingsChanged.output)")
    #expect(settingsChanged.output.contains("dpend: generating"), "\(settingsChanged.output)")
    #expect(!settingsChanged.output.contains("Compiling Greeter"), "\(settingsChanged.output)")

    // The library `.dpend.json` names changes: the plugin runs and the app gets its new clock.
    let library = fixture.package.appendingPathComponent("Vendor/Clock.dpendmodule")
    let originalLibrary = try String(contentsOf: library, encoding: .utf8)
    try #require(originalLibrary.contains(#""type": "MorningClock""#), "Tests/PluginFixture's library changed")
    let eveningLibrary = originalLibrary.replacing(#""type": "MorningClock""#, with: #""type": "EveningClock""#)
    try eveningLibrary.write(to: library, atomically: true, encoding: .utf8)
    let libraryChanged = try fixture.swift("build")
    #expect(libraryChanged.status == 0, "\(libraryChanged.output)")
    #expect(libraryChanged.output.contains("dpend: generating"), "\(libraryChanged.output)")
    let eveningRun = try ProcessRunner.run(
      fixture.build.appendingPathComponent("debug/Greeter"), [], combiningOutput: true)
    #expect(eveningRun.output == "Hello, plugin!\n")
    let settled = try fixture.swift("build")
    #expect(settled.status == 0)
    #expect(!settled.output.contains("dpend: generating"), "\(settled.output)")
  }
}

/// A fresh copy of `Tests/PluginFixture` whose build directory survives between runs.
struct PluginFixture {
  let package: URL
  let build: URL

  init() throws {
    let base = Repository.url(".build/plugin-fixture")
    package = base.appendingPathComponent("package")
    build = base.appendingPathComponent("build")
    let source = Repository.url("Tests/PluginFixture")
    try? FileManager.default.removeItem(at: package)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: package)
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try #require(text.contains(#"path: "../..""#), "Tests/PluginFixture/Package.swift no longer names dpend by path")
    let absolute = text.replacing(#"path: "../..""#, with: "path: \(String(reflecting: Repository.root.path))")
    try absolute.write(to: manifest, atomically: true, encoding: .utf8)
  }

  /// `swift <arguments…>` on the copy, with its build directory.
  func swift(_ arguments: String...) throws -> ProcessResult {
    let subcommand = arguments[0]
    return try ProcessRunner.run(
      program: "swift",
      [subcommand, "--package-path", package.path, "--build-path", build.path] + arguments.dropFirst(),
      combiningOutput: true)
  }
}
