import DpendHost
import DpendModel
import DpendWorkspace
import Foundation

/// The language server's latency from an edit of container code to fresh diagnostics, for
/// each kind of edit the container check must follow (`--container-edits`), in the host the
/// server builds with, on a workspace with Swinject assemblies.
extension Benchmark {
  /// One kind of edit of an assembly: its text after the edit, `nil` when the assembly has no
  /// place for it. Each is applied and undone in turn; both directions are timed.
  struct ContainerEdit: Sendable {
    var name: String
    var apply: @Sendable (String) -> String?
  }

  /// The kinds of edits: a cycle made (two registrations resolving each other) and broken, a
  /// needed registration (the validator the screen resolves) removed and added back, a second registration of a key added and
  /// removed, a registration's scope edited in place, and a resolve of a key nothing
  /// registers added and removed.
  static let containerEdits: [ContainerEdit] = [
    ContainerEdit(name: "cycle made / broken") { text in
      guard let formatter = text.range(of: #"FormatterImpl(locale: "en_US")"#),
        let start = text[..<formatter.lowerBound].range(of: "{ _ in", options: .backwards)
      else { return nil }
      let feature = String(text[start.upperBound..<formatter.lowerBound]).trimmingCharacters(in: .whitespaces)
      var edited = text
      edited.replaceSubrange(formatter, with: "FormatterImpl(locale: r.resolve(\(feature)Validator.self)!.locale)")
      edited.replaceSubrange(start, with: "{ r in")
      return edited
    },
    ContainerEdit(name: "needed registration removed / added") { text in
      guard
        let line = text.range(
          of: #"    container.register\([A-Za-z0-9]*Validator\.self\).*\n"#, options: .regularExpression)
      else { return nil }
      var edited = text
      edited.removeSubrange(line)
      return edited
    },
    ContainerEdit(name: "second registration added / removed") { text in
      guard
        let line = text.range(
          of: #"    container.register\([A-Za-z0-9]*Formatter\.self\).*\n"#, options: .regularExpression)
      else { return nil }
      var edited = text
      edited.insert(contentsOf: text[line], at: line.upperBound)
      return edited
    },
    ContainerEdit(name: "registration edited in place") { text in
      guard let scope = text.range(of: ".inObjectScope(.transient)") else { return nil }
      var edited = text
      edited.replaceSubrange(scope, with: ".inObjectScope(.container)")
      return edited
    },
    ContainerEdit(name: "missing resolve added / removed") { text in
      guard let end = text.range(of: "  }\n}\n", options: .backwards) else { return nil }
      var edited = text
      edited.insert(contentsOf: "    _ = container.resolve(BenchmarkUnregistered.self)\n", at: end.lowerBound)
      return edited
    },
  ]

  /// Prints, for each kind of container edit, the median and p95 of `count` edits (applied
  /// and undone in turn) of the first assembly from the middle of the workspace at `root`.
  func measureContainerEdits(name: String, root: URL, count: Int) throws {
    let settings = try WorkspaceSettings.load(root: root.path)
    let files = SourceDiscovery(excludes: [], outputFile: nil).files(in: settings.inputs).files.sorted()
    let host = AnalysisHost()
    host.containerViews = .editor
    _ = try WorkspaceLoader.analyze(settings, host: host)
    let middle = files.count / 2
    for edit in Self.containerEdits {
      guard
        let (path, text, edited) = files.indices.lazy.map({ files[(middle + $0) % files.count] }).compactMap({
          path -> (String, String, String)? in
          guard path.hasSuffix("Assembly.swift"), let text = WorkspaceLoader.readText(path),
            let edited = edit.apply(text)
          else { return nil }
          return (path, text, edited)
        }).first
      else {
        emit("\(name) | \(edit.name) | no assembly to edit")
        continue
      }
      host.open(path: path, text: text)
      var errors = Set<Int>()
      let seconds = (0..<count).map { index in
        let next = index % 2 == 0 ? edited : text
        let current = host.openText(of: path)!
        return Statistics.time {
          host.change(
            path: path, to: next,
            edits: [TextReplacement(offset: 0, length: current.utf8.count, replacement: next)])
          errors.insert(host.graph().diagnostics.count)
        }
      }
      host.close(path: path)
      emit(
        "\(name) | \(edit.name) | \(Format.milliseconds(Statistics.percentile(seconds, 50))) | "
          + "\(Format.milliseconds(Statistics.percentile(seconds, 95))) | diagnostics \(errors.sorted())")
    }
  }
}
