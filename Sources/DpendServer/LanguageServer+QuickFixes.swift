import DpendModel
import DpendProtocol
import DpendWorkspace

extension LanguageServer {
  /// The class a quick fix creates when the workspace has no configuration yet.
  static let newConfigurationName = "DependencyRegistrations"

  /// Quick fixes for missing dependencies at the request: each adds a registration-method
  /// stub for the missing key to the first configuration class, or creates one.
  func missingDependencyFixes(_ request: CodeActionRequest, path: String, folder: WorkspaceFolderState) -> [CodeAction]
  {
    guard let graph = folder.graph else { return [] }
    let ours = request.context.diagnostics.filter { $0.source == "dpend" && $0.code == "missing-dependency" }
    let positions = ours.isEmpty ? [request.range.start] : ours.map(\.range.start)
    let lines = lineTable(for: path)
    var keys: [DependencyKey] = []
    for position in positions {
      let offset = lines.offset(of: position, encoding: encoding)
      guard
        case (.dependency(let parameter, _), _)? =
          GraphLookup(graph: graph).symbol(at: offset, in: path, summary: folder.host.summary(of: path)),
        graph.resolved[parameter.dependency] == nil, !parameter.isOptional, !keys.contains(parameter.dependency)
      else { continue }
      keys.append(parameter.dependency)
    }
    return keys.compactMap { key in
      let fixed = ours.isEmpty ? nil : ours
      if let configuration = graph.configurations.first(where: { $0.closingBrace != nil }) {
        return addRegistration(for: key, to: configuration, diagnostics: fixed)
      }
      return createConfiguration(for: key, besides: path, diagnostics: fixed)
    }
  }

  private func addRegistration(
    for key: DependencyKey, to configuration: TypeDeclaration, diagnostics: [DpendProtocol.Diagnostic]?
  ) -> CodeAction? {
    guard let brace = configuration.closingBrace else { return nil }
    let lines = lineTable(for: brace.file)
    // Insert on a line of its own before the `}`: at the start of its line when only
    // white space precedes it, else right before it after a line break.
    let onItsOwnLine = lines.isIndentation(before: brace.start.offset)
    let insertAt = onItsOwnLine ? brace.start.offset - (brace.start.column - 1) : brace.start.offset
    let taken = Set(configuration.methods.map(\.name))
    let method = RegistrationStub.method(for: key, avoiding: taken)
    let position = lines.position(ofOffset: insertAt, encoding: encoding)
    let edit = TextEdit(range: Range(start: position, end: position), newText: (onItsOwnLine ? "" : "\n") + method)
    return CodeAction(
      title: "Register '\(key)' in \(configuration.name)", kind: CodeAction.quickFix, diagnostics: diagnostics,
      isPreferred: true, edit: documentEdit(path: brace.file, edits: [edit]))
  }

  private func createConfiguration(
    for key: DependencyKey, besides consumer: String, diagnostics: [DpendProtocol.Diagnostic]?
  ) -> CodeAction? {
    let directory = consumer.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let path = directory + "/" + Self.newConfigurationName + ".swift"
    let method = RegistrationStub.method(for: key, avoiding: [])
    let text = RegistrationStub.newConfigurationFile(className: Self.newConfigurationName, method: method)
    guard WorkspaceLoader.readText(path) == nil, let edit = replaceFileEdit(path: path, text: text) else { return nil }
    return CodeAction(
      title: "Register '\(key)' in a new \(Self.newConfigurationName) configuration", kind: CodeAction.quickFix,
      diagnostics: diagnostics, isPreferred: true, edit: edit)
  }
}
