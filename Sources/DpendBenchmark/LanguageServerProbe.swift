import DpendModel
import DpendProtocol
import Foundation

/// Runs the real `dpend lsp` on a workspace and measures what a user feels: the time from
/// `initialized` to the first published diagnostics, and the process's memory afterwards.
///
/// A workspace with no problem has no diagnostics to publish: the first analysis then ends
/// when a request that waits for it (a hover sent right after `initialized`) is answered.
/// The server publishes before it answers waiting requests, so in a workspace with problems
/// the publication comes first and is what is timed.
struct LanguageServerProbe {
  let binary: String

  struct Result {
    /// Seconds from sending `initialized` to the first `publishDiagnostics`, or to the answer
    /// of the request waiting for the first analysis when nothing is published.
    var firstDiagnostics: Double
    /// Resident set size once indexed (VmRSS), in bytes.
    var residentBytes: Int
    /// Peak resident set size (VmHWM), in bytes.
    var peakResidentBytes: Int
  }

  func measure(root: URL) throws -> Result {
    let server = try ServerSession(binary: binary)
    let deadline = Date().addingTimeInterval(120)
    try server.request(
      id: 1, method: InitializeRequest.method, params: InitializeRequest(processId: nil, rootUri: root.absoluteString),
      deadline: deadline)
    let start = DispatchTime.now().uptimeNanoseconds
    server.send(MessageEncoder.notification(method: InitializedNotification.method, params: InitializedNotification()))
    // A file that is not in the workspace: the answer (none) costs nothing once the graph is there.
    let probe = TextDocumentIdentifier(uri: root.appendingPathComponent("dpend-benchmark-probe.swift").absoluteString)
    server.send(
      MessageEncoder.request(
        id: .number(2), method: HoverRequest.method,
        params: HoverRequest(textDocument: probe, position: Position(line: 0, character: 0))))
    waiting: while true {
      switch try server.next(until: deadline) {
      case .notification(PublishDiagnosticsNotification.method, _), .response(.number(2)?, _): break waiting
      default: continue
      }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
    func kilobytes(_ field: String) -> Int {
      let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    server.stop()
    return Result(
      firstDiagnostics: elapsed, residentBytes: kilobytes("VmRSS") * 1024, peakResidentBytes: kilobytes("VmHWM") * 1024)
  }
}
