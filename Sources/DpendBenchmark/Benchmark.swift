import ArgumentParser
import DpendAnalysis
import DpendHost
import DpendModel
import DpendProtocol
import DpendWorkspace
import Foundation
import SwiftParser

/// `dpend-benchmark`: prints the figures BENCHMARKS.md records.
///
/// Build it in release mode: `swift run -c release dpend-benchmark`.
@main
struct Benchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dpend-benchmark",
    abstract: "Measure dpend against SwiftSyntax's own parse time on synthetic and real code bases.")

  @Option(parsing: .upToNextOption, help: "Synthetic workspace sizes, in files of about 4 KB (0: none).")
  var sizes: [Int] = [100, 1000, 10000]

  @Option(
    parsing: .upToNextOption,
    help: """
      Synthetic workspaces measured at each of --sizes: thesis (dpend's own registrations, rows 'synthetic N'), \
      container (Dip and Swinject container code, rows 'container N'), small (files of about 300 bytes, one \
      class with 1–3 dependencies each, rows 'small files N'; try --sizes 5000).
      """)
  var synthetic: [SyntheticKind] = [.thesis]

  @Option(parsing: .upToNextOption, help: "Existing directories of Swift code to measure as well.")
  var directory: [String] = []

  @Flag(help: "Also measure swift-syntax 603.0.1 itself (SwiftPM's whole checkout in .build/checkouts).")
  var swiftSyntax = false

  @Option(help: "Implicit filter for --directory and --swift-syntax workspaces.")
  var filter = ".*"

  @Option(help: "Edits for the incremental latency (at least 200 gives a meaningful p95).")
  var edits = 200

  @Option(help: "Repetitions of the parse floor and the cold analysis; the median is reported.")
  var repetitions = 5

  @Option(help: "The dpend binary for the language-server figures. Default: next to this one.")
  var dpend: String?

  @Flag(help: "Only time building the graph from scratch from cached summaries (no parsing), per size.")
  var graphOnly = false

  @Flag(
    help: "Also print how long each stage of one more cold analysis takes, per workspace (with --graph-only: medians)."
  )
  var stages = false

  @Option(
    help: """
      Only measure each editor request's latency on an indexed workspace, this many times each, per --synthetic \
      kind and size and per --directory, measured in place (at a file's first resolve; try 200).
      """)
  var requests: Int?

  @Option(
    help: """
      Only measure the language server's edit → diagnostics latency for each kind of container edit (a cycle \
      made, a needed registration removed, a second registration, one edited in place, a missing resolve), this \
      many edits each, per --synthetic kind and size (try 200; the container workspace has the assemblies).
      """)
  var containerEdits: Int?

  @Option(help: "Only write the first --synthetic workspace at the first --sizes value into this directory, then stop.")
  var generate: String?

  func run() throws {
    if let generate {
      try (synthetic.first ?? .thesis).write(fileCount: sizes.first ?? 1000, to: URL(fileURLWithPath: generate))
      emit("wrote \(sizes.first ?? 1000) files to \(generate)")
      return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-benchmark-\(getpid())")
    if graphOnly {
      defer { try? FileManager.default.removeItem(at: scratch) }
      for kind in synthetic {
        for size in sizes {
          try measureGraph(
            kind: kind, size: size, root: scratch.appendingPathComponent("graph-\(kind.rowName)-\(size)"))
        }
      }
      return
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    if let containerEdits {
      emit("workspace | edit | median | p95  (the server's host, \(containerEdits) edits each, applied and undone)")
      for kind in synthetic {
        for size in sizes where size > 0 {
          let root = scratch.appendingPathComponent("edits-\(kind.rowName)-\(size)")
          try kind.write(fileCount: size, to: root)
          try measureContainerEdits(name: "\(kind.rowName) \(size)", root: root, count: containerEdits)
        }
      }
      return
    }
    if let requests {
      emit("request | median | p95 | max  (dpend lsp, one request at a time, \(requests) each)")
      for kind in synthetic {
        for size in sizes where size > 0 {
          let root = scratch.appendingPathComponent("requests-\(kind.rowName)-\(size)")
          try kind.write(fileCount: size, to: root)
          try measureRequests(name: "\(kind.rowName) \(size)", root: root, count: requests)
        }
      }
      // An existing directory is measured in place: the server keeps its caches there.
      for path in directory {
        try measureRequests(
          name: URL(fileURLWithPath: path).lastPathComponent, root: URL(fileURLWithPath: path), count: requests)
      }
      return
    }
    var workspaces: [(name: String, root: URL)] = []
    for kind in synthetic {
      for size in sizes where size > 0 {
        let root = scratch.appendingPathComponent("\(kind.rowName)-\(size)")
        try kind.write(fileCount: size, to: root)
        workspaces.append(("\(kind.rowName) \(size)", root))
      }
    }
    var real = directory
    if swiftSyntax { real.append(".build/checkouts/swift-syntax") }
    for path in real {
      // A copy with a .dpend.json, so nothing is written into the measured directory.
      let root = scratch.appendingPathComponent("real-\(workspaces.count)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: path, toPath: root.appendingPathComponent("Sources").path)
      try Data(#"{"implicitFilters": ["\#(filter)"]}"#.utf8).write(to: root.appendingPathComponent(".dpend.json"))
      workspaces.append((path, root))
    }
    let binary =
      dpend
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("dpend").path
    emit(
      "dpend benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, repetitions \(repetitions), edits \(edits)"
    )
    emit(
      "workspace | files | MB | parse floor, 1 core | parse, all cores | cold analyze | ratio | edit p50 | edit p95"
        + " | declaration edit p50 | declaration edit p95 | first diagnostics | server RSS (peak)"
        + " | warm analyze | ratio | warm, comment appended | ratio | first diagnostics, warm"
        + " | cold analyze peak RSS | warm, 1 declaration moved | ratio | warm, 1 declaration added | ratio"
        + " | warm, 1 provider added | ratio | warm, 1 dependency removed | ratio"
        + " | warm, 1 registration added | ratio | warm, 1 need of a registration added | ratio")
    emit("--- | " + Array(repeating: "--:", count: 30).joined(separator: " | "))
    var stageLines: [String] = []
    for workspace in workspaces {
      emit(try measure(name: workspace.name, root: workspace.root, binary: binary))
      if stages { stageLines.append(try stageTimes(name: workspace.name, root: workspace.root)) }
    }
    if !stageLines.isEmpty {
      emit("\nstages of one cold analysis (discovery, reading, parsing and collection on every core; then the graph)")
      for line in stageLines { emit(line) }
    }
  }

  /// Times building the graph of a synthetic workspace from scratch from cached summaries
  /// (`--graph-only`), with each stage's median.
  private func measureGraph(kind: SyntheticKind, size: Int, root: URL) throws {
    try kind.write(fileCount: size, to: root)
    let host = AnalysisHost()
    _ = try WorkspaceLoader.analyze(try WorkspaceSettings.load(root: root.path), host: host)
    let summaries = host.paths.compactMap { host.summary(of: $0) }
    let settings = host.settings
    var stageSeconds: [String: [Double]] = [:]
    var stageOrder: [String] = []
    let times = (0..<max(repetitions, 5)).map { _ in
      let builder = GraphBuilder(settings: settings)
      let seconds = Statistics.time {
        builder.set(summaries)
        _ = builder.graph()
      }
      for (stage, duration) in builder.stageTimes {
        if stageSeconds[stage] == nil { stageOrder.append(stage) }
        stageSeconds[stage, default: []].append(Format.seconds(duration))
      }
      return seconds
    }
    emit("graph of \(size) \(kind.graphNoun): \(Format.spread(times))")
    if stages {
      let parts = stageOrder.map { "\($0) \(Format.milliseconds(Statistics.median(stageSeconds[$0]!)))" }
      emit("  medians: " + parts.joined(separator: ", "))
    }
    try measureState(of: host, size: size, kind: kind)
  }

  /// Times writing the host's persisted state and making a host from it (what a warm run
  /// starts from), with the state's size.
  private func measureState(of host: AnalysisHost, size: Int, kind: SyntheticKind) throws {
    _ = host.graph()
    var pieces: BytePieces?
    let writes = (0..<max(repetitions, 5)).map { _ in Statistics.time { pieces = host.persistedState() } }
    guard let state = pieces?.joined else { return emit("state of \(size) \(kind.graphNoun): none") }
    var restored: AnalysisHost?
    let reads = try (0..<max(repetitions, 5)).map { _ in
      try Statistics.time {
        restored = try AnalysisHost(
          settings: host.settings, collection: host.collection, state: state[...],
          summary: { path, _ in host.storedSummary(of: path) })
      }
    }
    // As the command line's analysis: no tree drawn, no editor index.
    restored?.containerViews = []
    let graphs = (0..<max(repetitions, 5)).map { _ in Statistics.time { _ = restored?.graph() } }
    emit(
      "state of \(size) \(kind.graphNoun): \(Format.megabytes(state.count)), written in \(Format.spread(writes)), "
        + "read in \(Format.spread(reads)), first graph after it \(Format.spread(graphs))")
  }

  /// One more cold analysis of `root`, timed stage by stage.
  private func stageTimes(name: String, root: URL) throws -> String {
    let settings = try WorkspaceSettings.load(root: root.path)
    let host = AnalysisHost()
    var problems: [DpendModel.Diagnostic] = []
    let loading = try Statistics.time { problems = try WorkspaceLoader.load(settings, into: host).problems }
    let graphing = Statistics.time { _ = host.graph(extraDiagnostics: problems) }
    let parts = host.graphStageTimes.map { "\($0.stage) \(Format.milliseconds(Format.seconds($0.duration)))" }
    return "\(name): read, parse and collect \(Format.milliseconds(loading)) · graph \(Format.milliseconds(graphing)) ("
      + parts.joined(separator: ", ") + ")"
  }

  /// Each editor request's latency on the workspace at `root` (`--requests`), at the first
  /// resolve's key of the first file that has one.
  private func measureRequests(name: String, root: URL, count: Int) throws {
    let settings = try WorkspaceSettings.load(root: root.path)
    let files = SourceDiscovery(excludes: [], outputFile: nil).files(in: settings.inputs).files.sorted()
    guard
      let (file, key) = files.lazy.compactMap({ path -> (String, DpendProtocol.Position)? in
        guard let text = WorkspaceLoader.readText(path), let key = RequestLatencyProbe.keyPosition(in: text) else {
          return nil
        }
        return (path, key)
      }).first
    else { return emit("\(name): no resolve to ask about") }
    let binary =
      dpend
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("dpend").path
    emit("\(name) files, at \(URL(fileURLWithPath: file).lastPathComponent):\(key.line + 1)")
    let result = try RequestLatencyProbe(binary: binary, count: count).measure(
      root: root, file: URL(fileURLWithPath: file), key: key)
    for (method, seconds) in result {
      emit(
        "\(method) | \(Format.milliseconds(Statistics.percentile(seconds, 50))) | "
          + "\(Format.milliseconds(Statistics.percentile(seconds, 95))) | \(Format.milliseconds(seconds.max() ?? 0))")
    }
  }

  /// Writes a line at once (unbuffered), so rows appear as they are measured.
  func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private func measure(name: String, root: URL, binary: String) throws -> String {
    let settings = try WorkspaceSettings.load(root: root.path)
    let files = SourceDiscovery(excludes: [], outputFile: nil).files(in: settings.inputs).files
    let texts = files.map { (path: $0, text: WorkspaceLoader.readText($0) ?? "") }
    let megabytes = Double(texts.reduce(0) { $0 + $1.text.utf8.count }) / 1e6

    // The floor (SwiftSyntax parsing the same texts on one core, nothing else) and dpend
    // analyze (discovery, reading, parsing on every core, collection, graph, checks) are
    // measured in alternation, so a machine whose speed drifts affects both alike.
    var floor: [Double] = []
    var parallel: [Double] = []
    var cold: [Double] = []
    var coldPeak = 0
    let analyze = AnalyzeProcess(binary: binary, root: root.path)
    for _ in 0..<repetitions {
      floor.append(Statistics.time { for file in texts { _ = Parser.parse(source: file.text) } })
      parallel.append(
        Statistics.time {
          DispatchQueue.concurrentPerform(iterations: texts.count) { _ = Parser.parse(source: texts[$0].text) }
        })
      let run = try analyze.measure(["--no-cache"])
      cold.append(run.seconds)
      coldPeak = max(coldPeak, run.peakResidentBytes)
    }
    // The host the edit latencies are measured on, making what the server's makes.
    let host = AnalysisHost()
    host.containerViews = .editor
    _ = try WorkspaceLoader.analyze(settings, host: host)
    let warm = try warmTimes(analyze, texts: texts)
    let latencies = incrementalLatencies(host: host, texts: texts, edit: .parameter)
    let declarationLatencies = incrementalLatencies(host: host, texts: texts, edit: .conformance)
    // The first session starts cold (a summary cache left by an earlier run is removed; it
    // is only a cache) and saves its summaries in the workspace's `.build/dpend`: a second
    // one starts warm.
    try? FileManager.default.removeItem(
      at: root.appendingPathComponent(".build/dpend").appendingPathComponent(SummaryCache.fileName))
    let server = try LanguageServerProbe(binary: binary).measure(root: root)
    let warmServer = try LanguageServerProbe(binary: binary).measure(root: root)
    let floorMedian = Statistics.median(floor)
    return [
      name, "\(files.count)", String(format: "%.1f", megabytes),
      "\(Format.spread(floor)) · \(String(format: "%.1f", megabytes / floorMedian)) MB/s",
      String(format: "%.2f×", Statistics.median(parallel) / floorMedian),
      Format.spread(cold), String(format: "%.2f×", Statistics.median(cold) / floorMedian),
      Format.milliseconds(Statistics.percentile(latencies, 50)),
      Format.milliseconds(Statistics.percentile(latencies, 95)),
      Format.milliseconds(Statistics.percentile(declarationLatencies, 50)),
      Format.milliseconds(Statistics.percentile(declarationLatencies, 95)),
      Format.milliseconds(server.firstDiagnostics),
      "\(server.residentBytes >> 20) MB (\(server.peakResidentBytes >> 20) MB)",
      Format.spread(warm.unchanged), String(format: "%.2f×", Statistics.median(warm.unchanged) / floorMedian),
      Format.spread(warm.commented), String(format: "%.2f×", Statistics.median(warm.commented) / floorMedian),
      Format.milliseconds(warmServer.firstDiagnostics),
      "\(coldPeak >> 20) MB",
      Format.spread(warm.moved), String(format: "%.2f×", Statistics.median(warm.moved) / floorMedian),
      Format.spread(warm.added), String(format: "%.2f×", Statistics.median(warm.added) / floorMedian),
      Format.spread(warm.provider), String(format: "%.2f×", Statistics.median(warm.provider) / floorMedian),
      Format.spread(warm.rewired), String(format: "%.2f×", Statistics.median(warm.rewired) / floorMedian),
      warm.registration.isEmpty ? "–" : Format.spread(warm.registration),
      warm.registration.isEmpty ? "–" : String(format: "%.2f×", Statistics.median(warm.registration) / floorMedian),
      warm.need.isEmpty ? "–" : Format.spread(warm.need),
      warm.need.isEmpty ? "–" : String(format: "%.2f×", Statistics.median(warm.need) / floorMedian),
    ].joined(separator: " | ")
  }
}

/// The synthetic workspaces (`--synthetic`).
enum SyntheticKind: String, CaseIterable, ExpressibleByArgument {
  /// ``SyntheticWorkspace``: implicit factories and `DependencyConfiguration` classes.
  case thesis
  /// ``SyntheticContainerWorkspace``: Dip and Swinject registrations and resolves.
  case container
  /// ``SmallFilesWorkspace``: files of about 300 bytes, one class with 1–3 dependencies.
  case small

  /// The row's name before its size: `synthetic 1000`, `container 1000`.
  var rowName: String {
    switch self {
    case .thesis: return "synthetic"
    case .container: return "container"
    case .small: return "small files"
    }
  }

  /// What `--graph-only` counts: `graph of 1000 files`, `graph of 1000 container files`.
  var graphNoun: String {
    switch self {
    case .thesis: return "files"
    case .container: return "container files"
    case .small: return "small files"
    }
  }

  func write(fileCount: Int, to root: URL) throws {
    switch self {
    case .thesis: try SyntheticWorkspace(fileCount: fileCount).write(to: root)
    case .container: try SyntheticContainerWorkspace(fileCount: fileCount).write(to: root)
    case .small: try SmallFilesWorkspace(fileCount: fileCount).write(to: root)
    }
  }
}
