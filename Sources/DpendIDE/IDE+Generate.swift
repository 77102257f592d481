import DpendGenerate
import DpendModel

/// "Generate registrations", when it can be offered: the output file's new text, or why not.
public enum GenerateRegistrations: Hashable, Sendable {
  /// `path` must end up containing exactly `text`.
  case ready(path: String, text: String)
  /// The action cannot be offered, for `reason`.
  case disabled(reason: String)
}

extension IDE {
  /// The title of the generation action.
  public static let generateTitle = "Generate registrations"

  /// What "generate registrations" would write: exactly the text `dpend generate` writes
  /// to `outputFile`, or why it cannot (no output file, errors in the graph).
  public func generateRegistrations(outputFile: String?, container: ContainerKind) -> GenerateRegistrations {
    guard let outputFile else { return .disabled(reason: "no output file: set 'outputFile' in .dpend.json") }
    guard !graph.hasErrors else {
      let errors = graph.diagnostics.filter { $0.severity == .error }.count
      return .disabled(reason: "analysis found \(errors) error\(errors == 1 ? "" : "s")")
    }
    return .ready(path: outputFile, text: GeneratedOutput.text(for: graph, container: container))
  }

  /// The change that makes the file at `path` contain exactly `text`: a new file when
  /// `current` is `nil`, else one replacement of the whole current text.
  public static func replaceFile(path: String, with text: String, current: String?) -> FileEdit {
    guard let current else { return .create(path: path, text: text) }
    let whole = TextReplacement(offset: 0, length: current.utf8.count, replacement: text)
    return .edit(path: path, replacements: [whole], lines: LineTable(current))
  }
}
