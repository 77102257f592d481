import Foundation
import PackagePlugin

/// Runs `dpend generate` for a target during `swift build`: the target's Swift files (and
/// the package's `.dpend.json`) are the command's inputs and the generated container its
/// only output, so SwiftPM reruns it only when one of them changes, and compiles the output
/// into the target. A dependency mistake fails the build with dpend's diagnostics.
@main
struct DpendGeneratePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
    let package = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "DependencyContainer.swift")
    var inputs = sources
    let configuration = package.appending(path: ".dpend.json")
    if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
    return [
      .buildCommand(
        displayName: "dpend: generating the dependency container of \(target.name)",
        executable: try context.tool(named: "dpend").url,
        arguments: ["generate", "--workspace", package.path, "--output-file", output.path] + sources.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
