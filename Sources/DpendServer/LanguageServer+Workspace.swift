import DpendProtocol
import DpendWorkspace

extension LanguageServer {
  /// Applies changes seen on disk: a `.dpend.json` or `.dpendmodule` change reloads its
  /// folder; a Swift file is re-read unless the editor has it open.
  func filesChanged(_ changes: [DiskChange]) {
    var touched: [WorkspaceFolderState] = []
    for change in changes {
      textChanged(change.path)
      guard let folder = folder(for: change.path) else { continue }
      let name = change.path.split(separator: "/").last.map(String.init) ?? ""
      if name == WorkspaceSettings.configurationFileName || name.hasSuffix(".dpendmodule") {
        log("reloading \(folder.root): \(name) changed", type: 3)
        folder.reload()
      } else if folder.analyses(change.path), documents[change.path] == nil {
        if change.kind != .deleted, let text = WorkspaceLoader.readText(change.path) {
          folder.host.update([(change.path, text)])
        } else {
          folder.host.remove([change.path])
        }
      } else {
        continue
      }
      if !touched.contains(where: { $0 === folder }) { touched.append(folder) }
    }
    for folder in touched { changed(folder) }
  }

  func workspaceFoldersChanged(_ notification: DidChangeWorkspaceFoldersNotification) {
    let removed = Set(notification.event.removed.compactMap { FileURI.path($0.uri) })
    folders.removeAll { removed.contains($0.root) }
    for added in notification.event.added {
      guard let root = FileURI.path(added.uri), !folders.contains(where: { $0.root == root }) else { continue }
      let folder = WorkspaceFolderState(root: root)
      if indexed { folder.reload() }
      folders.append(folder)
    }
    scheduleAnalysis()
  }
}
