import Foundation
import PackagePlugin

/// Runs `dpend generate` for a target during `swift build`: the target's Swift files, the
/// package's `.dpend.json` and the `.dpendmodule` files its `libraries` name are the
/// command's inputs and the generated container its only output, so SwiftPM reruns it only
/// when one of them changes, and compiles the output into the target. A dependency mistake
/// fails the build with dpend's diagnostics.
///
/// In Xcode (16 or later: this package needs Swift 6) the same plugin also runs for the targets of
/// an Xcode project, through the `XcodeBuildToolPlugin` conformance at the end of this file.
@main
struct DpendGeneratePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    return Self.generateCommands(
      target: target.name,
      sources: module.sourceFiles(withSuffix: "swift").map(\.url),
      workspace: context.package.directoryURL,
      workDirectory: context.pluginWorkDirectoryURL,
      dpend: try context.tool(named: "dpend").url)
  }

  /// The `dpend generate` command of one target, for SwiftPM and Xcode alike: `sources` are the
  /// target's Swift files, `workspace` the directory holding `.dpend.json`, and the container is
  /// written to `DependencyContainer.swift` in `workDirectory`. None for a target without Swift
  /// files, which could not compile the container.
  static func generateCommands(target: String, sources: [URL], workspace: URL, workDirectory: URL, dpend: URL)
    -> [Command]
  {
    guard !sources.isEmpty else { return [] }
    let output = workDirectory.appending(path: "DependencyContainer.swift")
    // The sources as a list in a file: ten thousand paths as arguments would cost the
    // argument parser seconds on every build.
    let list = workDirectory.appending(path: "sources.txt")
    let listed = sources.map { $0.path + "\n" }.joined()
    if (try? String(contentsOf: list, encoding: .utf8)) != listed {
      try? FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
      try? listed.write(to: list, atomically: true, encoding: .utf8)
    }
    var inputs = sources
    let configuration = workspace.appending(path: ".dpend.json")
    if FileManager.default.fileExists(atPath: configuration.path) {
      inputs.append(configuration)
      inputs += libraries(in: configuration)
    }
    return [
      .buildCommand(
        displayName: "dpend: generating the dependency container of \(target)",
        executable: dpend,
        // The summary cache in the plugin's work directory: a build after a one-file edit
        // parses that file only.
        arguments: [
          "generate", "--workspace", workspace.path, "--output-file", output.path, "--cache-directory",
          workDirectory.appending(path: "cache").path, "--inputs-file", list.path,
        ],
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

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // Xcode only. XcodeProjectPlugin exists only in Xcode, so on Linux this block is compiled
  // out: it is untested here (neither built nor run by this repository's tests or CI).
  //
  // "Run Build Tool Plug-ins" in a target's Build Phases: the same command as for a package,
  // with the target's Swift source files as inputs and the directory holding the
  // `.xcodeproj` as the workspace (where `.dpend.json` is looked for).
  extension DpendGeneratePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      Self.generateCommands(
        target: target.displayName,
        sources: target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url),
        workspace: context.xcodeProject.directoryURL,
        workDirectory: context.pluginWorkDirectoryURL,
        dpend: try context.tool(named: "dpend").url)
    }
  }
#endif
