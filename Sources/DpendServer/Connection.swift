import DpendModel
import DpendProtocol
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSON-RPC over a pair of file descriptors (stdin/stdout for `dpend lsp`).
///
/// A background thread reads and frames messages and hands each to `receive` in order;
/// `send` may be called from any thread and writes whole frames atomically.
public final class Connection: Sendable {
  /// What the reader delivers.
  public enum Event: Sendable {
    /// A message, its params already decoded as the method table says.
    case message(IncomingMessage)
    /// A body or header that is not a message; answer with `error` (to `id` if known).
    case invalid(id: RequestID?, error: ResponseError)
    /// The input ended.
    case endOfInput
  }

  private let input: Int32
  private let output: Int32
  /// Held while a frame is written; counts the frames. Not `Locked(())`: ThreadSanitizer
  /// takes the access to a value of no size for an access to the lock object itself, and
  /// reports two threads writing in turn (the reader's errors, the queue, the progress of the
  /// threads reading files) as a race.
  private let writeLock = Locked(0)

  /// - Parameters:
  ///   - input: the descriptor messages are read from.
  ///   - output: the descriptor messages are written to.
  public init(input: Int32, output: Int32) {
    self.input = input
    self.output = output
  }

  /// Starts the reader thread; `receive` is called on it for every event, in order. Each
  /// message is decoded once, its params as the type `methods` registers for its method.
  public func start(methods: MethodTable, receive: @escaping @Sendable (Event) -> Void) {
    let input = self.input
    let thread = Thread {
      var framer = MessageFramer()
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          receive(.endOfInput)
          return
        }
        framer.append(buffer[0..<count])
        while let frame = framer.next() {
          switch frame {
          case .message(let body):
            do throws(Message.DecodeFailure) {
              receive(.message(try IncomingMessage.decode(body, methods: methods)))
            } catch {
              receive(.invalid(id: error.id, error: error.error))
            }
          case .invalidHeader(let reason):
            receive(.invalid(id: nil, error: .parseError("invalid message header: \(reason)")))
          }
        }
      }
    }
    thread.name = "dpend-lsp-reader"
    thread.start()
  }

  /// Writes one framed message.
  public func send(_ body: [UInt8]) {
    let frame = MessageFramer.frame(body)
    writeLock.withLock { frames in
      frames &+= 1
      var written = 0
      while written < frame.count {
        let result = frame.withUnsafeBytes { write(output, $0.baseAddress! + written, frame.count - written) }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { return }
        written += result
      }
    }
  }
}
