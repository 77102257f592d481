import DpendTestSupport
import Foundation
import Testing

/// `dpend-benchmark` (built next to the test bundle, like `dpend`): the synthetic workspaces it
/// generates and the figures it prints. How fast anything is belongs to the benchmark itself;
/// these tests check what it measures and prints, on workspaces small enough for a debug build.
@Suite struct BenchmarkCommandTests {
  static let binary = BuiltProduct.url("dpend-benchmark")

  /// The columns of the report, in order.
  static let header =
    "workspace | files | MB | parse floor, 1 core | parse, all cores | cold analyze | ratio | edit p50 | edit p95"
    + " | declaration edit p50 | declaration edit p95 | first diagnostics | server RSS (peak)"

  /// The graph's stages, in the order they run and are printed.
  static let stages = [
    "interfaces", "symbol table", "file analyses", "key indexes", "provider selection", "selection tables",
    "missing dependencies and cycles", "diagnostics", "containers",
  ]

  @Test func generatedWorkspacesAreSeededFilesOfAboutFourKilobytesWithOneMissingDependency() throws {
    let first = try TemporaryWorkspace([:])
    let second = try TemporaryWorkspace([:])
    for workspace in [first, second] {
      let result = try ProcessRunner.run(Self.binary, ["--sizes", "40", "--generate", workspace.root.path])
      #expect(result.status == 0)
      #expect(result.stdout == "wrote 40 files to \(workspace.root.path)\n")
    }
    let files = (0..<40).map { "Sources/Feature\($0 % 20)/File\($0).swift" }
    let texts = files.map { first.read($0) ?? "" }
    #expect(texts == files.map { second.read($0) ?? "" })
    let sizes = texts.map(\.utf8.count)
    #expect(sizes.allSatisfy { (3_000...5_000).contains($0) }, "sizes: \(sizes)")
    #expect(first.read(".dpend.json") == #"{"implicitFilters": [".*Impl"]}"#)
    // Protocols, implementations, a configuration with a tag, nested and unrelated types.
    for marker in [
      "protocol Service6: AnyObject", "final class Service6Impl: Service6", "enum Tag3: DependencyTag {}",
      "final class Configuration3: DependencyConfiguration", "service: Tagged<Service6, Tag3>",
      "struct State: Equatable", "struct Formatter3", "enum Route3: String",
    ] {
      #expect(texts[3].contains(marker), "File3.swift lacks \(marker)")
    }

    // The deliberate missing dependency, at the end of the last file.
    let lastLines = try #require(texts.last).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = try #require(lastLines.firstIndex { $0.contains("init(missing:") }) + 1
    let missing = try #require(lastLines[line - 1].range(of: "MissingService"))
    let column = lastLines[line - 1][..<missing.lowerBound].utf8.count + 1
    let analysis = try runDpend(["analyze", "--workspace", "."], in: first.root)
    #expect(analysis.status == 1)
    #expect(
      analysis.stdout == """
        Sources/Feature19/File39.swift:\(line):\(column): error: missing dependency: nothing provides 'MissingService', needed by 'BrokenImpl.init(missing:)' [missing-dependency]
        Sources/Feature19/File39.swift:\(line):\(column): note: 'BrokenImpl.init(missing:)' needs 'MissingService'

        """)
    #expect(analysis.stderr == "1 error, 0 warnings\n")
  }

  @Test func theReportHasEveryFigureOfEachWorkspaceAndTheStagesOfOneAnalysis() throws {
    let result = try ProcessRunner.run(
      Self.binary, ["--sizes", "20", "--repetitions", "1", "--edits", "200", "--stages"], in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count == 8, "\(result.stdout)")
    #expect(
      lines[0] == "dpend benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, repetitions 1, edits 200")
    #expect(lines[1] == Self.header)
    #expect(lines[2] == "--- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --:")
    let columns = lines[3].components(separatedBy: " | ")
    try #require(columns.count == 13, "\(lines[3])")
    #expect(Array(columns[0...2]) == ["synthetic 20", "20", "0.1"])
    let milliseconds = #/\d+(\.\d)? ms/#
    #expect(
      columns[3].wholeMatch(of: #/\d+(\.\d)? ms \(\d+(\.\d)? ms–\d+(\.\d)? ms\) · \d+\.\d MB\/s/#) != nil,
      "\(columns[3])")
    #expect(columns[4].wholeMatch(of: #/\d\.\d\d×/#) != nil, "\(columns[4])")
    #expect(columns[5].wholeMatch(of: #/\d+(\.\d)? ms \(\d+(\.\d)? ms–\d+(\.\d)? ms\)/#) != nil, "\(columns[5])")
    #expect(columns[6].wholeMatch(of: #/\d\.\d\d×/#) != nil, "\(columns[6])")
    for column in columns[7...11] { #expect(column.wholeMatch(of: milliseconds) != nil, "\(column)") }
    #expect(columns[12].wholeMatch(of: #/\d+ MB \(\d+ MB\)/#) != nil, "\(columns[12])")
    // The figures agree with one another: the ratio is cold analyze ÷ floor (both medians,
    // printed to 0.1 ms), each p50 is at most its p95, the peak RSS at least the RSS.
    let floor = try Self.leadingNumber(columns[3])
    let cold = try Self.leadingNumber(columns[5])
    #expect(
      abs(try Self.leadingNumber(columns[6]) - cold / floor) <= 0.005 + 0.05 / floor, "\(columns[5]) ÷ \(columns[3])")
    #expect(try Self.leadingNumber(columns[7]) <= Self.leadingNumber(columns[8]))
    #expect(try Self.leadingNumber(columns[9]) <= Self.leadingNumber(columns[10]))
    let memory = columns[12].matches(of: #/\d+/#).compactMap { Double($0.output) }
    #expect(memory.count == 2 && memory[0] >= 1 && memory[1] >= memory[0], "\(columns[12])")
    #expect(lines[4] == "")
    #expect(
      lines[5]
        == "stages of one cold analysis (discovery, reading, parsing and collection on every core; then the graph)")
    #expect(lines[6].hasPrefix("synthetic 20: read, parse and collect "))
    let stagePart = try #require(lines[6].firstMatch(of: #/ · graph \d+(\.\d)? ms \((.*)\)$/#)?.output.2)
    #expect(stagePart.components(separatedBy: ", ").map { $0.replacing(#/ \d+(\.\d)? ms$/#, with: "") } == Self.stages)
    #expect(lines[7] == "")
  }

  @Test func graphOnlyPrintsTheMedianOfEveryStage() throws {
    let result = try ProcessRunner.run(
      Self.binary, ["--graph-only", "--stages", "--sizes", "30", "--repetitions", "5"], in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(result.stdout)")
    #expect(lines[0].wholeMatch(of: #/graph of 30 files: \d+(\.\d)? ms \(\d+(\.\d)? ms–\d+(\.\d)? ms\)/#) != nil)
    #expect(lines[1].hasPrefix("  medians: "))
    let stages = lines[1].dropFirst("  medians: ".count).components(separatedBy: ", ")
    #expect(stages.map { $0.replacing(#/ \d+(\.\d)? ms$/#, with: "") } == Self.stages)
  }

  @Test func anyDirectoryCanBeMeasured() throws {
    let result = try ProcessRunner.run(
      Self.binary, ["--sizes", "0", "--directory", "Tests/Example", "--repetitions", "1", "--edits", "200"],
      in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 4, "\(result.stdout)")
    let swiftFiles = try #require(
      FileManager.default.enumerator(atPath: Repository.url("Tests/Example").path)
    )
    .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(lines[3].hasPrefix("Tests/Example | \(swiftFiles.count) | 0.0 | "), "\(lines[3])")
    #expect(lines[3].components(separatedBy: " | ").count == 13)
  }

  /// The number a figure starts with: `12.5` of `12.5 ms (…)`, `0.76` of `0.76×`.
  static func leadingNumber(_ figure: String) throws -> Double {
    try #require(figure.prefixMatch(of: #/\d+(\.\d+)?/#).flatMap { Double($0.output.0) }, "\(figure)")
  }
}
