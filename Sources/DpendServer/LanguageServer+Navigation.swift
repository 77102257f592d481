import DpendIDE
import DpendModel
import DpendProtocol
import DpendWorkspace

extension LanguageServer {
  /// The IDE features of the workspace holding `uri`'s file, and the UTF-8 offset of
  /// `position` in the text that was analysed.
  func ide(at uri: String, _ position: Position) -> (ide: IDE, path: String, offset: Int)? {
    guard let path = FileURI.path(uri), let graph = workspace(for: path)?.graph else { return nil }
    let ide = IDE(graph: graph)
    guard let lines = ide.lines(of: path) else { return nil }
    return (ide, path, positions.offset(position, lines: lines))
  }

  func hover(_ request: HoverRequest) -> Hover? {
    guard let (ide, path, offset) = ide(at: request.textDocument.uri, request.position),
      let hover = ide.hover(at: offset, in: path)
    else { return nil }
    // Markdown unless the client says it only takes plain text.
    let formats = capabilities.textDocument?.hover?.contentFormat ?? ["markdown"]
    let contents =
      formats.first == "plaintext" && !formats.contains("markdown")
      ? MarkupContent(plaintext: hover.plainText) : MarkupContent(markdown: hover.markdown)
    return Hover(contents: contents, range: ide.lspRange(hover.range, positions))
  }

  func definition(_ request: DefinitionRequest) -> [Location]? {
    guard let (ide, path, offset) = ide(at: request.textDocument.uri, request.position) else { return nil }
    return ide.providers(at: offset, in: path)?.map { ide.location($0, positions) }
  }

  func references(_ request: ReferencesRequest) -> [Location]? {
    guard let (ide, path, offset) = ide(at: request.textDocument.uri, request.position) else { return nil }
    let includeDeclaration = request.context?.includeDeclaration == true
    return ide.consumers(at: offset, in: path, includeDeclaration: includeDeclaration)?.map {
      ide.location($0, positions)
    }
  }
}
