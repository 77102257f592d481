import DpendModel
import DpendProtocol

extension LanguageServer {
  /// The folder, symbol and range at a request's position.
  private func lookUp(_ uri: String, _ position: Position) -> (WorkspaceFolderState, GraphSymbol, SourceRange)? {
    guard let path = FileURI.path(uri), let folder = folder(for: path), let graph = folder.graph else { return nil }
    let offset = lineTable(for: path).offset(of: position, encoding: encoding)
    guard
      let (symbol, range) = GraphLookup(graph: graph).symbol(
        at: offset, in: path, summary: folder.host.summary(of: path))
    else { return nil }
    return (folder, symbol, range)
  }

  func hover(_ request: HoverRequest) -> Hover? {
    guard let (folder, symbol, range) = lookUp(request.textDocument.uri, request.position), let graph = folder.graph
    else { return nil }
    let markdown = HoverText.markdown(for: symbol, in: graph)
    // Markdown unless the client says it only takes plain text.
    let formats = capabilities.textDocument?.hover?.contentFormat ?? ["markdown"]
    let contents =
      formats.first == "plaintext" && !formats.contains("markdown")
      ? MarkupContent(plaintext: markdown.replacingOccurrences(of: "`", with: "")) : MarkupContent(markdown: markdown)
    return Hover(contents: contents, range: lspRange(range))
  }

  func definition(_ request: DefinitionRequest) -> [Location]? {
    guard let (folder, symbol, _) = lookUp(request.textDocument.uri, request.position), let graph = folder.graph,
      case .dependency(let parameter, _) = symbol
    else { return nil }
    let resolved = graph.resolved[parameter.dependency].map { [$0] } ?? []
    var ranges: [SourceRange] = []
    for factory in resolved + (graph.candidates[parameter.dependency] ?? []) where !ranges.contains(factory.range) {
      ranges.append(factory.range)
    }
    return ranges.map(lspLocation)
  }

  func references(_ request: ReferencesRequest) -> [Location]? {
    guard let (folder, symbol, _) = lookUp(request.textDocument.uri, request.position), let graph = folder.graph
    else { return nil }
    let factories: [Factory]
    let keys: [DependencyKey]
    switch symbol {
    case .provider(let declared), .providerType(_, let declared):
      factories = declared
      keys = declared.map(\.key)
    case .dependency(let parameter, _):
      factories = []
      keys = [parameter.dependency]
    }
    var ranges: [SourceRange] = []
    if request.context?.includeDeclaration == true {
      for factory in factories where !ranges.contains(factory.range) { ranges.append(factory.range) }
    }
    for key in keys {
      for consumer in graph.consumers(of: key) where !ranges.contains(consumer.parameter.range) {
        ranges.append(consumer.parameter.range)
      }
    }
    return ranges.map(lspLocation)
  }
}
