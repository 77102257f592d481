/// A value kept in its own binary form (``BinaryCoder/encoded(_:prefix:)``, tables included)
/// until first asked for: a persisted state reads every file's part as bytes, and an update
/// decodes only the parts it reads. Bytes never decoded are written back as they were read.
///
/// Decoding happens once, under a lock, whichever thread asks first; the value is immutable.
public final class Deferred<Value: BinaryCoded & Sendable>: @unchecked Sendable {
  private enum State {
    case encoded([UInt8])
    case decoded(Value)
  }

  private let state: Locked<State>

  /// A value already decoded.
  public init(_ value: Value) {
    state = Locked(.decoded(value))
  }

  /// An empty value, to read into (``code(_:)``).
  public convenience init() {
    self.init(Value())
  }

  /// The value, decoded the first time it is asked for (``BinaryCoder/deferredValue(_:from:)``).
  public var value: Value {
    state.withLock { state in
      switch state {
      case .decoded(let value): return value
      case .encoded(let bytes):
        let value = BinaryCoder.deferredValue(Value.self, from: bytes[...])
        state = .decoded(value)
        return value
      }
    }
  }

  /// `true` once the value was decoded (or was never encoded).
  public var isDecoded: Bool {
    state.withLock { state in
      if case .decoded = state { return true }
      return false
    }
  }
}

extension BinaryCoder {
  /// The value of bytes kept in a value's own binary form until asked for (a ``Deferred``'s,
  /// a ``DeferredTable``'s). Bytes that do not decode (only a defect can make them: they
  /// passed the state file's checksum and were written by this build) give
  /// ``BinaryCoded/init()``'s empty value.
  @usableFromInline
  static func deferredValue<Value: BinaryCoded>(_: Value.Type, from bytes: ArraySlice<UInt8>) -> Value {
    let decoded = bytes.withUnsafeBytes { buffer in try? BinaryCoder.decoded(Value.self, from: buffer) }
    assert(decoded != nil, "a deferred \(Value.self) does not decode")
    return decoded ?? Value()
  }
}

extension Deferred: BinaryCoded {
  /// Writes the value's own binary form (the bytes read, when never decoded), or reads it
  /// without decoding it.
  public func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    if coder.isReading {
      let bytes = try coder.reader.readBytes()
      state.withLock { $0 = .encoded(bytes) }
      return
    }
    let bytes = state.withLock { state -> [UInt8] in
      switch state {
      case .encoded(let bytes): return bytes
      case .decoded(let value): return BinaryCoder.encoded(value)
      }
    }
    coder.writer.writeBytes(bytes)
  }
}
