import ArgumentParser
import DpendGenerate
import DpendModel
import DpendWorkspace

/// `dpend generate`: writes the registrations when the graph is valid.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate the container's registrations (the default subcommand).",
    discussion: """
      A .dpendmodule output file selects library mode: the public factories as JSON. Any other \
      file receives Swift code that builds the container. Nothing is written when analysis \
      finds an error; an unchanged file is not rewritten.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Option(name: .customLong("output-file"), help: "Where to write. Default: the configuration's outputFile.")
  var outputFile: String?

  @Option(help: "The container to generate for: \(ContainerKind.allCases.map(\.rawValue).joined(separator: ", ")).")
  var container: String?

  @Flag(help: "Also say how many files the summary cache answered, and when the kept answer was reported.")
  var verbose = false

  func run() throws {
    let settings = try options.settings(outputFile: outputFile, container: container)
    guard let output = settings.outputFile else {
      Output.error("error: no output file: pass --output-file or set 'outputFile' in .dpend.json")
      throw ExitCode(2)
    }
    let kind = settings.mode == .library ? "library" : settings.container.rawValue
    let current = WorkspaceLoader.readText(output).map(TextFingerprint.init)
    // The registrations the last code was written from, for a change that only adds or
    // removes providers nothing needs.
    let registrationsFile =
      settings.mode == .application
      ? options.cacheDirectory(settings).map { KeptRegistrations(directory: $0, collection: settings.collection) }
      : nil
    let keptTable = registrationsFile?.load(kind: kind)
    var spliced: Registrations?
    // A kept answer will do when it has errors (nothing is written), when the output file
    // still holds what was generated from it, or when the code is the kept registrations
    // with the providers the change added, removed or rewired.
    let analysis = try options.analysis(
      settings,
      useKept: { lookup in
        guard let answer = lookup.answer else { return false }
        if lookup.providersChanged { spliced = keptTable?.registrations(after: lookup, kind: kind) }
        if answer.hasErrors { return true }
        guard lookup.providersChanged else { return current != nil && answer.outputs[kind] == current }
        return spliced != nil
      }, verbose: verbose, keptForProviders: keptTable != nil)
    var answer = analysis.answer
    // Diagnostics accompany the written file, so they go to standard error.
    Output.errorText(CompilerStyleReporter.render(answer.diagnostics))
    // Application code is written from registrations (and they are kept): a graph built
    // gives them, a kept answer whose providers changed splices them. A library's code is
    // written from its graph.
    let registrations = analysis.graph.map { $0.mode == .application ? Registrations(graph: $0) : nil } ?? spliced
    guard !answer.hasErrors else {
      // An answer with errors keeps the registrations the code would have, so that the change
      // that undoes the error (a cycle broken, a provider added) is written from them. No
      // code is made from them: it would need keys nothing provides, or go round a cycle.
      let table = registrations.map(KeptRegistrations.Encoded.init)
      if let table { answer.outputs[kind] = table.fingerprint }
      analysis.keep(answer)
      if let table, let registrationsFile {
        Self.save(to: registrationsFile, if: analysis.cacheSaved) {
          try $0.save(encoded: table.factories, output: table.fingerprint, kind: kind)
        }
      }
      Output.error("error: not writing '\(output)': analysis found errors")
      throw ExitCode(1)
    }
    let text: String
    if let registrations {
      text = GeneratedOutput.text(for: registrations, container: settings.container)
    } else if let graph = analysis.graph {
      text = GeneratedOutput.text(for: graph, container: settings.container)
    } else {
      analysis.keep(answer)
      Output.error("\(output) is up to date")
      return
    }
    let fingerprint = TextFingerprint(text)
    do {
      switch try AtomicFile.write(text, to: output, differs: current.map { $0 != fingerprint } ?? false) {
      case .written: Output.error("wrote \(output)")
      case .unchanged: Output.error("\(output) is up to date")
      }
    } catch {
      analysis.keep(answer)
      Output.error("error: cannot write '\(output)': \(error.localizedDescription)")
      throw ExitCode(2)
    }
    answer.outputs[kind] = fingerprint
    analysis.keep(answer)
    if let registrations, let registrationsFile {
      Self.save(to: registrationsFile, if: analysis.cacheSaved) {
        try $0.save(registrations, output: fingerprint, kind: kind)
      }
    }
  }

  /// Keeps registrations in `file` by `write`, when `cacheSaved` tells the summary cache was
  /// written (after a warning that it cannot be, no second one); a failure is a warning.
  private static func save(
    to file: KeptRegistrations, if cacheSaved: @autoclosure () -> Bool, _ write: (KeptRegistrations) throws -> Void
  ) {
    guard cacheSaved() else { return }
    do {
      try write(file)
    } catch {
      Output.error("warning: cannot write the kept registrations \(file.url.path): \(error.localizedDescription)")
    }
  }
}
