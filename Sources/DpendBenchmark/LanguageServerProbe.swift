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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["lsp"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    // Read the server's output on a thread of its own, always: a server blocked writing to a
    // full pipe could not process `shutdown`.
    let received = Locked<(bytes: [UInt8], ended: Bool)>(([], false))
    let reader = Thread {
      while true {
        let data = output.fileHandleForReading.availableData
        received.withLock {
          $0.bytes += data
          $0.ended = data.isEmpty
        }
        if data.isEmpty { return }
      }
    }
    reader.start()
    var framer = MessageFramer()
    func send(_ body: [UInt8]) { input.fileHandleForWriting.write(Data(MessageFramer.frame(body))) }
    func next(until deadline: Date) throws -> Message {
      while true {
        while let frame = framer.next() {
          if case .message(let body) = frame, let message = try? Message.decode(body) { return message }
        }
        let (bytes, ended) = received.withLock { state in
          defer { state.bytes = [] }
          return (state.bytes, state.ended)
        }
        if !bytes.isEmpty {
          framer.append(bytes)
          continue
        }
        guard !ended else { throw ProbeError.serverExited }
        guard Date() < deadline else { throw ProbeError.timeout }
        Thread.sleep(forTimeInterval: 0.0005)
      }
    }
    let deadline = Date().addingTimeInterval(120)
    send(
      MessageEncoder.request(
        id: .number(1), method: InitializeRequest.method,
        params: InitializeRequest(processId: nil, rootUri: root.absoluteString)))
    while true {
      if case .response(.number(1)?, _) = try next(until: deadline) { break }
    }
    let start = DispatchTime.now().uptimeNanoseconds
    send(MessageEncoder.notification(method: InitializedNotification.method, params: InitializedNotification()))
    // A file that is not in the workspace: the answer (none) costs nothing once the graph is there.
    let probe = TextDocumentIdentifier(uri: root.appendingPathComponent("dpend-benchmark-probe.swift").absoluteString)
    send(
      MessageEncoder.request(
        id: .number(2), method: HoverRequest.method,
        params: HoverRequest(textDocument: probe, position: Position(line: 0, character: 0))))
    waiting: while true {
      switch try next(until: deadline) {
      case .notification(PublishDiagnosticsNotification.method, _), .response(.number(2)?, _): break waiting
      default: continue
      }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    func kilobytes(_ field: String) -> Int {
      let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    send(MessageEncoder.request(id: .number(3), method: ShutdownRequest.method, params: LSPAny.object([:])))
    send(MessageEncoder.notification(method: ExitNotification.method, params: LSPAny.object([:])))
    process.waitUntilExit()
    return Result(
      firstDiagnostics: elapsed, residentBytes: kilobytes("VmRSS") * 1024, peakResidentBytes: kilobytes("VmHWM") * 1024)
  }

  enum ProbeError: Error { case timeout, serverExited }
}
