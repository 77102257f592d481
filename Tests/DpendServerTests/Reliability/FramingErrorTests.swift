import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Broken headers: each is answered with one -32700 (id `null`), its header block is
/// skipped, and the next message is read and answered as usual.
@Suite struct FramingErrorTests {
  @Test(arguments: [
    ("Content-Length 5\r\n\r\n", "malformed header line 'Content-Length 5'"),
    ("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n", "missing Content-Length header"),
    ("Content-Length: abc\r\n\r\n", "invalid Content-Length 'abc'"),
    ("Content-Length: -5\r\n\r\n", "invalid Content-Length '-5'"),
    ("Content-Length: +5\r\n\r\n", "invalid Content-Length '+5'"),
    ("Content-Length: 67108865\r\n\r\n", "Content-Length 67108865 exceeds the limit of 67108864 bytes"),
  ])
  func aBrokenHeaderIsAParseErrorAndTheNextMessageIsAnswered(header: String, reason: String) throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    client.writeRaw(Array(header.utf8))
    #expect(try client.errorWithoutID() == ResponseError(code: -32700, message: "invalid message header: \(reason)"))
    #expect(try client.ping() == .failure(.pingNotFound))
    #expect(try client.shutdownAndExit() == 0)
    #expect(try client.leftovers().invalidBodies == [])
  }

  /// The body of the refused header runs into the next message's header; the server finds
  /// that header and answers the next message.
  @Test func theMessageAfterABrokenHeaderAndItsBodyIsAnswered() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    let body = #"{"jsonrpc":"2.0","id":77,"method":"textDocument/hover","params":{}}"#
    client.writeRaw(Array("Content-Lenght: \(body.utf8.count)\r\n\r\n\(body)".utf8))
    #expect(
      try client.errorWithoutID()
        == ResponseError(code: -32700, message: "invalid message header: missing Content-Length header"))
    #expect(try client.ping() == .failure(.pingNotFound))
    #expect(try client.shutdownAndExit() == 0)
    #expect(try client.leftovers().invalidBodies == [])
  }
}
