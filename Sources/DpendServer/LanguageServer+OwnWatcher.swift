extension LanguageServer {
  /// Watches the folders with the server's own watcher (inotify on Linux, polling elsewhere).
  func startOwnWatcher() {}
}
