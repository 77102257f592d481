import DpendAnalysis
import DpendModel
import DpendTestSupport
import DpendWorkspace
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
    + " | warm analyze | ratio | warm, comment appended | ratio | first diagnostics, warm"
    + " | cold analyze peak RSS | warm, 1 declaration moved | ratio | warm, 1 declaration added | ratio"
    + " | warm, 1 provider added | ratio | warm, 1 dependency removed | ratio"
    + " | warm, 1 registration added | ratio | warm, 1 need of a registration added | ratio"

  /// The graph's stages, in the order they run and are printed.
  static let stages = [
    "interfaces", "symbol table", "file analyses", "containers", "key indexes", "provider selection",
    "selection tables", "missing dependencies and cycles", "diagnostics",
  ]

  /// `--synthetic small`: seeded files of about 300 bytes, one class with 1–3 dependencies on
  /// earlier files' protocols, a valid graph.
  @Test func theSmallFilesWorkspaceIsSeededValidAndSmall() throws {
    let first = try TemporaryWorkspace([:])
    let second = try TemporaryWorkspace([:])
    defer {
      first.remove()
      second.remove()
    }
    for workspace in [first, second] {
      let result = try ProcessRunner.run(
        Self.binary, ["--synthetic", "small", "--sizes", "60", "--generate", workspace.root.path])
      #expect(result.stdout == "wrote 60 files to \(workspace.root.path)\n")
    }
    let files = (0..<60).map { "Sources/Units\($0 % 50)/Unit\($0).swift" }
    let texts = files.map { first.read($0) ?? "" }
    #expect(texts == files.map { second.read($0) ?? "" })
    let sizes = texts.map(\.utf8.count)
    #expect(sizes.allSatisfy { (100...450).contains($0) }, "sizes: \(sizes)")
    #expect((200...350).contains(sizes.reduce(0, +) / sizes.count), "mean of \(sizes)")
    #expect(texts[0].contains("final class Unit0Impl: Unit0 {\n  init() {\n  }\n}"))
    #expect(texts.dropFirst().allSatisfy { $0.contains("init(dependency0: Unit") })
    let analysis = try runDpend(["analyze", "--workspace", ".", "--no-cache"], in: first.root)
    #expect(analysis.stdout == "")
    #expect(analysis.stderr == "0 errors, 0 warnings\n")
    #expect(analysis.status == 0)
  }

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

  /// The container workspace of 22 files: five whole features (Swinject 0, 2, 4; Dip 1, 3)
  /// and the protocols and implementations of a sixth, registered nowhere yet.
  @Test func theContainerWorkspaceIsSeededValidDipAndSwinjectCodeReadWhole() throws {
    let first = try TemporaryWorkspace([:])
    let second = try TemporaryWorkspace([:])
    for workspace in [first, second] {
      let result = try ProcessRunner.run(
        Self.binary, ["--synthetic", "container", "--sizes", "22", "--generate", workspace.root.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "wrote 22 files to \(workspace.root.path)\n")
    }
    let nouns = ["Account", "Catalog", "Cart", "Checkout", "Search", "Profile"]
    let files = (0..<22).map { index in
      let feature = index / 4
      let kind = [
        "Protocols", "Services", feature % 2 == 0 ? "Assembly" : "Registrations", "ViewController",
      ][index % 4]
      return "Sources/App\(feature)/\(nouns[feature])\(feature)\(kind).swift"
    }
    let found = try #require(FileManager.default.enumerator(atPath: first.root.path)).compactMap { $0 as? String }
    #expect(found.filter { $0.hasSuffix(".swift") }.sorted() == files.sorted())
    #expect(first.read(".dpend.json") == nil)
    let texts = files.map { first.read($0) ?? "" }
    #expect(texts == files.map { second.read($0) ?? "" })
    let sizes = texts.map(\.utf8.count)
    #expect(sizes.allSatisfy { (1_500...6_000).contains($0) }, "sizes: \(sizes)")
    #expect((3_000...4_000).contains(sizes.reduce(0, +) / sizes.count), "sizes: \(sizes)")
    // The shapes each container is written in.
    let shapes: [(file: Int, markers: [String])] = [
      (0, ["protocol Account0Repository: AnyObject", "struct Account0Record: Codable, Hashable"]),
      (1, ["final class Account0RepositoryImpl: Account0Repository", "init(client: Account0APIClient, store:"]),
      (
        10,
        [
          "import Swinject", "final class Cart2Assembly: Assembly", "func assemble(container: Container)",
          "container.register(Cart2Repository.self) { r in", "client: r.resolve(Cart2APIClient.self)!",
          "r.resolve(Cart2Store.self, name: \"disk\")!", ".inObjectScope(.container)", "#if DEBUG",
          "container.autoregister(Cart2Tracker.self, initializer: Cart2ConsoleTracker.init)",
          "r ~> Cart2APIClient.self", "{ (r, itemID: String) in", ".initCompleted { r, presenter in",
          "container.register(Cart2ViewController.self) { (r, itemID: String) in",
        ]
      ),
      (
        11,
        [
          "resolver.resolve(Cart2Presenter.self, argument: itemID)!",
          "resolver.resolve(Cart2Store.self, name: \"memory\")",
          "resolver.resolve(Cart2ViewController.self, argument: itemID)!",
          "static let assembly: Assembly = Cart2Assembly()",
        ]
      ),
      (
        14,
        [
          "import Dip",
          "container.register(.singleton) { Checkout3APIClientImpl(host: \"checkout3.example.com\") as Checkout3APIClient }",
          "container.register(.singleton, tag: \"disk\")",
          "Checkout3RepositoryImpl(client: try container.resolve(), store: try container.resolve(tag: \"disk\")) as Checkout3Repository",
          "(repository: Checkout3Repository, tracker: Checkout3Tracker) -> Checkout3Service in",
          "Checkout3RemoteTracker(client: $0) as Checkout3Tracker",
          "container.register(.unique) { try Checkout3ViewController(container: container) }",
        ]
      ),
      (
        15,
        [
          "presenter = try container.resolve()", "tracker = try? container.resolve() as Checkout3Tracker",
          "let repository: Checkout3Repository = try container.resolve()",
          "try container.resolve() as Checkout3ViewController",
          "static let setUp: (DependencyContainer) -> Void = Checkout3Registrations.configure",
        ]
      ),
    ]
    for (file, markers) in shapes {
      for marker in markers { #expect(texts[file].contains(marker), "\(files[file]) lacks \(marker)") }
    }

    // Read whole and valid: every registration and resolve read, no diagnostic, in both
    // configurations (no condition, DEBUG). A whole feature registers 11 keys (the tracker
    // twice, under `#if DEBUG` and `#else`); a Swinject one resolves 11 needs (one autowired,
    // one `initCompleted`), 7 in its screen and 1 in its coordinator, a Dip one 10 + 7 + 1.
    let graph = try WorkspaceLoader.analyze(WorkspaceSettings.load(root: first.root.path))
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 5 * 11)
    #expect(graph.container.resolvesChecked == 3 * 19 + 2 * 18)
    #expect(graph.container.registrationsUnread == 0 && graph.container.resolvesUnread == 0)
    #expect(graph.container.unread == [])
    #expect(graph.container.configurations == [[], ["DEBUG"]])
    let analysis = try runDpend(["analyze", "--workspace", "."], in: first.root)
    #expect(analysis.status == 0)
    #expect(
      analysis.stderr
        == "0 errors, 0 warnings\ncontainer code: 55 registrations read, 0 unread; 93 resolve sites checked, 0 unread; 2 configurations analysed (with no condition set; 'DEBUG')\n"
    )

    // Checked, not only read: a name misspelt at one resolve is a missing registration.
    let assembly = files[2]
    try first.write(assembly, texts[2].replacingOccurrences(of: "name: \"disk\")!", with: "name: \"disc\")!"))
    let broken = try WorkspaceLoader.analyze(WorkspaceSettings.load(root: first.root.path))
    #expect(broken.diagnostics.map(\.code) == [.missingDependency])
    #expect(
      broken.diagnostics.map(\.message) == [
        #"missing dependency: nothing registers 'Account0Store (name "disc")', needed by 'Account0Repository'"#
      ])
  }

  @Test func theReportHasEveryFigureOfEachWorkspaceAndTheStagesOfOneAnalysis() throws {
    let result = try ProcessRunner.run(
      Self.binary,
      ["--synthetic", "thesis", "container", "--sizes", "20", "--repetitions", "1", "--edits", "200", "--stages"],
      in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count == 10, "\(result.stdout)")
    #expect(
      lines[0] == "dpend benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, repetitions 1, edits 200")
    #expect(lines[1] == Self.header)
    #expect(lines[2] == "--- | " + Array(repeating: "--:", count: 30).joined(separator: " | "))
    // One row per workspace: the thesis one, then the Dip and Swinject one, with the same columns.
    for (row, name) in zip(lines[3...4], ["synthetic 20", "container 20"]) {
      let columns = row.components(separatedBy: " | ")
      try #require(columns.count == 31, "\(row)")
      #expect(Array(columns[0...2]) == [name, "20", "0.1"])
      try Self.expectFigures(columns)
      // A registration added, a registration's need added: only the container workspace
      // has an assembly to edit.
      if name == "synthetic 20" {
        #expect(Array(columns[27...30]) == ["–", "–", "–", "–"])
      } else {
        try Self.expectWarm(columns, time: 27, ratio: 28)
        try Self.expectWarm(columns, time: 29, ratio: 30)
      }
    }
    #expect(lines[5] == "")
    #expect(
      lines[6]
        == "stages of one cold analysis (discovery, reading, parsing and collection on every core; then the graph)")
    for (line, name) in zip(lines[7...8], ["synthetic 20", "container 20"]) {
      #expect(line.hasPrefix("\(name): read, parse and collect "), "\(line)")
      let stagePart = try #require(line.firstMatch(of: #/ · graph \d+(\.\d\d?)? ms \((.*)\)$/#)?.output.2)
      #expect(
        stagePart.components(separatedBy: ", ").map { $0.replacing(#/ \d+(\.\d\d?)? ms$/#, with: "") } == Self.stages)
    }
    #expect(lines[9] == "")
  }

  /// Each figure of a row (after its name, files and MB) has its format, and they agree with
  /// one another: the ratio is cold analyze ÷ floor (both medians, printed to 0.1 ms), each
  /// p50 is at most its p95, the peak RSS at least the RSS.
  static func expectFigures(_ columns: [String]) throws {
    let milliseconds = #/\d+(\.\d\d?)? ms/#
    #expect(
      columns[3].wholeMatch(of: #/\d+(\.\d\d?)? ms \(\d+(\.\d\d?)? ms–\d+(\.\d\d?)? ms\) · \d+\.\d MB\/s/#) != nil,
      "\(columns[3])")
    #expect(columns[4].wholeMatch(of: #/\d\.\d\d×/#) != nil, "\(columns[4])")
    #expect(
      columns[5].wholeMatch(of: #/\d+(\.\d\d?)? ms \(\d+(\.\d\d?)? ms–\d+(\.\d\d?)? ms\)/#) != nil, "\(columns[5])")
    #expect(columns[6].wholeMatch(of: #/\d\.\d\d×/#) != nil, "\(columns[6])")
    for column in columns[7...11] { #expect(column.wholeMatch(of: milliseconds) != nil, "\(column)") }
    #expect(columns[12].wholeMatch(of: #/\d+ MB \(\d+ MB\)/#) != nil, "\(columns[12])")
    let floor = try leadingNumber(columns[3])
    let cold = try leadingNumber(columns[5])
    // The ratio is of the unrounded times; each time is printed to within half a millisecond.
    #expect(
      abs(try leadingNumber(columns[6]) - cold / floor) <= 0.005 + 0.5 * (1 + cold / floor) / floor,
      "\(columns[5]) ÷ \(columns[3])")
    #expect(try leadingNumber(columns[7]) <= leadingNumber(columns[8]))
    #expect(try leadingNumber(columns[9]) <= leadingNumber(columns[10]))
    let memory = columns[12].matches(of: #/\d+/#).compactMap { Double($0.output) }
    #expect(memory.count == 2 && memory[0] >= 1 && memory[1] >= memory[0], "\(columns[12])")
    #expect(columns[17].wholeMatch(of: milliseconds) != nil, "\(columns[17])")
    #expect(columns[18].wholeMatch(of: #/\d+ MB/#) != nil, "\(columns[18])")
    #expect(try leadingNumber(columns[18]) >= 1)
    // Warm: over the caches, with nothing changed, a comment appended, a declaration moved,
    // a declaration added, a provider added, a dependency removed.
    for (time, ratio) in [(13, 14), (15, 16), (19, 20), (21, 22), (23, 24), (25, 26)] {
      try expectWarm(columns, time: time, ratio: ratio)
    }
  }

  /// A warm time (median and spread) at `time` and its ratio to the floor at `ratio`.
  static func expectWarm(_ columns: [String], time: Int, ratio: Int) throws {
    let floor = try leadingNumber(columns[3])
    #expect(
      columns[time].wholeMatch(of: #/\d+(\.\d\d?)? ms \(\d+(\.\d\d?)? ms–\d+(\.\d\d?)? ms\)/#) != nil,
      "\(columns[time])")
    #expect(columns[ratio].wholeMatch(of: #/\d+\.\d\d×/#) != nil, "\(columns[ratio])")
    let warm = try leadingNumber(columns[time])
    #expect(abs(try leadingNumber(columns[ratio]) - warm / floor) <= 0.005 + 0.5 * (1 + warm / floor) / floor)
  }

  /// The stages' medians, and the persisted state's size and times.
  @Test func graphOnlyPrintsTheMedianOfEveryStage() throws {
    let result = try ProcessRunner.run(
      Self.binary,
      ["--graph-only", "--stages", "--synthetic", "thesis", "container", "--sizes", "30", "--repetitions", "5"],
      in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 6, "\(result.stdout)")
    let time = #/\d+(\.\d\d?)? ms \(\d+(\.\d\d?)? ms–\d+(\.\d\d?)? ms\)/#
    for (index, what) in ["files", "container files"].enumerated() {
      let heading = lines[3 * index].wholeMatch(of: #/graph of 30 (.+): (.+)/#)
      #expect(heading?.output.1 == Substring(what), "\(lines[3 * index])")
      #expect(heading.map { $0.output.2.wholeMatch(of: time) != nil } == true, "\(lines[3 * index])")
      #expect(lines[3 * index + 1].hasPrefix("  medians: "))
      let stages = lines[3 * index + 1].dropFirst("  medians: ".count).components(separatedBy: ", ")
      #expect(stages.map { $0.replacing(#/ \d+(\.\d\d?)? ms$/#, with: "") } == Self.stages)
      let state = lines[3 * index + 2].wholeMatch(
        of: #/state of 30 (.+): \d+\.\d MB, written in (.+), read in (.+), first graph after it (.+)/#)
      #expect(state?.output.1 == Substring(what), "\(lines[3 * index + 2])")
      for part in [state?.output.2, state?.output.3, state?.output.4] {
        #expect(part.map { $0.wholeMatch(of: time) != nil } == true, "\(lines[3 * index + 2])")
      }
    }
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
    let columns = lines[3].components(separatedBy: " | ")
    try #require(columns.count == 31)
    // The examples include a Swinject assembly: a registration is added to it. It has no
    // validator to give a need.
    try Self.expectWarm(columns, time: 27, ratio: 28)
    #expect(Array(columns[29...30]) == ["–", "–"])
  }

  /// The number a figure starts with: `12.5` of `12.5 ms (…)`, `0.76` of `0.76×`.
  static func leadingNumber(_ figure: String) throws -> Double {
    try #require(figure.prefixMatch(of: #/\d+(\.\d+)?/#).flatMap { Double($0.output.0) }, "\(figure)")
  }
}
