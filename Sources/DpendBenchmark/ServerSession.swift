import DpendModel
import DpendProtocol
import Foundation

/// A real `dpend lsp` process driven over pipes: framed messages out, decoded messages in,
/// its output read on a thread of its own (a server blocked writing to a full pipe could not
/// process `shutdown`).
final class ServerSession {
  private let process = Process()
  private let input = Pipe()
  private let received = Locked<(bytes: [UInt8], ended: Bool)>(([], false))
  private var framer = MessageFramer()

  /// Starts `binary lsp`.
  init(binary: String) throws {
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["lsp"]
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let received = received
    Thread {
      while true {
        let data = output.fileHandleForReading.availableData
        received.withLock {
          $0.bytes += data
          $0.ended = data.isEmpty
        }
        if data.isEmpty { return }
      }
    }.start()
  }

  deinit { if process.isRunning { process.terminate() } }

  var processIdentifier: Int32 { process.processIdentifier }

  func send(_ body: [UInt8]) { input.fileHandleForWriting.write(Data(MessageFramer.frame(body))) }

  /// The next message the server sends, by `deadline`.
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
      Thread.sleep(forTimeInterval: 0.0002)
    }
  }

  /// Sends a request and waits for its answer; returns the answer's result.
  @discardableResult
  func request(id: Int, method: String, params: some Encodable, deadline: Date) throws -> LSPAny? {
    send(MessageEncoder.request(id: .number(id), method: method, params: params))
    while true {
      if case .response(.number(id)?, let result) = try next(until: deadline) { return try? result.get() }
    }
  }

  /// `shutdown`, `exit`, and the process's end.
  func stop() {
    send(MessageEncoder.request(id: .number(-1), method: ShutdownRequest.method, params: LSPAny.object([:])))
    send(MessageEncoder.notification(method: ExitNotification.method, params: LSPAny.object([:])))
    process.waitUntilExit()
  }

  enum ProbeError: Error { case timeout, serverExited }
}
