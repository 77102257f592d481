import Foundation
import PackagePlugin

/// Runs `dpend generate` for a target during `swift build`: the target's Swift files, the
/// package's `.dpend.json` and the `.dpendmodule` files its `libraries` name are the
/// command's inputs and the generated container its only output, so SwiftPM reruns it only
/// when one of them changes, and compiles the output into the target. A dependency mistake
/// fails the build with dpend's diagnostics.
@main
struct DpendGeneratePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
    let package = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "DependencyContainer.swift")
    var inputs = sources
    let configuration = package.appending(path: ".dpend.json")
    if FileManager.default.fileExists(atPath: configuration.path) {
      inputs.append(configuration)
      inputs += Self.libraries(in: configuration)
    }
    return [
      .buildCommand(
        displayName: "dpend: generating the dependency container of \(target.name)",
        executable: try context.tool(named: "dpend").url,
        arguments: ["generate", "--workspace", package.path, "--output-file", output.path] + sources.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }

  /// The `.dpendmodule` files named in the `libraries` of `configuration` (paths relative to
  /// it) that exist. One that is missing or a file that cannot be read is left to `dpend`,
  /// which reports it and fails the build.
  static func libraries(in configuration: URL) -> [URL] {
    guard let data = try? Data(contentsOf: configuration),
      let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let paths = settings["libraries"] as? [String]
    else { return [] }
    let directory = configuration.deletingLastPathComponent()
    return paths.map { directory.appending(path: $0).standardizedFileURL }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
  }
}
