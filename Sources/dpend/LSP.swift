import ArgumentParser
import DpendServer
import Foundation

/// `dpend lsp`: the language server on standard input and output.
struct LSP: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server: JSON-RPC with Content-Length framing on stdin/stdout (LSP 3.17).",
    discussion:
      "Logs go to the client (window/logMessage); errors, and what comes before the client connects, to standard error; never to standard output."
  )

  @Option(help: "Milliseconds between the last change and the analysis (0–100).")
  var debounce: Int = 50

  @Option(
    name: .customLong("cache-directory"),
    help: ArgumentHelp(
      "The folder the caches go in, one subfolder per workspace folder.",
      discussion: WorkspaceOptions.defaultCacheDirectory))
  var cacheDirectory: String?

  @Option(
    name: .customLong("indexing-grace"),
    help:
      "Milliseconds a hover, definition or other request a user asks waits for the first index before it is told how far the index is."
  )
  var indexingGrace: Int = 2000

  func validate() throws {
    guard (0...100).contains(debounce) else { throw ValidationError("--debounce must be between 0 and 100") }
    guard indexingGrace >= 0 else { throw ValidationError("--indexing-grace must not be negative") }
  }

  func run() throws {
    // A client that goes away must not kill the server with SIGPIPE mid-write: the write
    // fails instead, and the end of input ends the process.
    signal(SIGPIPE, SIG_IGN)
    // The mask is inherited from whoever spawned us; editors stop servers with SIGTERM.
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    let server = LanguageServer(
      connection: Connection(input: STDIN_FILENO, output: STDOUT_FILENO), debounce: .milliseconds(debounce),
      cacheRoot: cacheDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL },
      indexingGrace: .milliseconds(indexingGrace))
    server.start()
    // The server ends the process on `exit` or at the end of input.
    while true { sleep(3600) }
  }
}
