import Testing

@testable import DpendProtocol

@Suite struct MessageFramerTests {
  private func frame(_ body: String) -> [UInt8] { MessageFramer.frame(Array(body.utf8)) }

  private func drain(_ framer: inout MessageFramer) -> [MessageFramer.Frame] {
    var frames: [MessageFramer.Frame] = []
    while let frame = framer.next() { frames.append(frame) }
    return frames
  }

  @Test func framesABody() {
    #expect(String(decoding: frame("{}"), as: UTF8.self) == "Content-Length: 2\r\n\r\n{}")
  }

  @Test func splitsSeveralMessagesFromOneRead() {
    var framer = MessageFramer()
    framer.append(frame(#"{"a":1}"#) + frame(#"{"b":2}"#))
    #expect(drain(&framer) == [.message(Array(#"{"a":1}"#.utf8)), .message(Array(#"{"b":2}"#.utf8))])
  }

  @Test func reassemblesAMessageDeliveredOneByteAtATime() {
    var framer = MessageFramer()
    let bytes = frame(#"{"text":"héllo 🎉"}"#)
    var frames: [MessageFramer.Frame] = []
    for byte in bytes {
      framer.append([byte])
      frames += drain(&framer)
    }
    #expect(frames == [.message(Array(#"{"text":"héllo 🎉"}"#.utf8))])
  }

  @Test func lengthCountsBytesNotCharacters() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
    #expect(drain(&framer) == [.message(Array("\"é\"".utf8))])
  }

  @Test func largeBodyAcrossManyReads() {
    let body = "[" + String(repeating: "1,", count: 500_000) + "1]"
    var framer = MessageFramer()
    let bytes = frame(body)
    var frames: [MessageFramer.Frame] = []
    var index = 0
    while index < bytes.count {
      let end = min(index + 4096, bytes.count)
      framer.append(bytes[index..<end])
      frames += drain(&framer)
      index = end
    }
    #expect(frames == [.message(Array(body.utf8))])
  }

  @Test func headerNamesAreCaseInsensitiveAndContentTypeIsIgnored() {
    var framer = MessageFramer()
    framer.append(Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8))
    #expect(drain(&framer) == [.message(Array("{}".utf8))])
  }

  @Test func missingOrInvalidLengthIsReportedAndSkipped() {
    var framer = MessageFramer()
    framer.append(Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: -3\r\n\r\n".utf8) + frame("{}"))
    #expect(
      drain(&framer) == [
        .invalidHeader("missing Content-Length header"), .invalidHeader("invalid Content-Length '-3'"),
        .message(Array("{}".utf8)),
      ])
  }

  @Test func aLengthIsDigitsOnly() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: +2\r\n\r\nContent-Length: \r\n\r\n".utf8) + frame("{}"))
    #expect(
      drain(&framer) == [
        .invalidHeader("invalid Content-Length '+2'"), .invalidHeader("invalid Content-Length ''"),
        .message(Array("{}".utf8)),
      ])
  }

  @Test func absurdLengthIsRefusedAndReadingGoesOn() {
    var framer = MessageFramer(maximumLength: 10)
    framer.append(Array("Content-Length: 99999999999\r\n\r\n".utf8) + frame("{}"))
    #expect(
      drain(&framer) == [
        .invalidHeader("Content-Length 99999999999 exceeds the limit of 10 bytes"), .message(Array("{}".utf8)),
      ])
  }

  /// The body of a refused header is read as a header block and runs into the next
  /// header: the framer takes that header from its `Content-Length` and reads the next
  /// message instead of losing it too.
  @Test func aBodyAfterARefusedHeaderDoesNotCostTheNextMessage() {
    var framer = MessageFramer()
    let body = #"{"jsonrpc":"2.0","id":1,"method":"x","params":{"text":"Content-Length: 9"}}"#
    framer.append(Array("Content-Lenght: \(body.utf8.count)\r\n\r\n\(body)".utf8) + frame(#"{"id":2}"#))
    #expect(
      drain(&framer) == [.invalidHeader("missing Content-Length header"), .message(Array(#"{"id":2}"#.utf8))])
    // A header line that is only junk stays an error.
    framer.append(Array("{junk}\r\n\r\n".utf8) + frame("{}"))
    #expect(drain(&framer) == [.invalidHeader("malformed header line '{junk}'"), .message(Array("{}".utf8))])
    #expect(MessageFramer.resynchronized("Content-Length: 5") == "Content-Length: 5")
    #expect(MessageFramer.resynchronized(#"{"a":1}content-LENGTH: 7"#) == "content-LENGTH: 7")
  }

  @Test func endlessHeaderIsRefused() {
    var framer = MessageFramer()
    framer.append(Array(repeating: UInt8(ascii: "a"), count: 10_000))
    #expect(drain(&framer) == [.invalidHeader("header block longer than 8192 bytes")])
    framer.append(frame("{}"))
    #expect(drain(&framer) == [.message(Array("{}".utf8))])
  }
}
