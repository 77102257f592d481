import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The benchmark's edits: the warm runs of `dpend analyze` after one file changed, and the
/// incremental latencies of the host the server builds with.
extension Benchmark {
  /// `dpend analyze` as a new process does it over the caches a run before it saved: with
  /// nothing changed (the kept answer: every file read and hashed, no summary decoded, no
  /// graph built); with a comment appended to one file (that file parsed, its summary's
  /// content unchanged, so the kept answer again); and, each updating the host state with
  /// that file, with a line inserted at the top of one file (its declarations move, nothing
  /// else), with a class the implicit filter does not select added to one file, with a class
  /// it selects added (a provider of a key nothing needs), with the last parameter of an initializer removed (a factory rewired), and, in a
  /// workspace with a Swinject assembly, with a registration of a key nothing resolves added
  /// to the first one from the middle on (none without an assembly), and with the validator's
  /// registration of that assembly, which screens resolve, given a need of the feature's API
  /// client (a registration edited in place). The edits
  /// alternate with restoring the file, so each run has exactly one changed file.
  func warmTimes(_ analyze: AnalyzeProcess, texts: [(path: String, text: String)]) throws -> (
    unchanged: [Double], commented: [Double], moved: [Double], added: [Double], provider: [Double],
    rewired: [Double], registration: [Double], need: [Double]
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
    var need: [Double] = []
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
      // The assembly edited, timed, and restored (a run puts the answer back in the kept state).
      func timeAssembly(_ edit: (String) -> String?) throws -> Double? {
        guard let assembly, let edited = edit(assembly.text) else { return nil }
        let assemblyURL = URL(fileURLWithPath: assembly.path)
        try Data(edited.utf8).write(to: assemblyURL)
        let time = try analyze.time(arguments)
        try Data(assembly.text.utf8).write(to: assemblyURL)
        _ = try analyze.time(arguments)
        return time
      }
      if let time = try timeAssembly(Self.addingRegistration) { registration.append(time) }
      if let time = try timeAssembly(Self.addingNeed) { need.append(time) }
    }
    return (unchanged, commented, moved, added, provider, rewired, registration, need)
  }

  /// `text` with its first validator registration on one line
  /// (`container.register(XValidator.self) { r in XValidatorImpl(formatter: r.resolve(XFormatter.self)!) }`,
  /// as the synthetic Swinject assemblies write it) given a need of `XAPIClient` after its
  /// formatter; `nil` when it has none.
  static func addingNeed(to text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      guard let open = line.range(of: "Validator.self) { r in "), line.hasSuffix(")!) }"),
        let start = line.range(of: "container.register(")
      else { continue }
      let feature = line[start.upperBound..<open.lowerBound]
      var edited = lines.map(String.init)
      edited[index] = String(line.dropLast(5)) + ")!, client: r.resolve(\(feature)APIClient.self)!) }"
      return edited.joined(separator: "\n")
    }
    return nil
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
  func incrementalLatencies(host: AnalysisHost, texts: [(path: String, text: String)], edit: Edit) -> [Double] {
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
