import DpendGenerate
import DpendProtocol
import DpendWorkspace
import Foundation

extension LanguageServer {
  func codeActions(_ request: CodeActionRequest) -> [CodeAction] {
    guard let path = FileURI.path(request.textDocument.uri), let folder = folder(for: path) else { return [] }
    var actions: [CodeAction] = []
    if Self.wants(CodeAction.quickFix, request.context.only) {
      actions += missingDependencyFixes(request, path: path, folder: folder)
    }
    if Self.wants(CodeAction.generateRegistrations, request.context.only) {
      let action = generateRegistrationsAction(folder)
      // A client that cannot show why an action is disabled would offer it as usable.
      if action.disabled == nil || capabilities.textDocument?.codeAction?.disabledSupport == true {
        actions.append(action)
      }
    }
    return actions
  }

  /// `true` when `kind` is asked for: no filter, or a filter equal to it or a prefix of it.
  static func wants(_ kind: String, _ only: [String]?) -> Bool {
    guard let only else { return true }
    return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
  }

  /// "Generate registrations": a `WorkspaceEdit` giving the output file exactly the text
  /// `dpend generate` would write. Disabled (with the reason) when it cannot be offered.
  func generateRegistrationsAction(_ folder: WorkspaceFolderState) -> CodeAction {
    let title = "Generate registrations"
    guard let output = folder.settings.outputFile else {
      return CodeAction(
        title: title, kind: CodeAction.generateRegistrations,
        disabled: .init(reason: "no output file: set 'outputFile' in .dpend.json"))
    }
    guard let graph = folder.graph, !graph.hasErrors else {
      let errors = folder.graph?.diagnostics.filter { $0.severity == .error }.count ?? 0
      return CodeAction(
        title: title, kind: CodeAction.generateRegistrations,
        disabled: .init(reason: "analysis found \(errors) error\(errors == 1 ? "" : "s")"))
    }
    let text = GeneratedOutput.text(for: graph, container: folder.settings.container)
    guard let edit = replaceFileEdit(path: output, text: text) else {
      return CodeAction(
        title: title, kind: CodeAction.generateRegistrations,
        disabled: .init(reason: "the editor cannot create '\(output)'; create it, then try again"))
    }
    return CodeAction(title: title, kind: CodeAction.generateRegistrations, edit: edit)
  }

  /// An edit that makes the file at `path` contain exactly `text`, creating it if needed.
  /// `nil` when the file does not exist and the client cannot create files.
  func replaceFileEdit(path: String, text: String) -> WorkspaceEdit? {
    let uri = FileURI.uri(path)
    let supportsChanges = capabilities.workspace?.workspaceEdit?.documentChanges == true
    let current = documents[path]?.text ?? WorkspaceLoader.readText(path)
    guard let current else {
      let canCreate = capabilities.workspace?.workspaceEdit?.resourceOperations?.contains("create") == true
      guard supportsChanges && canCreate else { return nil }
      let insert = TextEdit(
        range: Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), newText: text)
      return WorkspaceEdit(documentChanges: [
        // Overwrite: should the file appear meanwhile, it still ends up with exactly `text`.
        .create(CreateFile(uri: uri, options: .init(overwrite: true, ignoreIfExists: false))),
        .edit(TextDocumentEdit(textDocument: VersionedTextDocumentIdentifier(uri: uri, version: nil), edits: [insert])),
      ])
    }
    let whole = Range(start: Position(line: 0, character: 0), end: LineTable(current).endPosition(encoding: encoding))
    return documentEdit(path: path, edits: [TextEdit(range: whole, newText: text)])
  }

  /// Edits to one existing document: versioned `documentChanges` when the client supports
  /// them (so a stale edit is refused), plain `changes` otherwise.
  func documentEdit(path: String, edits: [TextEdit]) -> WorkspaceEdit {
    let uri = FileURI.uri(path)
    guard capabilities.workspace?.workspaceEdit?.documentChanges == true else {
      return WorkspaceEdit(changes: [uri: edits])
    }
    let document = VersionedTextDocumentIdentifier(uri: uri, version: documents[path]?.version)
    return WorkspaceEdit(documentChanges: [.edit(TextDocumentEdit(textDocument: document, edits: edits))])
  }

  /// `dpend.showTree` returns the tree as text; `dpend.generateRegistrations` asks the
  /// client to apply the generation edit. The optional first argument is a document URI
  /// choosing the workspace folder.
  func executeCommand(_ request: ExecuteCommandRequest) -> Result<LSPAny?, ResponseError> {
    var folder = folders.first
    if case .string(let uri)? = request.arguments?.first, let path = FileURI.path(uri) {
      folder = self.folder(for: path) ?? folder
    }
    guard let folder, let graph = folder.graph else { return .failure(.requestFailed("no workspace folder")) }
    switch request.command {
    case "dpend.showTree":
      return .success(.string(TreeRenderer.render(graph)))
    case "dpend.generateRegistrations":
      let action = generateRegistrationsAction(folder)
      guard let edit = action.edit else {
        return .failure(.requestFailed(action.disabled?.reason ?? "cannot generate"))
      }
      self.request(ApplyWorkspaceEditRequest(label: "Generate registrations", edit: edit))
      return .success(nil)
    default:
      return .failure(.invalidParams("unknown command '\(request.command)'"))
    }
  }
}
