import Foundation

/// Compiles and runs Swift programs with `swiftc`, linking the modules generated code
/// needs: `DpendRuntime` (from this repository's sources), `Swinject` (from SwiftPM's
/// checkout of Swinject 2.10.0) and `Dip`, which is **not Dip** but our stand-in for it
/// (`Tests/DipStandIn`: Dip's API surface that generated code uses, with Dip's signatures).
/// Each module is compiled once per test run.
enum SwiftCompiler {
  /// The result of compiling or running something.
  struct Outcome {
    var status: Int32
    var output: String
  }

  /// A directory holding `libDpendRuntime.a`, `libSwinject.a`, `libDip.a` (the stand-in) and their modules.
  static let modules: Result<URL, CompilerError> = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-modules-\(UUID().uuidString)")
    compiledModulesDirectory = directory
    // Removed when the test process ends.
    atexit { if let directory = compiledModulesDirectory { try? FileManager.default.removeItem(at: directory) } }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let runtime = repositoryRoot.appendingPathComponent("Sources/DpendRuntime")
      try compileLibrary("DpendRuntime", sources: try swiftFiles(in: runtime), into: directory)
      guard let swinject = swinjectSources() else {
        throw CompilerError(
          message:
            "no checkout of Swinject found above \(CommandLine.arguments[0]); run `swift build --build-tests` first")
      }
      try compileLibrary("Swinject", sources: try swiftFiles(in: swinject), into: directory)
      let dipStandIn = repositoryRoot.appendingPathComponent("Tests/DipStandIn")
      try compileLibrary("Dip", sources: try swiftFiles(in: dipStandIn), into: directory)
      return .success(directory)
    } catch let error as CompilerError {
      return .failure(error)
    } catch {
      return .failure(CompilerError(message: "\(error)"))
    }
  }()

  /// Compiles `sources` into an executable linked with the three modules.
  static func compileProgram(_ sources: [URL], to executable: URL) throws -> Outcome {
    let directory = try modules.get()
    return try run(
      "swiftc",
      ["-I", directory.path, "-L", directory.path, "-lDpendRuntime", "-lSwinject", "-lDip"] + sources.map(\.path)
        + ["-o", executable.path])
  }

  /// Runs a program and waits for it; standard output and error together.
  static func run(_ program: String, _ arguments: [String]) throws -> Outcome {
    let result = try DpendProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, combiningOutput: true)
    return Outcome(status: result.status, output: result.stdout)
  }

  private static func compileLibrary(_ name: String, sources: [URL], into directory: URL) throws {
    let outcome = try run(
      "swiftc",
      [
        "-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", name,
        "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
        "-o", directory.appendingPathComponent("lib\(name).a").path,
      ] + sources.map(\.path))
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
    let fallback = repositoryRoot.appendingPathComponent(".build/checkouts/Swinject/Sources")
    return FileManager.default.fileExists(atPath: fallback.path) ? fallback : nil
  }
}

/// Where ``SwiftCompiler/modules`` compiled the libraries, for removal at exit.
nonisolated(unsafe) private var compiledModulesDirectory: URL?

/// Why compiling failed.
struct CompilerError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
