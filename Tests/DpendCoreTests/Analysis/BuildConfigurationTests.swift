import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// dpend's own dialect honours `#if` the way container code does (SPEC 7.6): declarations
/// hold only in the configurations where their condition does.
@Suite struct BuildConfigurationTests {
  /// One camera per build: the simulator's and the device's are never both there, so they
  /// are not ambiguous.
  @Test func branchesOfOneIfAreNotAmbiguous() throws {
    let source = """
      protocol Camera {}
      #if targetEnvironment(simulator)
      final class FakeCameraImpl: Camera { init() {} }
      #else
      final class DeviceCameraImpl: Camera { init() {} }
      #endif
      final class ScannerImpl { init(camera: Camera) {} }

      """
    let graph = try analyze(["Camera.swift": source], filters: [".*Impl"])
    #expect(graph.diagnostics == [])
    // Everything stays in the graph (hover, navigation): both cameras are candidates.
    #expect(
      graph.localFactories.map(\.summaryLine).sorted() == [
        "Camera ← DeviceCameraImpl.init()", "Camera ← FakeCameraImpl.init()",
        "ScannerImpl ← ScannerImpl.init(camera:)",
      ])
  }

  @Test func aProviderMissingInOneConfigurationSaysWhich() throws {
    let source = MarkedText(
      """
      protocol Logger {}
      #if DEBUG
      final class ConsoleLoggerImpl: Logger {}
      #endif
      final class ReportImpl {
        init(logger: 1️⃣Logger) {}
      }
      #if os(macOS)
      extension ReportImpl {
        func window() -> Window { fatalError() }
      }
      #endif
      protocol Window {}

      """)
    let graph = try analyze(["Report.swift": source.text], filters: [".*Impl"])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(source.position("1️⃣")) in configuration 'os(macOS)': missing dependency: nothing provides 'Logger', needed by 'ReportImpl.init(logger:)'"
      ])
  }

  /// `#if`s around declarations no factory comes from (a debug-only helper type no filter
  /// selects) do not make the graph be checked per configuration: they cost nothing.
  @Test func onlyConditionalFactoriesAreCheckedPerConfiguration() throws {
    let source = """
      #if DEBUG
      final class DebugMenu { init() {} }
      #endif
      final class FeedImpl { init() {} }

      """
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"])))
    host.update([(path: "Feed.swift", text: source)])
    _ = host.graph()
    #expect(!host.graphStageTimes.map(\.stage).contains("configurations"))
    host.update([(path: "Feed.swift", text: source.replacing("DebugMenu", with: "DebugMenuImpl"))])
    _ = host.graph()
    #expect(host.graphStageTimes.map(\.stage).contains("configurations"))
  }
}
