import DpendWorkspace

extension LanguageServer {
  /// Watches the folders with the server's own `FileWatcher` (inotify on Linux, polling
  /// elsewhere) when the client cannot watch files for it. Batches of changes are handled
  /// on the server queue like `workspace/didChangeWatchedFiles`.
  func startOwnWatcher() {
    let roots = workspaces.map(\.root)
    guard !roots.isEmpty else { return }
    let watcher = FileWatcher(roots: roots) { [self] changes in
      queue.async { self.filesChanged(changes) }
    }
    log(
      "watching \(roots.count) folder\(roots.count == 1 ? "" : "s") with \(watcher.usesInotify ? "inotify" : "polling")",
      type: 3)
    stopWatching = { watcher.stop() }
  }
}
