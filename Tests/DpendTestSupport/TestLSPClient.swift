import DpendModel
import DpendProtocol
import Foundation

/// A language-server client for tests: runs the real `dpend lsp` process and talks JSON-RPC
/// to it over pipes.
///
/// Received messages go to an inbox; `wait…` and `take…` calls take the first matching one
/// out, each with its own timeout. When the server's output ends first (it exited or
/// crashed: under ThreadSanitizer a race report ends it with status 66), they throw
/// ``ServerEnded`` with its exit status and standard error instead of waiting out the
/// timeout. Requests from the server (`client/registerCapability`,
/// `window/workDoneProgress/create`, `workspace/applyEdit`) are answered with `null` and kept
/// in the inbox so tests can check them, unless the client was started with
/// `answersServerRequests: false` (then the test answers them itself, see ``send(json:)``).
/// Every message is also kept as the JSON the server wrote (``takeJSON(_:timeout:where:)``).
/// The process is killed when the client goes, or by ``stop()``.
///
/// This file holds the process and the raw messages; typed requests, notifications and
/// documents are in `TestLSPClient+Typed.swift`.
public final class TestLSPClient: @unchecked Sendable {
  /// Nothing matching came in time.
  public struct Timeout: Error, CustomStringConvertible {
    /// What the test waited for.
    public var what: String
    /// A timeout waiting for `what`.
    public init(what: String) { self.what = what }
    /// What the test waited for, in a sentence.
    public var description: String { "timed out waiting for \(what)" }
  }

  /// The server's output ended while a test waited for `what`.
  public struct ServerEnded: Error, CustomStringConvertible {
    /// What the test waited for.
    public var what: String
    /// The exit status, `nil` when the process still ran 10 s after its output ended.
    public var status: Int32?
    /// The end of what the server wrote to standard error (a crash or race report).
    public var standardError: String
    /// How the server ended, before what, and the end of its standard error.
    public var description: String {
      let ending = status.map { "exited with status \($0)" } ?? "closed its output"
      return "the server \(ending) before \(what); its standard error ends with:\n\(standardError)"
    }
  }

  /// The server process.
  public let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private let stderr = Pipe()
  private let condition = NSCondition()
  private let answersServerRequests: Bool
  // Guarded by `condition`.
  private var inbox: [(message: Message, json: LSPAny)] = []
  /// Bodies the server wrote that are not JSON-RPC messages.
  private var invalidBodies: [String] = []
  private var inputEnded = false
  /// What the server wrote to standard error, read as it comes so the server never blocks
  /// on a full pipe.
  private var errorOutput = Data()
  private var errorEnded = false
  private var nextID = 0
  /// Objects that must live as long as the server, such as its workspace folder.
  private var keptAlive: [AnyObject] = []

  /// Multiplies every timeout: `DPEND_TEST_TIMEOUT_SCALE` (default 1), which CI raises for
  /// the run under ThreadSanitizer, where the server is several times slower.
  public static let timeoutScale: TimeInterval = {
    let value = ProcessInfo.processInfo.environment["DPEND_TEST_TIMEOUT_SCALE"].flatMap(TimeInterval.init)
    return max(value ?? 1, 1)
  }()

  /// Keeps `object` (a temporary workspace) alive until the client goes.
  public func keepAlive(_ object: AnyObject) {
    condition.lock()
    keptAlive.append(object)
    condition.unlock()
  }

  /// Starts the built `dpend` (``BuiltProduct/dpend``) with `arguments`. With
  /// `answersServerRequests: false`, requests from the server stay unanswered until the test
  /// sends the responses.
  public init(arguments: [String] = ["lsp", "--debounce", "10"], answersServerRequests: Bool = true) throws {
    self.answersServerRequests = answersServerRequests
    process.executableURL = BuiltProduct.dpend
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // The reader holds the client only while handling data, so a test that drops its client
    // (even by throwing) runs `deinit`, which kills the server and so ends the reader.
    let handle = stdout.fileHandleForReading
    let reader = Thread { [weak self] in
      var framer = MessageFramer()
      while true {
        let data = handle.availableData
        guard let self else { return }
        if data.isEmpty { return self.inputDidEnd() }
        self.receive(data, into: &framer)
      }
    }
    reader.start()
    let errors = stderr.fileHandleForReading
    let errorReader = Thread { [weak self] in
      while true {
        let data = errors.availableData
        guard let self else { return }
        self.condition.lock()
        self.errorOutput.append(data)
        self.errorEnded = data.isEmpty
        self.condition.broadcast()
        self.condition.unlock()
        if data.isEmpty { return }
      }
    }
    errorReader.start()
  }

  deinit { stop() }

  private func receive(_ data: Data, into framer: inout MessageFramer) {
    framer.append(data)
    while let frame = framer.next() {
      guard case .message(let body) = frame else { continue }
      guard let message = try? Message.decode(body), let json = try? LSPAny.decode(json: body) else {
        condition.lock()
        invalidBodies.append(String(decoding: body, as: UTF8.self))
        condition.unlock()
        continue
      }
      if answersServerRequests, case .request(let id, _, _) = message {
        write(MessageEncoder.response(id: id, result: LSPAny?.none))
      }
      condition.lock()
      inbox.append((message, json))
      condition.broadcast()
      condition.unlock()
    }
  }

  private func inputDidEnd() {
    condition.lock()
    inputEnded = true
    condition.broadcast()
    condition.unlock()
  }

  // MARK: Sending

  /// Writes raw bytes, framing included (for malformed-input tests).
  public func writeRaw(_ bytes: [UInt8]) {
    stdin.fileHandleForWriting.write(Data(bytes))
  }

  /// Writes `body` in a correct frame.
  public func write(_ body: [UInt8]) { writeRaw(MessageFramer.frame(body)) }

  /// Writes `body` as it is, in a correct frame.
  public func writeBody(_ body: String) { write(Array(body.utf8)) }

  /// Closes the server's standard input.
  public func closeInput() throws { try stdin.fileHandleForWriting.close() }

  /// A request id no other request of this client has.
  public func newRequestID() -> RequestID {
    condition.lock()
    defer { condition.unlock() }
    nextID += 1
    return .number(nextID)
  }

  /// Sends a request with JSON params and returns its id.
  @discardableResult
  public func sendRequest(_ method: String, _ params: LSPAny = .object([:])) -> RequestID {
    let id = newRequestID()
    write(MessageEncoder.request(id: id, method: method, params: params))
    return id
  }

  /// Sends a notification with JSON params.
  public func sendNotification(_ method: String, _ params: LSPAny = .object([:])) {
    write(MessageEncoder.notification(method: method, params: params))
  }

  /// Sends `message` as it is: a request, a notification or a response to a server request.
  public func send(json message: LSPAny) {
    write(Array(message.json.utf8))
  }

  // MARK: Waiting

  /// Takes the first message matching `predicate` out of the inbox, waiting up to `timeout`.
  public func take(_ what: String, timeout: TimeInterval = 10, where predicate: (Message) -> Bool) throws -> Message {
    try takeEntry(what, timeout: timeout) { predicate($0.message) }.message
  }

  /// Takes the first message whose JSON matches `predicate` out of the inbox, waiting up to
  /// `timeout`, and returns the JSON exactly as the server wrote it.
  public func takeJSON(_ what: String, timeout: TimeInterval = 10, where predicate: (LSPAny) -> Bool) throws -> LSPAny {
    try takeEntry(what, timeout: timeout) { predicate($0.json) }.json
  }

  private func takeEntry(
    _ what: String, timeout: TimeInterval, where predicate: ((message: Message, json: LSPAny)) -> Bool
  ) throws -> (message: Message, json: LSPAny) {
    let deadline = Date().addingTimeInterval(timeout * Self.timeoutScale)
    condition.lock()
    while true {
      if let index = inbox.firstIndex(where: predicate) {
        defer { condition.unlock() }
        return inbox.remove(at: index)
      }
      if inputEnded { break }
      if !condition.wait(until: deadline) {
        condition.unlock()
        throw Timeout(what: what)
      }
    }
    condition.unlock()
    throw serverEnded(before: what)
  }

  /// Why nothing more will come: the exit status and the end of standard error.
  private func serverEnded(before what: String) -> ServerEnded {
    let status = try? waitForExit(timeout: 10)
    return ServerEnded(what: what, status: status, standardError: String(standardError().suffix(16_000)))
  }

  /// The messages received and not taken yet, as JSON, in arrival order.
  public func untakenMessages() -> [LSPAny] {
    condition.lock()
    defer { condition.unlock() }
    return inbox.map(\.json)
  }

  /// Waits up to `timeout` for the server's output to end (after it exited), then returns
  /// the messages nobody took and the bodies that were not JSON-RPC messages.
  public func leftovers(timeout: TimeInterval = 10) throws -> (messages: [LSPAny], invalidBodies: [String]) {
    let deadline = Date().addingTimeInterval(timeout * Self.timeoutScale)
    condition.lock()
    defer { condition.unlock() }
    while !inputEnded {
      if !condition.wait(until: deadline) { throw Timeout(what: "the end of the server's output") }
    }
    return (inbox.map(\.json), invalidBodies)
  }

  /// The result of request `id` as JSON, or its error.
  public func response(_ id: RequestID, timeout: TimeInterval = 10) throws -> Result<LSPAny, ResponseError> {
    let message = try take("the response to \(id)", timeout: timeout) {
      if case .response(id, _) = $0 { return true }
      return false
    }
    guard case .response(_, let result) = message else { fatalError("unreachable") }
    return result
  }

  /// Sends a request with JSON params and waits for its result; an error response throws.
  public func request(_ method: String, _ params: LSPAny = .object([:]), timeout: TimeInterval = 10) throws -> LSPAny {
    try response(sendRequest(method, params), timeout: timeout).get()
  }

  // MARK: Lifecycle

  /// Waits for the process to end and returns its status.
  public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout * Self.timeoutScale)
    while process.isRunning {
      guard Date() < deadline else { throw Timeout(what: "the server to exit") }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return process.terminationStatus
  }

  /// Kills the server if it still runs and waits for it to end.
  ///
  /// With SIGKILL: the server inherits the signal mask of the test thread that started it,
  /// in which SIGTERM (what `Process.terminate()` sends) can be blocked.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Everything the server wrote to standard error so far (all of it after it exited).
  public func standardError() -> String {
    let exited = !process.isRunning
    let deadline = Date().addingTimeInterval(10)
    condition.lock()
    defer { condition.unlock() }
    while exited && !errorEnded && condition.wait(until: deadline) {}
    return String(decoding: errorOutput, as: UTF8.self)
  }
}
