/// Splits a byte stream into JSON-RPC message bodies framed by `Content-Length` headers.
///
/// Feed it whatever a read returned — half a header, several messages, a body split over
/// many reads — and take out complete bodies. Header names are case-insensitive;
/// `Content-Type` and unknown headers are ignored.
public struct MessageFramer: Sendable {
  /// Bodies larger than this are refused (their header is skipped) rather than buffered.
  public static let defaultMaximumLength = 64 << 20

  /// What ``next()`` found.
  public enum Frame: Equatable, Sendable {
    /// A complete message body.
    case message([UInt8])
    /// A header block that cannot be used; the block has been skipped.
    case invalidHeader(String)
  }

  private var buffer: [UInt8] = []
  private var start = 0
  private let maximumLength: Int

  public init(maximumLength: Int = MessageFramer.defaultMaximumLength) {
    self.maximumLength = maximumLength
  }

  /// Appends bytes read from the stream.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Header blocks longer than this are refused: real headers are a few dozen bytes.
  static let maximumHeaderLength = 8192

  /// The next complete frame, or `nil` when more bytes are needed.
  public mutating func next() -> Frame? {
    guard let headerEnd = findHeaderEnd() else {
      if buffer.count - start > Self.maximumHeaderLength {
        skip(to: buffer.count)
        return .invalidHeader("header block longer than \(Self.maximumHeaderLength) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    let bodyStart = headerEnd + 4
    var length: Int?
    for written in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
      let line = Self.resynchronized(written)
      guard let colon = line.firstIndex(of: ":") else {
        skip(to: bodyStart)
        return .invalidHeader("malformed header line '\(line)'")
      }
      let name = line[..<colon].trimmingSpaces().lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces()
      if name == "content-length" {
        // Digits only, as HTTP's `1*DIGIT`: `Int` alone would take "+5".
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let parsed = Int(value) else {
          skip(to: bodyStart)
          return .invalidHeader("invalid Content-Length '\(value)'")
        }
        length = parsed
      }
    }
    guard let length else {
      skip(to: bodyStart)
      return .invalidHeader("missing Content-Length header")
    }
    guard length <= maximumLength else {
      // Only the header is skipped: an absurd length is no reason to trust that a body of
      // that size follows, and waiting for it would leave the reader deaf.
      skip(to: bodyStart)
      return .invalidHeader("Content-Length \(length) exceeds the limit of \(maximumLength) bytes")
    }
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<bodyStart + length])
    skip(to: bodyStart + length)
    return .message(body)
  }

  /// `line` from its last `Content-Length` on, when what precedes it cannot start a header
  /// line. After a refused header its body is read as the next header block, and the body
  /// runs into the next message's header with no line break: `{…}Content-Length: 52`. Taking
  /// the header from there resynchronizes on the next message instead of losing it too.
  static func resynchronized(_ line: Substring) -> Substring {
    guard let colon = line.firstIndex(of: ":"), !isToken(line[..<colon]) else { return line }
    let bytes = Array(line.utf8)
    let target = Array("content-length".utf8)
    var index = bytes.count - target.count
    while index >= 0 {
      // ASCII letters compared without case: `| 0x20` lowercases them.
      if zip(bytes[index...], target).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
        return Substring(line.utf8.dropFirst(index))
      }
      index -= 1
    }
    return line
  }

  /// `true` for an HTTP header name (RFC 9110 `token`), spaces around it allowed.
  private static func isToken(_ name: Substring) -> Bool {
    let trimmed = name.trimmingSpaces()
    return !trimmed.isEmpty
      && trimmed.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
      }
  }

  /// Frames `body` for sending.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  private mutating func skip(to index: Int) {
    start = index
    if start > 1 << 16 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }

  /// The index of the `\r\n\r\n` ending the header block, if it has arrived.
  private func findHeaderEnd() -> Int? {
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
        return index
      }
      index += 1
    }
    return nil
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
