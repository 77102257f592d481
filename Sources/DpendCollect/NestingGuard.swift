import DpendModel
import Foundation

/// Keeps pathological nesting from crashing or hanging the process.
///
/// SwiftParser 603 has two weaknesses with nesting, found by the reliability tests:
/// - its lookahead (deciding whether `[[[…` starts a type) recurses once per bracket with
///   no limit of its own: 10,000 nested brackets overflow an 8 MB stack;
/// - that lookahead takes twice as long for each further `[` that directly follows another:
///   24 of them take 6 s in a release build, 30 would take minutes.
/// So the text is measured first (one byte scan, code, strings and comments alike, which can
/// only overestimate). A file with a run of more than ``longestBracketRun`` consecutive `[`
/// (white space between them allowed), or nesting deeper than ``refusedDepth``, is not
/// parsed and gets a diagnostic; a deep file is parsed on a thread whose stack fits it.
enum NestingGuard {
  /// Depths up to this are parsed on the calling thread.
  static let inlineDepth = 64
  /// Files nesting deeper are not parsed.
  static let refusedDepth = 50_000
  /// Files with a longer run of consecutive `[` are not parsed (16 take 0.05 s to parse).
  static let longestBracketRun = 16
  /// Stack per level of nesting: a debug build's parser uses about 7 KB.
  static let bytesPerLevel = 16 << 10

  /// How deep `source` nests.
  struct Measure: Equatable {
    /// The deepest nesting of `(`, `[` and `{`.
    var depth = 0
    /// The longest run of `[` with only white space between them.
    var bracketRun = 0

    /// `true` when the parser must not be given the text.
    var isRefused: Bool { depth > NestingGuard.refusedDepth || bracketRun > NestingGuard.longestBracketRun }
  }

  static func measure(_ source: String) -> Measure {
    var source = source
    // Native strings are contiguous: scan the bytes in place, not through the UTF-8 view.
    return source.withUTF8(measure)
  }

  private static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> Measure {
    var result = Measure()
    var current = 0
    var run = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "["):
        current += 1
        run += 1
        result.depth = max(result.depth, current)
        result.bracketRun = max(result.bracketRun, run)
      case UInt8(ascii: "("), UInt8(ascii: "{"):
        current += 1
        run = 0
        result.depth = max(result.depth, current)
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        current = max(current - 1, 0)
        run = 0
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        continue
      default:
        run = 0
      }
    }
    return result
  }

  /// The error for a file the parser is not given.
  static func refusal(path: String, _ measure: Measure) -> Diagnostic {
    let reason =
      measure.bracketRun > longestBracketRun
      ? "opens \(measure.bracketRun) '[' in a row, more than \(longestBracketRun)"
      : "nests brackets \(measure.depth) levels deep, more than \(refusedDepth)"
    return Diagnostic(
      code: .unreadableFile, message: "'\(path)' \(reason): not analysed", range: .startOfFile(path))
  }

  /// Runs `body` with a stack that fits `depth` levels of nesting: on this thread when the
  /// nesting is shallow, else on a thread of its own, waiting for it.
  static func withStack<T>(forDepth depth: Int, _ body: @escaping () -> T) -> T {
    guard depth > inlineDepth else { return body() }
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let unchecked = UncheckedBody(run: body)
    let thread = Thread {
      box.value = unchecked.run()
      done.signal()
    }
    thread.stackSize = (16 << 20) + depth * bytesPerLevel
    thread.start()
    done.wait()
    return box.value!
  }

  /// The result of the parsing thread, read after it signalled.
  private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
  }

  /// The body handed to the parsing thread, which runs it while the caller waits.
  private struct UncheckedBody<T>: @unchecked Sendable {
    let run: () -> T
  }
}
