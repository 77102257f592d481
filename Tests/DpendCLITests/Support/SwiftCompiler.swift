import DpendTestSupport
import Foundation

/// Compiles and runs Swift programs with `swiftc`, linking the modules generated code
/// needs: `DpendRuntime` (from this repository's sources), `Swinject` (from SwiftPM's
/// checkout of Swinject 2.10.0), `Dip`, which is **not Dip** but our stand-in for it
/// (`Tests/DipStandIn`: Dip's API surface that generated code uses, with Dip's signatures),
/// and `Resolver`, which is **not Resolver** but our stand-in for it (`Tests/ResolverStandIn`:
/// Resolver's API surface that the quick fixes and their tests use, with Resolver's signatures).
/// Each module is compiled once per test run.
enum SwiftCompiler {
  /// A directory holding `libDpendRuntime.a`, `libSwinject.a`, `libDip.a` and `libResolver.a`
  /// (the stand-ins) and their modules.
  static let modules: Result<URL, CompilerError> = {
    do {
      let workspace = try TemporaryWorkspace(prefix: "dpend-modules")
      // A static is never released: the folder is removed when the test process ends.
      compiledModules = workspace
      atexit { compiledModules?.remove() }
      let directory = workspace.root
      let runtime = Repository.url("Sources/DpendRuntime")
      try compileLibrary("DpendRuntime", sources: try swiftFiles(in: runtime), into: directory)
      guard let swinject = swinjectSources() else {
        throw CompilerError(
          message:
            "no checkout of Swinject found above \(CommandLine.arguments[0]); run `swift build --build-tests` first")
      }
      try compileLibrary("Swinject", sources: try swiftFiles(in: swinject), into: directory)
      let dipStandIn = Repository.url("Tests/DipStandIn")
      try compileLibrary("Dip", sources: try swiftFiles(in: dipStandIn), into: directory)
      let resolverStandIn = Repository.url("Tests/ResolverStandIn")
      try compileLibrary("Resolver", sources: try swiftFiles(in: resolverStandIn), into: directory)
      return .success(directory)
    } catch let error as CompilerError {
      return .failure(error)
    } catch {
      return .failure(CompilerError(message: "\(error)"))
    }
  }()

  /// Compiles `sources` into an executable linked with the four modules; the compiler's
  /// messages are in ``DpendTestSupport/ProcessResult/output``.
  static func compileProgram(_ sources: [URL], to executable: URL) throws -> ProcessResult {
    let directory = try modules.get()
    return try ProcessRunner.run(
      program: "swiftc",
      ["-I", directory.path, "-L", directory.path, "-lDpendRuntime", "-lSwinject", "-lDip", "-lResolver"]
        + sources.map(\.path) + ["-o", executable.path], combiningOutput: true)
  }

  private static func compileLibrary(_ name: String, sources: [URL], into directory: URL) throws {
    let outcome = try ProcessRunner.run(
      program: "swiftc",
      [
        "-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", name,
        "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
        "-o", directory.appendingPathComponent("lib\(name).a").path,
      ] + sources.map(\.path), combiningOutput: true)
    guard outcome.status == 0 else {
      throw CompilerError(message: "compiling \(name) failed:\n\(outcome.output)")
    }
  }

  private static func swiftFiles(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
  }

  /// `checkouts/Swinject/Sources` of the build directory the tests run from.
  private static func swinjectSources() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("checkouts/Swinject/Sources")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    let fallback = Repository.url(".build/checkouts/Swinject/Sources")
    return FileManager.default.fileExists(atPath: fallback.path) ? fallback : nil
  }
}

/// Where ``SwiftCompiler/modules`` compiled the libraries, for removal at exit.
nonisolated(unsafe) private var compiledModules: TemporaryWorkspace?

/// Why compiling failed.
struct CompilerError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
