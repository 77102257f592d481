import Foundation
import PackagePlugin

/// `swift package dpend-analyze [--target <name>…] [dpend analyze options…]`: runs
/// `dpend analyze` on each Swift source target (every one that is not a test target, or the
/// named ones) and prints its diagnostics in the compiler's format. Fails when one has errors.
///
/// In Xcode (16 or later: this package needs Swift 6) the same command runs on the targets of an
/// Xcode project, through the `XcodeCommandPlugin` conformance at the end of this file.
@main
struct DpendAnalyzePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
    let sources = targets.compactMap { target -> (name: String, sources: [URL])? in
      guard let module = target.sourceModule, names.contains(target.name) || module.kind != .test else { return nil }
      return (target.name, module.sourceFiles(withSuffix: "swift").map(\.url))
    }
    try Self.analyze(
      sources, workspace: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
      dpend: try context.tool(named: "dpend").url, options: extractor.remainingArguments)
  }

  /// Runs `dpend analyze` once per target with Swift files, for SwiftPM and Xcode alike: the
  /// diagnostics go to standard output as `dpend` prints them, with `workspace` (the directory
  /// holding `.dpend.json`) and `options` passed on. Each target's sources are listed in a file
  /// in `workDirectory` (ten thousand paths as arguments would cost the argument parser
  /// seconds), where its summary cache is kept too (the one directory a sandboxed plugin may
  /// write). Throws when a target has errors, after naming them all.
  static func analyze(
    _ targets: [(name: String, sources: [URL])], workspace: URL, workDirectory: URL, dpend: URL, options: [String]
  ) throws {
    var failed: [String] = []
    for target in targets where !target.sources.isEmpty {
      print("dpend: analysing \(target.name)")
      let directory = workDirectory.appending(path: target.name)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let list = directory.appending(path: "sources.txt")
      try target.sources.map { $0.path + "\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = dpend
      process.arguments =
        [
          "analyze", "--workspace", workspace.path, "--inputs-file", list.path, "--cache-directory",
          directory.appending(path: "cache").path,
        ] + options
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { failed.append(target.name) }
    }
    if !failed.isEmpty {
      Diagnostics.error("dpend found errors in \(failed.joined(separator: ", "))")
      throw AnalysisFailed()
    }
  }
}

/// Makes `swift package` exit with a failure after the diagnostics were printed.
struct AnalysisFailed: Error, CustomStringConvertible {
  var description: String { "dpend found errors" }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // Xcode only. XcodeProjectPlugin exists only in Xcode, so on Linux this block is compiled
  // out: it is untested here (neither built nor run by this repository's tests or CI).
  //
  // The command run on an Xcode project (from the project's context menu in the Project
  // navigator): the same report per target, for the targets Xcode passes with `--target`
  // (their display names) or, with none, every target that is not a test bundle. The directory
  // holding the `.xcodeproj` is the workspace (where `.dpend.json` is looked for).
  extension DpendAnalyzePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let names = extractor.extractOption(named: "target")
      let sources = context.xcodeProject.targets.compactMap { target -> (name: String, sources: [URL])? in
        guard names.isEmpty ? !Self.isTestBundle(target) : names.contains(target.displayName) else { return nil }
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
        return (target.displayName, files.map(\.url))
      }
      try Self.analyze(
        sources, workspace: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
        dpend: try context.tool(named: "dpend").url, options: extractor.remainingArguments)
    }

    /// Whether `target` builds unit or UI tests, which are skipped unless named.
    static func isTestBundle(_ target: XcodeTarget) -> Bool {
      guard case .other(let type)? = target.product?.kind else { return false }
      return type == "com.apple.product-type.bundle.unit-test" || type == "com.apple.product-type.bundle.ui-testing"
    }
  }
#endif
