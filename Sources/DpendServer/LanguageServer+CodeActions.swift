import DpendGenerate
import DpendIDE
import DpendModel
import DpendProtocol
import DpendWorkspace
import Foundation

extension LanguageServer {
  func codeActions(_ request: CodeActionRequest) -> [CodeAction]? {
    guard let path = FileURI.path(request.textDocument.uri), let workspace = workspace(for: path),
      let graph = workspace.graph
    else { return [] }
    let ide = IDE(graph: graph)
    var actions: [CodeAction] = []
    if Self.wants(CodeAction.quickFix, request.context.only) {
      actions += quickFixes(for: .missingDependency, request, path: path, ide: ide, workspace: workspace) { offsets in
        ide.missingDependencyFixes(at: offsets, in: path) { workspace.currentText(of: $0) != nil }
      }
      actions += quickFixes(for: .registeredAsConcreteType, request, path: path, ide: ide, workspace: workspace) {
        offsets in
        ide.concreteRegistrationFixes(at: offsets, in: path)
      }
      actions += containerQuickFixes(request, path: path, ide: ide, workspace: workspace)
    }
    if Self.wants(CodeAction.generateRegistrations, request.context.only) {
      let action = generateRegistrationsAction(ide, workspace)
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

  /// Quick fixes for container code: a registration or "did you mean" for a key nothing
  /// registers, removing an overridden registration, dropping runtime arguments.
  private func containerQuickFixes(_ request: CodeActionRequest, path: String, ide: IDE, workspace: Workspace)
    -> [CodeAction]
  {
    quickFixes(
      for: [.missingDependency, .unregisteredOptionalResolve], request, path: path, ide: ide, workspace: workspace
    ) { offsets in
      ide.missingRegistrationFixes(at: offsets, in: path)
    }
      + quickFixes(for: [.duplicateRegistration], request, path: path, ide: ide, workspace: workspace) { offsets in
        ide.duplicateRegistrationFixes(at: offsets, in: path)
      }
      + quickFixes(for: [.argumentCountMismatch], request, path: path, ide: ide, workspace: workspace) { offsets in
        ide.argumentCountFixes(at: offsets, in: path)
      }
  }

  /// Quick fixes for the problems with `code` the request's dpend diagnostics (or, without
  /// any, its start) point at: `fixes` gets their UTF-8 offsets in the analysed text.
  private func quickFixes(
    for code: DpendModel.DiagnosticCode, _ request: CodeActionRequest, path: String, ide: IDE,
    workspace: Workspace, _ fixes: ([Int]) -> [Fix]
  ) -> [CodeAction] {
    quickFixes(for: [code], request, path: path, ide: ide, workspace: workspace, fixes)
  }

  /// Quick fixes for the problems with one of `codes` the request's dpend diagnostics (or,
  /// without any, its start) point at: `fixes` gets their UTF-8 offsets in the analysed text.
  private func quickFixes(
    for codes: Set<DpendModel.DiagnosticCode>, _ request: CodeActionRequest, path: String, ide: IDE,
    workspace: Workspace, _ fixes: ([Int]) -> [Fix]
  ) -> [CodeAction] {
    guard let lines = ide.lines(of: path) else { return [] }
    let ours = request.context.diagnostics.filter {
      $0.source == "dpend" && codes.contains(DpendModel.DiagnosticCode(rawValue: $0.code ?? ""))
    }
    let offsets = (ours.isEmpty ? [request.range.start] : ours.map(\.range.start)).map {
      positions.offset($0, lines: lines)
    }
    return fixes(offsets).compactMap { fix in
      workspaceEdit(fix.edits, workspace).map {
        CodeAction(
          title: fix.title, kind: CodeAction.quickFix, diagnostics: ours.isEmpty ? nil : ours,
          isPreferred: fix.isPreferred, edit: $0)
      }
    }
  }

  /// "Generate registrations": a `WorkspaceEdit` giving the output file exactly the text
  /// `dpend generate` would write. Disabled (with the reason) when it cannot be offered.
  func generateRegistrationsAction(_ ide: IDE, _ workspace: Workspace) -> CodeAction {
    let title = IDE.generateTitle
    let outcome = ide.generateRegistrations(
      outputFile: workspace.settings.outputFile, container: workspace.settings.container)
    switch outcome {
    case .disabled(let reason):
      return CodeAction(title: title, kind: CodeAction.generateRegistrations, disabled: .init(reason: reason))
    case .ready(let output, let text):
      let change = IDE.replaceFile(path: output, with: text, current: workspace.currentText(of: output))
      guard let edit = workspaceEdit([change], workspace) else {
        return CodeAction(
          title: title, kind: CodeAction.generateRegistrations,
          disabled: .init(reason: "the editor cannot create '\(output)'; create it, then try again"))
      }
      return CodeAction(title: title, kind: CodeAction.generateRegistrations, edit: edit)
    }
  }

  /// The `WorkspaceEdit` making the IDE layer's file edits; `nil` when one creates a file and
  /// the client cannot create files. Edits to existing files are versioned `documentChanges`
  /// when the client supports them (so a stale edit is refused), plain `changes` otherwise.
  /// A client that names resource operations takes `documentChanges`, the only place they
  /// can be written, even when it does not say so (Neovim 0.7–0.11 name them alone).
  func workspaceEdit(_ edits: [FileEdit], _ workspace: Workspace) -> WorkspaceEdit? {
    let canCreate = capabilities.workspace?.workspaceEdit?.resourceOperations?.contains("create") == true
    let supportsChanges = capabilities.workspace?.workspaceEdit?.documentChanges == true || canCreate
    var documentChanges: [DocumentChange] = []
    var changes: [String: [TextEdit]] = [:]
    for edit in edits {
      let uri = FileURI.uri(edit.path)
      switch edit {
      case .create(_, let text):
        guard supportsChanges && canCreate else { return nil }
        // The whole new file, its one empty line included: a client whose new buffer has a
        // line (Neovim) drops it, rather than ending the file with an empty line.
        let insert = TextEdit(
          range: Range(start: Position(line: 0, character: 0), end: Position(line: 1, character: 0)), newText: text)
        // Overwrite: should the file appear meanwhile, it still ends up with exactly `text`.
        documentChanges.append(.create(CreateFile(uri: uri, options: .init(overwrite: true, ignoreIfExists: false))))
        documentChanges.append(
          .edit(
            TextDocumentEdit(textDocument: VersionedTextDocumentIdentifier(uri: uri, version: nil), edits: [insert])))
      case .edit(let path, let replacements, let lines):
        let textEdits = replacements.map { replacement in
          TextEdit(
            range: Range(
              start: positions.position(ofOffset: replacement.offset, lines: lines),
              end: positions.position(ofOffset: replacement.offset + replacement.length, lines: lines)),
            newText: replacement.replacement)
        }
        let version = workspace.documents[path]?.version
        documentChanges.append(
          .edit(
            TextDocumentEdit(
              textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version), edits: textEdits)))
        changes[uri, default: []] += textEdits
      }
    }
    return supportsChanges ? WorkspaceEdit(documentChanges: documentChanges) : WorkspaceEdit(changes: changes)
  }

  /// `dpend.showTree` returns the tree as text; `dpend.generateRegistrations` asks the
  /// client to apply the generation edit; `dpend.showReferences` (a code lens's) returns the
  /// locations it was given; `dpend.showGraph` writes the graph's web page (of the key
  /// named by the optional second argument) beside the caches and returns its URI. The optional first argument is a document URI
  /// choosing the workspace folder.
  func executeCommand(_ request: ExecuteCommandRequest) throws(ResponseError) -> LSPAny? {
    var workspace = workspaces.first
    if case .string(let uri)? = request.arguments?.first, let path = FileURI.path(uri) {
      workspace = self.workspace(for: path) ?? workspace
    }
    guard let workspace, let graph = workspace.graph else { throw .requestFailed("no workspace folder") }
    switch request.command {
    case "dpend.showTree":
      // Container code's registrations are drawn only on demand: the editor's graph has none.
      return .string(TreeRenderer.render(workspace.drawnGraph(), relativeTo: workspace.root))
    case "dpend.generateRegistrations":
      let action = generateRegistrationsAction(IDE(graph: graph), workspace)
      guard let edit = action.edit else { throw .requestFailed(action.disabled?.reason ?? "cannot generate") }
      self.request(ApplyWorkspaceEditRequest(label: IDE.generateTitle, edit: edit))
      return nil
    case "dpend.showGraph":
      // The page goes with the caches, never among the user's files; the editor opens it.
      var key: String?
      if case .string(let named)? = request.arguments?.dropFirst().first, !named.isEmpty { key = named }
      let page: String
      do {
        page = try GraphPageMaker.page(of: workspace.drawnGraph(), root: workspace.root, key: key, depth: nil)
      } catch {
        throw .requestFailed(error.message)
      }
      let file = cacheDirectory(of: workspace.root).appendingPathComponent("graph.html")
      do {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try AtomicFile.write(page, to: file.path)
      } catch {
        throw .requestFailed("cannot write \(file.path): \(error.localizedDescription)")
      }
      return .string(FileURI.uri(file.path))
    case Self.showReferencesCommand:
      // A code lens's command, for a client that has no command of that name: the locations
      // the lens lists (its third argument).
      guard let arguments = request.arguments, arguments.count == 3 else {
        throw .invalidParams("'\(Self.showReferencesCommand)' takes a URI, a position and locations")
      }
      return arguments[2]
    default:
      throw .invalidParams("unknown command '\(request.command)'")
    }
  }
}
