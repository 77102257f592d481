/// `initialize`: the first request; the client says what it supports.
public struct InitializeRequest: LSPRequest, Hashable {
  public static let method = "initialize"
  public typealias Response = InitializeResult

  public var processId: Int?
  public var rootUri: String?
  public var rootPath: String?
  public var workspaceFolders: [WorkspaceFolder]?
  public var capabilities: ClientCapabilities
  public var trace: String?

  public init(
    processId: Int? = nil, rootUri: String? = nil, workspaceFolders: [WorkspaceFolder]? = nil,
    capabilities: ClientCapabilities = ClientCapabilities()
  ) {
    self.processId = processId
    self.rootUri = rootUri
    self.workspaceFolders = workspaceFolders
    self.capabilities = capabilities
  }
}

/// The parts of the client's capabilities dpend looks at; everything else is ignored.
public struct ClientCapabilities: Hashable, Sendable, Codable {
  public var general: General?
  public var window: Window?
  public var workspace: Workspace?
  public var textDocument: TextDocument?

  public init(
    general: General? = nil, window: Window? = nil, workspace: Workspace? = nil, textDocument: TextDocument? = nil
  ) {
    self.general = general
    self.window = window
    self.workspace = workspace
    self.textDocument = textDocument
  }

  public struct TextDocument: Hashable, Sendable, Codable {
    public var hover: Hover?
    public var codeAction: CodeAction?
    /// Present when the client pulls diagnostics (`textDocument/diagnostic`).
    public var diagnostic: DynamicRegistration?
    public init(hover: Hover? = nil, codeAction: CodeAction? = nil, diagnostic: DynamicRegistration? = nil) {
      self.hover = hover
      self.codeAction = codeAction
      self.diagnostic = diagnostic
    }
  }

  public struct Hover: Hashable, Sendable, Codable {
    /// `markdown` and/or `plaintext`, preferred first.
    public var contentFormat: [String]?
    public init(contentFormat: [String]? = nil) { self.contentFormat = contentFormat }
  }

  public struct CodeAction: Hashable, Sendable, Codable {
    /// `true` when the client shows actions with a `disabled` reason.
    public var disabledSupport: Bool?
    public init(disabledSupport: Bool? = nil) { self.disabledSupport = disabledSupport }
  }

  public struct General: Hashable, Sendable, Codable {
    public var positionEncodings: [PositionEncodingKind]?
    public init(positionEncodings: [PositionEncodingKind]? = nil) { self.positionEncodings = positionEncodings }
  }

  public struct Window: Hashable, Sendable, Codable {
    public var workDoneProgress: Bool?
    public init(workDoneProgress: Bool? = nil) { self.workDoneProgress = workDoneProgress }
  }

  public struct Workspace: Hashable, Sendable, Codable {
    public var didChangeWatchedFiles: DynamicRegistration?
    public var workspaceEdit: WorkspaceEditCapabilities?
    public var workspaceFolders: Bool?
    /// `refreshSupport`: the client pulls again on `workspace/diagnostic/refresh`.
    public var diagnostics: Refresh?
    /// `refreshSupport`: the client fetches lenses again on `workspace/codeLens/refresh`.
    public var codeLens: Refresh?
    /// `refreshSupport`: the client fetches hints again on `workspace/inlayHint/refresh`.
    public var inlayHint: Refresh?
    public init(
      didChangeWatchedFiles: DynamicRegistration? = nil, workspaceEdit: WorkspaceEditCapabilities? = nil,
      workspaceFolders: Bool? = nil, diagnostics: Refresh? = nil, codeLens: Refresh? = nil,
      inlayHint: Refresh? = nil
    ) {
      self.didChangeWatchedFiles = didChangeWatchedFiles
      self.workspaceEdit = workspaceEdit
      self.workspaceFolders = workspaceFolders
      self.diagnostics = diagnostics
      self.codeLens = codeLens
      self.inlayHint = inlayHint
    }
  }

  public struct Refresh: Hashable, Sendable, Codable {
    public var refreshSupport: Bool?
    public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
  }

  public struct DynamicRegistration: Hashable, Sendable, Codable {
    public var dynamicRegistration: Bool?
    public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
  }

  public struct WorkspaceEditCapabilities: Hashable, Sendable, Codable {
    public var documentChanges: Bool?
    public var resourceOperations: [String]?
    public init(documentChanges: Bool? = nil, resourceOperations: [String]? = nil) {
      self.documentChanges = documentChanges
      self.resourceOperations = resourceOperations
    }
  }
}

/// The answer to `initialize`.
public struct InitializeResult: Hashable, Sendable, Codable {
  public var capabilities: ServerCapabilities
  public var serverInfo: ServerInfo

  public init(capabilities: ServerCapabilities, serverInfo: ServerInfo) {
    self.capabilities = capabilities
    self.serverInfo = serverInfo
  }

  public struct ServerInfo: Hashable, Sendable, Codable {
    public var name: String
    public var version: String
    public init(name: String, version: String) {
      self.name = name
      self.version = version
    }
  }
}

/// What the server can do.
public struct ServerCapabilities: Hashable, Sendable, Codable {
  public var positionEncoding: PositionEncodingKind
  public var textDocumentSync: TextDocumentSyncOptions
  public var hoverProvider: Bool
  public var definitionProvider: Bool
  public var referencesProvider: Bool
  public var codeActionProvider: CodeActionOptions
  public var executeCommandProvider: ExecuteCommandOptions
  public var documentSymbolProvider = true
  public var workspaceSymbolProvider = true
  public var codeLensProvider = CodeLensOptions(resolveProvider: false)
  public var inlayHintProvider = true
  public var callHierarchyProvider = true
  /// Present for a client that pulls diagnostics.
  public var diagnosticProvider: DiagnosticOptions?
  public var workspace: WorkspaceOptions

  public init(
    positionEncoding: PositionEncodingKind, textDocumentSync: TextDocumentSyncOptions, hoverProvider: Bool,
    definitionProvider: Bool, referencesProvider: Bool, codeActionProvider: CodeActionOptions,
    executeCommandProvider: ExecuteCommandOptions, workspace: WorkspaceOptions
  ) {
    self.positionEncoding = positionEncoding
    self.textDocumentSync = textDocumentSync
    self.hoverProvider = hoverProvider
    self.definitionProvider = definitionProvider
    self.referencesProvider = referencesProvider
    self.codeActionProvider = codeActionProvider
    self.executeCommandProvider = executeCommandProvider
    self.workspace = workspace
  }

  public struct TextDocumentSyncOptions: Hashable, Sendable, Codable {
    public var openClose: Bool
    /// 2: incremental.
    public var change: Int
    public var save: SaveOptions
    public init(openClose: Bool, change: Int, save: SaveOptions) {
      self.openClose = openClose
      self.change = change
      self.save = save
    }
  }

  public struct SaveOptions: Hashable, Sendable, Codable {
    public var includeText: Bool
    public init(includeText: Bool) { self.includeText = includeText }
  }

  public struct CodeActionOptions: Hashable, Sendable, Codable {
    public var codeActionKinds: [String]
    public init(codeActionKinds: [String]) { self.codeActionKinds = codeActionKinds }
  }

  public struct DiagnosticOptions: Hashable, Sendable, Codable {
    /// A file's diagnostics depend on other files: an edit changes them.
    public var interFileDependencies: Bool
    public var workspaceDiagnostics: Bool
    public init(interFileDependencies: Bool, workspaceDiagnostics: Bool) {
      self.interFileDependencies = interFileDependencies
      self.workspaceDiagnostics = workspaceDiagnostics
    }
  }

  public struct CodeLensOptions: Hashable, Sendable, Codable {
    public var resolveProvider: Bool
    public init(resolveProvider: Bool) { self.resolveProvider = resolveProvider }
  }

  public struct ExecuteCommandOptions: Hashable, Sendable, Codable {
    public var commands: [String]
    public init(commands: [String]) { self.commands = commands }
  }

  public struct WorkspaceOptions: Hashable, Sendable, Codable {
    public var workspaceFolders: WorkspaceFoldersOptions
    public init(workspaceFolders: WorkspaceFoldersOptions) { self.workspaceFolders = workspaceFolders }
  }

  public struct WorkspaceFoldersOptions: Hashable, Sendable, Codable {
    public var supported: Bool
    public var changeNotifications: Bool
    public init(supported: Bool, changeNotifications: Bool) {
      self.supported = supported
      self.changeNotifications = changeNotifications
    }
  }
}
