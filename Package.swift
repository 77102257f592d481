// swift-tools-version:6.0
import PackageDescription

/// dpend: finds dependency-injection mistakes in Swift sources and generates registrations.
///
/// Layers (see ARCHITECTURE.md), each target's dependencies being exactly what it imports
/// (`TargetImportsTests` checks it; executables and Swinject's checkout are built, not imported):
/// runtime (alone) | core: model ← collect (SwiftSyntax), analysis ← generate, host (collect +
/// analysis), ide (analysis + generate) | edges: workspace (host + generate) ← server (ide +
/// workspace + protocol) ← cli. Of the shipped targets only `DpendCollect` imports
/// SwiftSyntax (the benchmark and tests parse too); `DpendProtocol` imports nothing of dpend.
let package = Package(
  name: "dpend",
  products: [
    .executable(name: "dpend", targets: ["dpend"]),
    .library(name: "DpendRuntime", targets: ["DpendRuntime"]),
    .library(
      name: "DpendCore",
      targets: ["DpendModel", "DpendCollect", "DpendAnalysis", "DpendGenerate", "DpendHost", "DpendIDE"]),
    // `plugins: [.plugin(name: "DpendGeneratePlugin", package: "dpend")]` in a target.
    .plugin(name: "DpendGeneratePlugin", targets: ["DpendGeneratePlugin"]),
    // `swift package dpend-analyze`.
    .plugin(name: "DpendAnalyzePlugin", targets: ["DpendAnalyzePlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // XcodeGen's `project.yml` is YAML: read through a maintained parser.
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // Tests only: generated Swinject registrations are compiled against it.
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
  ],
  targets: [
    // What users import in their apps. No dependencies at all.
    .target(name: "DpendRuntime"),

    // Core: plain data shared by every layer (keys, summaries, diagnostics, config).
    .target(name: "DpendModel"),
    // Core: one file in, one summary out. The only shipped layer that sees SwiftSyntax.
    .target(
      name: "DpendCollect",
      dependencies: [
        "DpendModel",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // Core: graph from summaries, checks returning diagnostics.
    .target(name: "DpendAnalysis", dependencies: ["DpendModel"]),
    // Core: text out (Swift registrations, .dpendmodule JSON, reports). Never writes files.
    .target(name: "DpendGenerate", dependencies: ["DpendModel", "DpendAnalysis"]),
    // Core: caches summaries per file, applies changes, answers queries. No I/O.
    .target(name: "DpendHost", dependencies: ["DpendModel", "DpendCollect", "DpendAnalysis"]),
    // Core: the editor features (hover, go to provider, consumers, quick fixes, generation)
    // computed from a graph in offsets and ranges. No LSP, no I/O.
    .target(name: "DpendIDE", dependencies: ["DpendModel", "DpendAnalysis", "DpendGenerate"]),

    // Edge: the workspace on disk (config, discovery, reading, atomic writes), shared by
    // the CLI and the server.
    .target(
      name: "DpendWorkspace",
      dependencies: [
        "DpendModel", "DpendAnalysis", "DpendHost", "DpendGenerate", .product(name: "Yams", package: "Yams"),
      ]),
    // Protocol: JSON-RPC 2.0 framing and LSP 3.17 message types. Knows nothing of the core.
    .target(name: "DpendProtocol", dependencies: ["DpendModel"]),
    // Server: the language server (dispatch, documents, publishing, conversions).
    .target(
      name: "DpendServer",
      dependencies: ["DpendProtocol", "DpendModel", "DpendGenerate", "DpendIDE", "DpendWorkspace"]),
    // The command line.
    .executableTarget(
      name: "dpend",
      dependencies: [
        "DpendModel", "DpendAnalysis", "DpendGenerate", "DpendWorkspace", "DpendServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // SwiftPM plugins: `dpend generate` during `swift build`, and `swift package dpend-analyze`.
    .plugin(
      name: "DpendGeneratePlugin", capability: .buildTool(), dependencies: ["dpend"],
      path: "Plugins/DpendGeneratePlugin"),
    .plugin(
      name: "DpendAnalyzePlugin",
      capability: .command(
        intent: .custom(
          verb: "dpend-analyze", description: "Report missing dependencies, dependency cycles and other problems")),
      dependencies: ["dpend"], path: "Plugins/DpendAnalyzePlugin"),

    // `swift run -c release dpend-benchmark`: figures for BENCHMARKS.md.
    .executableTarget(
      name: "dpend-benchmark",
      dependencies: [
        "DpendModel", "DpendAnalysis", "DpendHost", "DpendWorkspace", "DpendProtocol",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/DpendBenchmark"),

    // The helpers every test target shares: marked sources, temporary workspaces, the built
    // binaries, a process runner, a seeded generator and a typed LSP test client.
    .target(name: "DpendTestSupport", dependencies: ["DpendModel", "DpendProtocol"], path: "Tests/DpendTestSupport"),
    .testTarget(name: "DpendRuntimeTests", dependencies: ["DpendRuntime"]),
    .testTarget(
      name: "DpendCoreTests",
      dependencies: [
        "DpendModel", "DpendCollect", "DpendAnalysis", "DpendGenerate", "DpendHost",
        "DpendWorkspace", "DpendProtocol", "DpendTestSupport",
        .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
    // The IDE features in process, on marked sources; fixed sources are parsed again.
    .testTarget(
      name: "DpendIDETests",
      dependencies: [
        "DpendIDE", "DpendCollect", "DpendAnalysis", "DpendGenerate", "DpendHost", "DpendModel", "DpendTestSupport",
        .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
    .testTarget(name: "DpendProtocolTests", dependencies: ["DpendModel", "DpendProtocol", "DpendTestSupport"]),
    // Drives the real `dpend lsp` process over pipes.
    .testTarget(name: "DpendServerTests", dependencies: ["dpend", "DpendModel", "DpendProtocol", "DpendTestSupport"]),
    // Real editors (headless Neovim 0.7 and 0.11, pytest-lsp, the VS Code extension's smoke test).
    .testTarget(name: "DpendEditorTests", dependencies: ["dpend", "DpendTestSupport"]),
    // Also compiles generated containers with swiftc (the Swinject checkout is its source)
    // and runs dpend-benchmark on small workspaces (analysing them in process too).
    .testTarget(
      name: "DpendCLITests",
      dependencies: [
        "dpend", "dpend-benchmark", "DpendTestSupport", "DpendModel", "DpendAnalysis", "DpendWorkspace",
        "DpendCollect", "DpendIDE", .product(name: "Swinject", package: "Swinject"),
      ],
      exclude: ["Goldens"]),
  ]
)
