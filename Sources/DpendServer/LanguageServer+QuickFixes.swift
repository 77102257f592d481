import DpendProtocol

extension LanguageServer {
  /// Quick fixes for missing dependencies in the requested range.
  func missingDependencyFixes(_ request: CodeActionRequest, path: String, folder: WorkspaceFolderState) -> [CodeAction]
  {
    []
  }
}
