import DpendModel
/// `initialized`: the client has received the `initialize` result.
public struct InitializedNotification: LSPNotification, Hashable {
  public static let method = "initialized"
  public init() {}
}

/// `shutdown`: stop working; `exit` follows.
public struct ShutdownRequest: LSPRequest, Hashable {
  public static let method = "shutdown"
  public typealias Response = LSPAny?
  public init() {}
}

/// `exit`: end the process (0 after `shutdown`, 1 otherwise).
public struct ExitNotification: LSPNotification, Hashable {
  public static let method = "exit"
  public init() {}
}

/// `$/cancelRequest`: the client no longer needs a request's answer.
public struct CancelRequestNotification: LSPNotification, Hashable {
  public static let method = "$/cancelRequest"
  public var id: RequestID
  public init(id: RequestID) { self.id = id }
}
