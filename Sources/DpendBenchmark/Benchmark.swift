import ArgumentParser
import DpendAnalysis
import DpendHost
import DpendModel
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
        + " | warm, 1 registration added | ratio")
    emit("--- | " + Array(repeating: "--:", count: 28).joined(separator: " | "))
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
  }

  /// One more cold analysis of `root`, timed stage by stage.
  private func stageTimes(name: String, root: URL) throws -> String {
    let settings = try WorkspaceSettings.load(root: root.path)
    let host = AnalysisHost()
    var problems: [Diagnostic] = []
    let loading = try Statistics.time { problems = try WorkspaceLoader.load(settings, into: host) }
    let graphing = Statistics.time { _ = host.graph(extraDiagnostics: problems) }
    let parts = host.graphStageTimes.map { "\($0.stage) \(Format.milliseconds(Format.seconds($0.duration)))" }
    return "\(name): read, parse and collect \(Format.milliseconds(loading)) · graph \(Format.milliseconds(graphing)) ("
      + parts.joined(separator: ", ") + ")"
  }

  /// Writes a line at once (unbuffered), so rows appear as they are measured.
  private func emit(_ line: String) {
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
    ].joined(separator: " | ")
  }

  /// `dpend analyze` as a new process does it over the caches a run before it saved: with
  /// nothing changed (the kept answer: every file read and hashed, no summary decoded, no
  /// graph built); with a comment appended to one file (that file parsed, its summary's
  /// content unchanged, so the kept answer again); with a line inserted at the top of one
  /// file (its declarations move, nothing else: the kept answer with its ranges moved);
  /// with a class the implicit filter does not select added to one file (another shape that
  /// does not reach the graph: the kept answer stands after the changed file's analysis is
  /// compared, see `UnchangedGraph`); with a class it selects added (a provider of a key
  /// nothing needs: the kept answer stands, see `UnchangedGraph.ProviderChange`); and with the
  /// last parameter of an initializer removed (a factory rewired: the kept answer stands when
  /// the check tells no diagnostic changes, the graph is built otherwise); and, in a
  /// workspace with a Swinject assembly, with a registration of a key nothing resolves
  /// added to the first one from the middle on (the kept answer stands with its counts
  /// changed, see `UnchangedGraph.ContainerChange`; none without an assembly). The edits
  /// alternate with restoring the file, so each run has exactly one changed file.
  private func warmTimes(_ analyze: AnalyzeProcess, texts: [(path: String, text: String)]) throws -> (
    unchanged: [Double], commented: [Double], moved: [Double], added: [Double], provider: [Double],
    rewired: [Double], registration: [Double]
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-benchmark-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = ["--cache-directory", directory.path]
    _ = try analyze.time(arguments)
    var unchanged: [Double] = []
    var commented: [Double] = []
    var moved: [Double] = []
    var added: [Double] = []
    var provider: [Double] = []
    var rewired: [Double] = []
    var registration: [Double] = []
    let edited = texts[texts.count / 2]
    let url = URL(fileURLWithPath: edited.path)
    defer { try? Data(edited.text.utf8).write(to: url) }
    // The first file from the middle on with an initializer that has parameters.
    let rewiredIndex = (0..<texts.count).lazy.map { (texts.count / 2 + $0) % texts.count }.first {
      Self.droppingLastParameter(texts[$0].text) != nil
    }
    let rewiredFile = rewiredIndex.map { texts[$0] }
    defer { if let rewiredFile { try? Data(rewiredFile.text.utf8).write(to: URL(fileURLWithPath: rewiredFile.path)) } }
    // The first file from the middle on with a Swinject assembly.
    let assembly = (0..<texts.count).lazy.map { texts[(texts.count / 2 + $0) % texts.count] }.first {
      Self.addingRegistration(to: $0.text) != nil
    }
    defer { if let assembly { try? Data(assembly.text.utf8).write(to: URL(fileURLWithPath: assembly.path)) } }
    for repetition in 0..<repetitions {
      unchanged.append(try analyze.time(arguments))
      let comment = repetition % 2 == 0 ? edited.text + "\n// edited\n" : edited.text
      try Data(comment.utf8).write(to: url)
      commented.append(try analyze.time(arguments))
      try Data(("\n" + edited.text).utf8).write(to: url)
      moved.append(try analyze.time(arguments))
      try Data((edited.text + "\nfinal class BenchmarkAdded\(repetition) {}\n").utf8).write(to: url)
      added.append(try analyze.time(arguments))
      try Data(edited.text.utf8).write(to: url)
      // Back to the kept state, so the next unchanged run reports the kept answer.
      _ = try analyze.time(arguments)
      try Data((edited.text + "\nfinal class BenchmarkProvider\(repetition)Impl {}\n").utf8).write(to: url)
      provider.append(try analyze.time(arguments))
      try Data(edited.text.utf8).write(to: url)
      _ = try analyze.time(arguments)
      if let rewiredFile, let dropped = Self.droppingLastParameter(rewiredFile.text) {
        let rewiredURL = URL(fileURLWithPath: rewiredFile.path)
        try Data(dropped.utf8).write(to: rewiredURL)
        rewired.append(try analyze.time(arguments))
        try Data(rewiredFile.text.utf8).write(to: rewiredURL)
        _ = try analyze.time(arguments)
      }
      if let assembly, let registered = Self.addingRegistration(to: assembly.text) {
        let assemblyURL = URL(fileURLWithPath: assembly.path)
        try Data(registered.utf8).write(to: assemblyURL)
        registration.append(try analyze.time(arguments))
        try Data(assembly.text.utf8).write(to: assemblyURL)
        _ = try analyze.time(arguments)
      }
    }
    return (unchanged, commented, moved, added, provider, rewired, registration)
  }

  /// `text` with a registration of a key nothing resolves (`BenchmarkProbe` named
  /// `"benchmark"`) at the top of its first Swinject assembly's `assemble(container:)`;
  /// `nil` when it has none.
  static func addingRegistration(to text: String) -> String? {
    let anchor = "func assemble(container: Container) {\n"
    guard let range = text.range(of: anchor) else { return nil }
    return String(text[..<range.upperBound])
      + "    container.register(BenchmarkProbe.self, name: \"benchmark\") { _ in BenchmarkProbeImpl() }\n"
      + String(text[range.upperBound...])
  }

  /// `text` with the last parameter of its first initializer that has parameters (on one
  /// line) removed: a dependency dropped, the file's declarations otherwise the same (the
  /// body may still use the parameter: dpend does not type-check). `nil` when it has none.
  /// The benchmark edits its own synthetic files this way.
  static func droppingLastParameter(_ text: String) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices {
      let line = lines[index]
      guard let open = line.range(of: "init("), let close = line[open.upperBound...].firstIndex(of: ")"),
        close > open.upperBound
      else { continue }
      let parameters = line[open.upperBound..<close]
      let kept = parameters.range(of: ", ", options: .backwards).map { parameters[..<$0.lowerBound] } ?? ""
      lines[index] = String(line[..<open.upperBound]) + kept + String(line[close...])
      return lines.joined(separator: "\n")
    }
    return nil
  }

  /// The edits the incremental latency is measured with.
  enum Edit {
    /// Adds or removes a defaulted initializer parameter: the file's factories change, its
    /// declarations (its interface to other files) do not.
    case parameter
    /// Adds or removes a conformance: the file's interface changes, so the symbol table is
    /// updated and the files that looked up a changed name are collected again.
    case conformance

    /// Where the insertion may go (just after the anchor), in order of preference, and what
    /// is inserted: a renamed struct stands in for a conformance in code without `Impl: `.
    var anchorsAndInsertions: [(anchor: String, insertion: String)] {
      switch self {
      case .parameter: return [("init(", "extra: Int = 0, ")]
      case .conformance: return [("Impl: ", "Marker, "), ("struct ", "Marker")]
      }
    }
  }

  /// Seconds from a one-file edit to a fresh graph (with its diagnostics), for `edits` edits
  /// that alternately insert and remove `edit`'s text in a file near the middle.
  private func incrementalLatencies(host: AnalysisHost, texts: [(path: String, text: String)], edit: Edit) -> [Double] {
    // The file nearest the middle that has an anchor.
    let middle = texts.count / 2
    let candidates = texts.indices.sorted { abs($0 - middle) < abs($1 - middle) }
    guard
      let (anchorText, insertion) = edit.anchorsAndInsertions.first(where: { choice in
        candidates.contains { texts[$0].text.contains(choice.anchor) }
      }),
      let index = candidates.first(where: { texts[$0].text.contains(anchorText) })
    else { return [] }
    let file = texts[index]
    host.open(path: file.path, text: file.text)
    _ = host.graph()
    guard let anchor = file.text.range(of: anchorText) else { return [] }
    let offset = file.text.utf8.distance(from: file.text.startIndex, to: anchor.upperBound)
    let edited = String(file.text[..<anchor.upperBound]) + insertion + String(file.text[anchor.upperBound...])
    defer {
      host.change(
        path: file.path, to: file.text,
        edits: [TextReplacement(offset: 0, length: host.openText(of: file.path)!.utf8.count, replacement: file.text)])
      host.close(path: file.path)
    }
    return (0..<edits).map { index in
      let adding = index % 2 == 0
      let next = adding ? edited : file.text
      let change = TextReplacement(
        offset: offset, length: adding ? 0 : insertion.utf8.count, replacement: adding ? insertion : "")
      return Statistics.time {
        host.change(path: file.path, to: next, edits: [change])
        _ = host.graph()
      }
    }
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
