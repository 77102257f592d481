import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Bodies made by breaking the cases of ``IncomingMessageTests`` at random (a fixed seed):
/// whatever a body has become, the typed decoding gives what the untyped path gives.
@Suite struct IncomingMessageMutationTests {
  /// Bytes and snippets that reach the decoders' corners: structure, escapes, numbers JSON
  /// or `JSONDecoder` refuses, control characters and broken UTF-8.
  private static let snippets: [[UInt8]] =
    [
      "\"", "\\", "{", "}", "[", "]", ":", ",", " ", "0", "1", "-", ".", "e", "E", "+", "n", "u", "x",
      "01", "1.", "1e400", "1e-400", "-0", "1.5", "99999999999999999999", "null", "true", "[]", "{}",
      #""\ud800""#, #""\ud83e\udd8a""#, #"\u00e9"#, #"\uD800"#, #"\x"#, #"\u12"#, #""a":1,"#, #""params":"#,
      #""id":null,"#, #""method":"exit","#, "é", "🦊",
    ].map { Array($0.utf8) } + [[0x01], [0x1F], [0x7F], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]]

  private static var seeds: [[UInt8]] {
    (IncomingMessageTests.validMessages + IncomingMessageTests.invalidParams + IncomingMessageTests.invalidMessages
      + IncomingMessageTests.lazilyReadValues).map { Array($0.body.utf8) }
  }

  /// `count` bodies made by breaking the seeds at random (a fixed seed): mostly one change,
  /// so that many bodies stay messages.
  private static func brokenBodies(count: Int) -> [[UInt8]] {
    var random = SplitMix64(seed: 0x5EED)
    let seeds = Self.seeds
    return (0..<count).map { _ in
      var body = random.pick(seeds)
      for _ in 0...(random.below(4) == 0 ? 1 : 0) where !body.isEmpty {
        let index = random.below(body.count)
        let snippet = random.pick(Self.snippets)
        switch random.below(3) {
        case 0: body.replaceSubrange(index...index, with: snippet)
        case 1: body.insert(contentsOf: snippet, at: index)
        default: body.remove(at: index)
        }
      }
      return body
    }
  }

  /// `true` when a comma is followed, spaces aside, by `]` or `}` somewhere in `body`.
  private static func hasTrailingComma(_ body: [UInt8]) -> Bool {
    body.indices.contains { index in
      body[index] == UInt8(ascii: ",")
        && body[(index + 1)...].first { $0 != UInt8(ascii: " ") }.map {
          $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}")
        }
          == true
    }
  }

  /// The one JSON parser reads a body as Foundation's `JSONDecoder` reads every value of it
  /// (the server's reader before it): the same value, or no value at all. But for a comma
  /// before a closing bracket, which Foundation's reader accepts and RFC 8259 does not.
  @Test func theParserReadsAsFoundationsDecoderReadsEveryValue() {
    var differences: [String] = []
    var compared = 0
    for body in Self.brokenBodies(count: 6000) + Self.seeds where !Self.hasTrailingComma(body) {
      compared += 1
      let ours = try? JSONValue.parse(body)
      let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(body))
      if ours != foundation {
        differences.append(
          "\(String(decoding: body, as: UTF8.self))\n  parse: \(ours.map { "\($0)" } ?? "error")"
            + "\n  JSONDecoder: \(foundation.map { "\($0)" } ?? "error")")
      }
    }
    #expect(compared > 5000)
    #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.first ?? "")")
  }

  @Test func brokenBodiesDecodeAsTheUntypedPathDoes() {
    var differences: [String] = []
    for body in Self.brokenBodies(count: 6000) {
      let typed = DecodeOutcome.typed(body)
      let untyped = DecodeOutcome.untyped(body)
      if typed != untyped {
        differences.append("\(String(decoding: body, as: UTF8.self))\n  typed:   \(typed)\n  untyped: \(untyped)")
      }
    }
    #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.first ?? "")")
  }
}
