import DpendModel
/// `workspace/executeCommand`: runs one of the server's commands.
public struct ExecuteCommandRequest: LSPRequest, Hashable {
  public static let method = "workspace/executeCommand"
  public typealias Response = LSPAny?
  public var command: String
  public var arguments: [LSPAny]?
  public init(command: String, arguments: [LSPAny]? = nil) {
    self.command = command
    self.arguments = arguments
  }
}
