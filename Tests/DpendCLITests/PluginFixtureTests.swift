import Foundation
import Testing

/// `Tests/PluginFixture`, a package using dpend's SwiftPM plugins, built and run with the
/// real `swift build` and `swift package`: the build-tool plugin generates the container
/// the app calls, reruns only when a source changes, and fails the build on a missing
/// dependency; the command plugin reports the same diagnostics.
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
    let run = try SwiftCompiler.run(fixture.build.appendingPathComponent("debug/Greeter").path, [])
    #expect(run.status == 0)
    #expect(run.output == "Good morning, plugin!\n")

    // Nothing changed: once the tool is built, the generate command is not run again.
    _ = try fixture.swift("build")
    let unchanged = try fixture.swift("build")
    #expect(unchanged.status == 0)
    #expect(!unchanged.output.contains("dpend: generating"), "\(unchanged.output)")

    let analyzed = try fixture.swift("package", "dpend-analyze")
    #expect(analyzed.status == 0, "\(analyzed.output)")
    #expect(analyzed.output.contains("dpend: analysing Greeter\n0 errors, 0 warnings\n"), "\(analyzed.output)")

    // A source changes and needs something nothing provides: the plugin runs and fails the build.
    let services = fixture.package.appendingPathComponent("Sources/Greeter/Services.swift")
    let original = try String(contentsOf: services, encoding: .utf8)
    let broken = original.replacing(
      "init(clock: Clock, punctuation: Tagged<String, Emphasis>) {",
      with: "init(clock: Clock, punctuation: Tagged<String, Emphasis>, logger: Logger) {")
    #expect(broken != original)
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
  }
}

/// A fresh copy of `Tests/PluginFixture` whose build directory survives between runs.
struct PluginFixture {
  let package: URL
  let build: URL

  init() throws {
    let base = repositoryRoot.appendingPathComponent(".build/plugin-fixture")
    package = base.appendingPathComponent("package")
    build = base.appendingPathComponent("build")
    let source = repositoryRoot.appendingPathComponent("Tests/PluginFixture")
    try? FileManager.default.removeItem(at: package)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: package)
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let absolute = text.replacing(#"path: "../..""#, with: "path: \(String(reflecting: repositoryRoot.path))")
    #expect(absolute != text)
    try absolute.write(to: manifest, atomically: true, encoding: .utf8)
  }

  /// `swift <arguments…>` on the copy, with its build directory.
  func swift(_ arguments: String...) throws -> SwiftCompiler.Outcome {
    let subcommand = arguments[0]
    return try SwiftCompiler.run(
      "swift",
      [subcommand, "--package-path", package.path, "--build-path", build.path] + arguments.dropFirst())
  }
}
