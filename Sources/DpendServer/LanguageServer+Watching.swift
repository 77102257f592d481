import DpendModel
import DpendProtocol

extension LanguageServer {
  /// The globs the client is asked to watch.
  static let watchedGlobs = [
    "**/*.swift", "**/.dpend.json", "**/*.dpendmodule", "**/project.pbxproj", "**/Package.swift", "**/*.yml",
    "**/*.yaml",
  ]

  /// Asks the client to watch the workspace when it can register `didChangeWatchedFiles`
  /// dynamically; otherwise the server watches the folders itself.
  func startWatching() {
    if capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true {
      let options = DidChangeWatchedFilesRegistrationOptions(watchers: Self.watchedGlobs.map(FileSystemWatcher.init))
      request(
        RegisterCapabilityRequest(registrations: [
          .init(
            id: "dpend-watched-files", method: DidChangeWatchedFilesNotification.method,
            registerOptions: LSPAny(encoding: options))
        ]))
      return
    }
    startOwnWatcher()
  }
}
