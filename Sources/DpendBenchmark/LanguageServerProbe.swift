import DpendProtocol
import Foundation

/// Runs the real `dpend lsp` on a workspace and measures what a user feels: the time from
/// `initialized` to the first published diagnostics, and the process's memory afterwards.
struct LanguageServerProbe {
  let binary: String

  struct Result {
    /// Seconds from sending `initialized` to the first `publishDiagnostics`.
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
    var framer = MessageFramer()
    func send(_ body: [UInt8]) { input.fileHandleForWriting.write(Data(MessageFramer.frame(body))) }
    func next(until deadline: Date) throws -> Message {
      while true {
        if let frame = framer.next(), case .message(let body) = frame, let message = try? Message.decode(body) {
          return message
        }
        guard Date() < deadline else { throw ProbeError.timeout }
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { throw ProbeError.serverExited }
        framer.append(data)
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
    while true {
      if case .notification(PublishDiagnosticsNotification.method, _) = try next(until: deadline) { break }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    func kilobytes(_ field: String) -> Int {
      let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    send(MessageEncoder.request(id: .number(2), method: ShutdownRequest.method, params: LSPAny.object([:])))
    send(MessageEncoder.notification(method: ExitNotification.method, params: LSPAny.object([:])))
    process.waitUntilExit()
    return Result(
      firstDiagnostics: elapsed, residentBytes: kilobytes("VmRSS") * 1024, peakResidentBytes: kilobytes("VmHWM") * 1024)
  }

  enum ProbeError: Error { case timeout, serverExited }
}
