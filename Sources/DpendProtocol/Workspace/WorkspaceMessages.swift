import DpendModel
/// `workspace/didChangeWatchedFiles`: files changed on disk.
public struct DidChangeWatchedFilesNotification: LSPNotification, Hashable {
  public static let method = "workspace/didChangeWatchedFiles"
  public var changes: [FileEvent]
  public init(changes: [FileEvent]) { self.changes = changes }
}

/// One change on disk: 1 created, 2 changed, 3 deleted.
public struct FileEvent: Hashable, Sendable, Codable {
  public var uri: String
  public var type: Int
  public init(uri: String, type: Int) {
    self.uri = uri
    self.type = type
  }

  public static let created = 1
  public static let changed = 2
  public static let deleted = 3
}

/// `workspace/didChangeWorkspaceFolders`.
public struct DidChangeWorkspaceFoldersNotification: LSPNotification, Hashable {
  public static let method = "workspace/didChangeWorkspaceFolders"
  public var event: Event
  public struct Event: Hashable, Sendable, Codable {
    public var added: [WorkspaceFolder]
    public var removed: [WorkspaceFolder]
    public init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
      self.added = added
      self.removed = removed
    }
  }
  public init(event: Event) { self.event = event }
}

/// `client/registerCapability`: a request from the server to the client.
public struct RegisterCapabilityRequest: LSPRequest, Hashable {
  public static let method = "client/registerCapability"
  public typealias Response = LSPAny?
  public var registrations: [Registration]

  public struct Registration: Hashable, Sendable, Codable {
    public var id: String
    public var method: String
    public var registerOptions: LSPAny?
    public init(id: String, method: String, registerOptions: LSPAny?) {
      self.id = id
      self.method = method
      self.registerOptions = registerOptions
    }
  }

  public init(registrations: [Registration]) { self.registrations = registrations }
}

/// The options of a `workspace/didChangeWatchedFiles` registration.
public struct DidChangeWatchedFilesRegistrationOptions: Hashable, Sendable, Codable {
  public var watchers: [FileSystemWatcher]
  public init(watchers: [FileSystemWatcher]) { self.watchers = watchers }
}

/// A glob the client watches.
public struct FileSystemWatcher: Hashable, Sendable, Codable {
  public var globPattern: String
  public init(globPattern: String) { self.globPattern = globPattern }
}
