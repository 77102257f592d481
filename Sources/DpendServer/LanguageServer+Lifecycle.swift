import DpendGenerate
import DpendModel
import DpendProtocol
import DpendWorkspace
import Foundation

extension LanguageServer {
  /// Where a workspace's summaries are kept between sessions: a folder of its own in
  /// `--cache-directory`, else the cache `dpend analyze` uses (``CacheLocation``).
  func cacheDirectory(of root: String) -> URL {
    guard let cacheRoot else { return CacheLocation.directory(ofRoot: root) }
    return cacheRoot.appendingPathComponent(
      CacheLocation.folderName(of: URL(fileURLWithPath: root).standardizedFileURL))
  }

  /// The commands `workspace/executeCommand` accepts.
  static let commands = ["dpend.generateRegistrations", "dpend.showTree", "dpend.showGraph"]

  func initialize(_ request: InitializeRequest) throws(ResponseError) -> InitializeResult {
    guard lifecycle == .uninitialized else { throw .invalidRequest("initialize was already received") }
    capabilities = request.capabilities
    let offered = request.capabilities.general?.positionEncodings ?? []
    let encoding: PositionEncodingKind = offered.contains(.utf8) ? .utf8 : .utf16
    positions = Positions(encoding)
    var roots = (request.workspaceFolders ?? []).compactMap { FileURI.path($0.uri) }
    if roots.isEmpty, let root = request.rootUri.flatMap(FileURI.path) ?? request.rootPath { roots = [root] }
    workspaces = roots.map { Workspace(root: $0, cacheDirectory: cacheDirectory(of: $0)) }
    lifecycle = .running
    var capabilities = ServerCapabilities(
      positionEncoding: encoding,
      textDocumentSync: .init(openClose: true, change: 2, save: .init(includeText: false)),
      hoverProvider: true, definitionProvider: true, referencesProvider: true,
      codeActionProvider: .init(codeActionKinds: [CodeAction.quickFix, CodeAction.generateRegistrations]),
      executeCommandProvider: .init(commands: Self.commands),
      workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true)))
    if pullsDiagnostics {
      capabilities.diagnosticProvider = .init(interFileDependencies: true, workspaceDiagnostics: true)
    }
    indexing.accept()
    return InitializeResult(capabilities: capabilities, serverInfo: .init(name: "dpend", version: DpendVersion.current))
  }

  /// After `initialized`: watch the files, index every folder (with progress when the
  /// client supports it) and publish the first diagnostics.
  func initialized() {
    startWatching()
    guard capabilities.window?.workDoneProgress == true else { return indexWorkspace(progressToken: nil) }
    let token = "dpend-indexing"
    request(WorkDoneProgressCreateRequest(token: token)) { [self] result in
      guard !indexed else { return }
      if case .success = result { indexWorkspace(progressToken: token) } else { indexWorkspace(progressToken: nil) }
    }
    // A client that never answers must not keep the workspace unindexed.
    queue.asyncAfter(deadline: .now() + 2) { [self] in
      if !indexed { indexWorkspace(progressToken: nil) }
    }
  }

  /// Indexes every folder: `begin` with the file count once the files are found, a
  /// `report` as they are read, `end` with the time (to a client that made `progressToken`).
  func indexWorkspace(progressToken: String?) {
    guard !indexed else { return }
    let started = DispatchTime.now()
    indexing.begin(token: progressToken)
    let kept = workspaces.compactMap { $0.keptAnswer() }
    if !kept.isEmpty {
      publishKept(kept)
      let milliseconds = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
      log("published the kept answer (no input changed since dpend last ran) in \(milliseconds) ms", type: 3)
    }
    for workspace in workspaces {
      let indexing = indexing
      workspace.readProgress = { indexing.read($0, of: $1) }
      workspace.apply(.reload)
      workspace.readProgress = nil
      indexing.folderDone()
      if let problem = workspace.cacheProblem { log(problem, type: 2) }
    }
    indexed = true
    indexing.finish()
    analyzeNow()
    // What parsing every file freed is not needed again until the next reload.
    AllocatorTuning.releaseFreedMemory()
    let files = workspaces.reduce(0) { $0 + $1.fileCount }
    let milliseconds = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
    let summary = "indexed \(files) file\(files == 1 ? "" : "s") in \(milliseconds) ms"
    indexing.end(summary: summary)
    log(summary, type: 3)
  }

  func shutdown(_: ShutdownRequest) -> LSPAny? {
    lifecycle = .shutDown
    for request in pendingRequests { fail(request.id, .requestCancelled) }
    pendingRequests = []
    stopWatching()
    return nil
  }
}
