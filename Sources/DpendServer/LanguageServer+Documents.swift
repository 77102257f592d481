import DpendModel
import DpendProtocol
import DpendWorkspace

extension LanguageServer {
  /// The workspace whose folder holds `path` (the innermost one when folders nest).
  func workspace(for path: String) -> Workspace? {
    workspaces.filter { $0.contains(path) }.max { $0.root.count < $1.root.count }
  }

  func didOpen(_ notification: DidOpenTextDocumentNotification) {
    let item = notification.textDocument
    guard let path = FileURI.path(item.uri) else { return }
    if workspaces.isEmpty { addWorkspace(around: path) }
    apply(.openDocument(path: path, text: item.text, version: item.version), at: path)
  }

  /// The editor named no workspace folder (SPEC 9): the folder ``WorkspaceRoot`` finds
  /// above the first file opened becomes one, and the user is told which.
  private func addWorkspace(around path: String) {
    let (root, marked) = WorkspaceRoot.of(file: path)
    // Never the whole disk or a home folder: searched through, they would be read whole.
    guard marked || !WorkspaceRoot.isTooWide(root) else {
      let message =
        "dpend: the editor named no workspace folder and \(root) is too wide to analyse; open a project folder"
      notify(ShowMessageNotification(type: 2, message: message))
      return log(message, type: 2)
    }
    let workspace = Workspace(root: root, cacheDirectory: cacheDirectory(of: root))
    if indexed { workspace.apply(.reload) }
    workspaces.append(workspace)
    let message =
      marked
      ? "dpend: the editor named no workspace folder; analysing \(root), the outermost project folder above the file"
      : "dpend: the editor named no workspace folder and no folder above the file has Package.swift, an Xcode "
        + "project, .dpend.json or .git; analysing only \(root)"
    notify(ShowMessageNotification(type: marked ? 3 : 2, message: message))
    log(message, type: 3)
  }

  func didChange(_ notification: DidChangeTextDocumentNotification) {
    guard let path = FileURI.path(notification.textDocument.uri) else { return }
    noteEdit(of: notification.textDocument.uri, notification.contentChanges)
    let edits = notification.contentChanges.map { change in
      DocumentEdit(
        range: change.range.map { (positions.linePosition($0.start), positions.linePosition($0.end)) },
        text: change.text, unit: positions.unit)
    }
    apply(.editDocument(path: path, edits: edits, version: notification.textDocument.version), at: path)
  }

  func didClose(_ notification: DidCloseTextDocumentNotification) {
    guard let path = FileURI.path(notification.textDocument.uri) else { return }
    apply(.closeDocument(path: path), at: path)
    editBaselines[notification.textDocument.uri] = nil
    stopPulling(notification.textDocument.uri)
  }

  func didChangeWatchedFiles(_ notification: DidChangeWatchedFilesNotification) {
    filesChanged(
      notification.changes.compactMap { event in
        FileURI.path(event.uri).flatMap { path in
          FileChange.Kind(lspType: event.type).map { FileChange(path: path, kind: $0) }
        }
      })
  }

  /// Gives each disk change to the workspace holding its file.
  func filesChanged(_ changes: [FileChange]) {
    for workspace in workspaces {
      let inside = changes.filter { self.workspace(for: $0.path) === workspace }
      guard !inside.isEmpty else { continue }
      applied(workspace.apply(.disk(inside)), to: workspace)
    }
  }

  /// Applies an editor change to the workspace holding `path`.
  private func apply(_ change: WorkspaceChange, at path: String) {
    guard let workspace = workspace(for: path) else { return }
    applied(workspace.apply(change), to: workspace)
  }

  /// Logs a reload and schedules an analysis when the change reached the graph.
  private func applied(_ effect: Workspace.Effect, to workspace: Workspace) {
    switch effect {
    case .none: return
    case .changed: break
    case .reloaded(let reason): log("reloading \(workspace.root): \(reason)", type: 3)
    }
    scheduleAnalysis()
  }

  func workspaceFoldersChanged(_ notification: DidChangeWorkspaceFoldersNotification) {
    let removed = Set(notification.event.removed.compactMap { FileURI.path($0.uri) })
    workspaces.removeAll { removed.contains($0.root) }
    for added in notification.event.added {
      guard let root = FileURI.path(added.uri), !workspaces.contains(where: { $0.root == root }) else { continue }
      let workspace = Workspace(root: root, cacheDirectory: cacheDirectory(of: root))
      if indexed { workspace.apply(.reload) }
      workspaces.append(workspace)
    }
    scheduleAnalysis()
  }
}

extension FileChange.Kind {
  /// The kind of an LSP file event type (1 created, 2 changed, 3 deleted).
  init?(lspType: Int) {
    switch lspType {
    case FileEvent.created: self = .created
    case FileEvent.changed: self = .changed
    case FileEvent.deleted: self = .deleted
    default: return nil
    }
  }
}
