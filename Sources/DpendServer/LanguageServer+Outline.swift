import DpendIDE
import DpendModel
import DpendProtocol

/// Document and workspace symbols, code lenses, inlay hints and the call hierarchy: LSP's
/// form of ``IDE``'s nodes, lenses and labels.
extension LanguageServer {
  /// The client command a lens runs: it shows the locations, its second argument.
  static let showReferencesCommand = "dpend.showReferences"

  /// The IDE of the workspace holding `uri`'s file, and the file's path.
  private func ide(of uri: String) -> (ide: IDE, path: String)? {
    guard let path = FileURI.path(uri), let graph = workspace(for: path)?.graph else { return nil }
    return (IDE(graph: graph), path)
  }

  /// A file's registrations and providers, each under the setup it is written in.
  func documentSymbols(_ request: DocumentSymbolRequest) -> [DocumentSymbol]? {
    guard let (ide, path) = ide(of: request.textDocument.uri) else { return nil }
    var result: [DocumentSymbol] = []
    var groups: [String: Int] = [:]
    for node in ide.nodes(in: path) {
      let range = ide.lspRange(node.range, positions)
      let symbol = DocumentSymbol(
        name: node.name, detail: node.detail, kind: SymbolKind.constructor, range: range, selectionRange: range,
        children: nil)
      guard let group = node.group else {
        result.append(symbol)
        continue
      }
      if let at = groups[group] {
        result[at].children!.append(symbol)
        // The group covers its children: from its declaration (or first child) to the last.
        result[at].range.end = max(result[at].range.end, range.end)
      } else {
        groups[group] = result.count
        let kind = node.kind == .provider ? SymbolKind.class : SymbolKind.function
        // Where the group is declared (the assembly's name), else at its first child.
        let declared = node.groupRange.map { ide.lspRange($0, positions) } ?? range
        result.append(
          DocumentSymbol(
            name: group, detail: nil, kind: kind, range: Range(start: min(declared.start, range.start), end: range.end),
            selectionRange: declared, children: [symbol]))
      }
    }
    return result
  }

  /// Every registered key matching the query, in every workspace folder.
  func workspaceSymbols(_ request: WorkspaceSymbolRequest) -> [SymbolInformation]? {
    workspaces.flatMap { workspace -> [SymbolInformation] in
      guard let graph = workspace.graph else { return [] }
      let ide = IDE(graph: graph)
      return ide.nodes(matching: request.query).map {
        SymbolInformation(
          name: $0.name, kind: SymbolKind.constructor, location: ide.location($0.range, positions),
          containerName: $0.group)
      }
    }
  }

  func codeLenses(_ request: CodeLensRequest) -> [CodeLens]? {
    guard let (ide, path) = ide(of: request.textDocument.uri) else { return nil }
    return ide.lenses(in: path).map { lens in
      let range = ide.lspRange(lens.range, positions)
      let arguments: [LSPAny] = [
        .string(request.textDocument.uri), LSPAny(encoding: range.start),
        LSPAny(encoding: lens.locations.map { ide.location($0, positions) }),
      ]
      return CodeLens(
        range: range, command: Command(title: lens.title, command: Self.showReferencesCommand, arguments: arguments))
    }
  }

  func inlayHints(_ request: InlayHintRequest) -> [InlayHint]? {
    guard let (ide, path) = ide(of: request.textDocument.uri), let lines = ide.lines(of: path) else { return nil }
    return ide.inlayLabels(in: path).compactMap { label in
      let position = positions.position(ofOffset: label.position.offset, lines: lines)
      guard request.range.start <= position && position <= request.range.end else { return nil }
      // Padded on the left and given a kind, so the editor sets it apart from the code.
      return InlayHint(
        position: position, label: label.label, kind: label.isType ? InlayHint.typeKind : InlayHint.parameterKind,
        tooltip: label.tooltip, paddingLeft: true, paddingRight: !label.isType)
    }
  }

  func prepareCallHierarchy(_ request: CallHierarchyPrepareRequest) -> [CallHierarchyItem]? {
    guard let (ide, path, offset) = ide(at: request.textDocument.uri, request.position) else { return nil }
    let nodes = ide.hierarchyNodes(at: offset, in: path)
    return nodes.isEmpty ? nil : nodes.map { item($0, ide) }
  }

  func incomingCalls(_ request: CallHierarchyIncomingCallsRequest) -> [CallHierarchyIncomingCall]? {
    guard let (ide, node) = node(of: request.item) else { return nil }
    return ide.incoming(node).map {
      CallHierarchyIncomingCall(from: item($0.from, ide), fromRanges: $0.at.map { ide.lspRange($0, positions) })
    }
  }

  func outgoingCalls(_ request: CallHierarchyOutgoingCallsRequest) -> [CallHierarchyOutgoingCall]? {
    guard let (ide, node) = node(of: request.item) else { return nil }
    return ide.outgoing(node).map {
      CallHierarchyOutgoingCall(to: item($0.to, ide), fromRanges: $0.at.map { ide.lspRange($0, positions) })
    }
  }

  private func item(_ node: KeyNode, _ ide: IDE) -> CallHierarchyItem {
    let range = ide.lspRange(node.range, positions)
    let kind = node.kind == .resolve ? SymbolKind.function : SymbolKind.constructor
    return CallHierarchyItem(
      name: node.name, kind: kind, detail: node.detail, uri: FileURI.uri(node.range.file), range: range,
      selectionRange: range)
  }

  /// The node an item the client sends back stands for, found again at its selection range
  /// in the current graph.
  private func node(of item: CallHierarchyItem) -> (IDE, KeyNode)? {
    guard let (ide, path, offset) = ide(at: item.uri, item.selectionRange.start),
      let node = ide.hierarchyNode(named: item.name, at: offset, in: path)
    else { return nil }
    return (ide, node)
  }
}
