import DpendModel
/// `workspace/applyEdit`: a request from the server asking the client to apply an edit.
public struct ApplyWorkspaceEditRequest: LSPRequest, Hashable {
  public static let method = "workspace/applyEdit"
  public typealias Response = LSPAny?
  public var label: String?
  public var edit: WorkspaceEdit
  public init(label: String?, edit: WorkspaceEdit) {
    self.label = label
    self.edit = edit
  }
}
