import DpendModel
import DpendProtocol
import DpendWorkspace

/// An editor's document: its text and version override the disk.
struct OpenDocument {
  var version: Int
  var text: String
  var lines: LineTable

  init(version: Int, text: String) {
    self.version = version
    self.text = text
    lines = LineTable(text)
  }
}

extension LanguageServer {
  func folder(for path: String) -> WorkspaceFolderState? {
    folders.filter { $0.contains(path) }.max { $0.root.count < $1.root.count }
  }

  func didOpen(_ notification: DidOpenTextDocumentNotification) {
    guard let path = FileURI.path(notification.textDocument.uri) else { return }
    let item = notification.textDocument
    documents[path] = OpenDocument(version: item.version, text: item.text)
    textChanged(path)
    guard let folder = folder(for: path), folder.analyses(path) else { return }
    folder.host.open(path: path, text: item.text)
    changed(folder)
  }

  func didChange(_ notification: DidChangeTextDocumentNotification) {
    guard let path = FileURI.path(notification.textDocument.uri), var document = documents[path] else { return }
    var edits: [TextReplacement] = []
    var bytes = Array(document.text.utf8)
    for change in notification.contentChanges {
      guard let range = change.range else {
        edits.append(TextReplacement(offset: 0, length: bytes.count, replacement: change.text))
        bytes = Array(change.text.utf8)
        document.lines = LineTable(bytes: bytes)
        continue
      }
      let start = document.lines.offset(of: range.start, encoding: encoding)
      let end = max(start, document.lines.offset(of: range.end, encoding: encoding))
      edits.append(TextReplacement(offset: start, length: end - start, replacement: change.text))
      bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
      document.lines = LineTable(bytes: bytes)
    }
    document.text = String(decoding: bytes, as: UTF8.self)
    // Without a version the next one is assumed; `Int.max` stays (no overflow).
    document.version = notification.textDocument.version ?? (document.version == .max ? .max : document.version + 1)
    documents[path] = document
    textChanged(path)
    guard let folder = folder(for: path), folder.analyses(path) else { return }
    folder.host.change(path: path, to: document.text, edits: edits)
    changed(folder)
  }

  func didClose(_ notification: DidCloseTextDocumentNotification) {
    guard let path = FileURI.path(notification.textDocument.uri) else { return }
    documents[path] = nil
    textChanged(path)
    guard let folder = folder(for: path), folder.analyses(path) else { return }
    folder.host.close(path: path)
    // The disk is the truth again.
    if let text = WorkspaceLoader.readText(path) {
      folder.host.update([(path, text)])
    } else {
      folder.host.remove([path])
    }
    changed(folder)
  }

  /// Marks `folder` stale and schedules an analysis.
  func changed(_ folder: WorkspaceFolderState) {
    folder.isStale = true
    scheduleAnalysis()
  }
}
