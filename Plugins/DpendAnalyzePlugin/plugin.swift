import Foundation
import PackagePlugin

/// `swift package dpend-analyze [--target <name>…] [dpend analyze options…]`: runs
/// `dpend analyze` on each Swift source target (every one that is not a test target, or the
/// named ones) and prints its diagnostics in the compiler's format. Fails when one has errors.
@main
struct DpendAnalyzePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
    let dpend = try context.tool(named: "dpend").url
    var failed: [String] = []
    for target in targets {
      guard let module = target.sourceModule, names.contains(target.name) || module.kind != .test else { continue }
      let sources = module.sourceFiles(withSuffix: "swift").map(\.url.path)
      guard !sources.isEmpty else { continue }
      print("dpend: analysing \(target.name)")
      let process = Process()
      process.executableURL = dpend
      process.arguments =
        ["analyze", "--workspace", context.package.directoryURL.path] + sources + extractor.remainingArguments
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
