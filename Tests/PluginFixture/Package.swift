// swift-tools-version:6.0
import PackageDescription

/// A package using dpend's build-tool plugin: `swift build` generates the container of
/// `Greeter` from its sources and the library description `Vendor/Clock.dpendmodule` (see
/// `.dpend.json`) and compiles it in. Built by
/// `PluginFixtureTests`; by hand: `swift build --package-path Tests/PluginFixture`.
let package = Package(
  name: "PluginFixture",
  dependencies: [.package(name: "dpend", path: "../..")],
  targets: [
    .executableTarget(
      name: "Greeter",
      dependencies: [.product(name: "DpendRuntime", package: "dpend")],
      plugins: [.plugin(name: "DpendGeneratePlugin", package: "dpend")])
  ]
)
