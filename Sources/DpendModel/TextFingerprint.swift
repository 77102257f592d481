/// A text's identity for caches: its UTF-8 length and a 64-bit hash of its bytes that is
/// the same in every process and on every machine (`Hashable`'s is seeded per process).
///
/// The hash reads eight bytes at a time, little-endian, and mixes each word into the state
/// with a bijection (xor, an odd multiplier, a xorshift), so a change confined to one word
/// always changes it; changes spread over several words collide with a chance of about
/// 2⁻⁶⁴. It is no defence against someone crafting collisions: it tells edits apart.
public struct TextFingerprint: Hashable, Sendable {
  /// The hash of the bytes (see ``StableHash``).
  public var hash: UInt64
  /// The number of UTF-8 bytes.
  public var length: Int

  /// Creates a fingerprint from its parts, as a cache stored them.
  public init(hash: UInt64, length: Int) {
    self.hash = hash
    self.length = length
  }

  /// The fingerprint of `text`.
  public init(_ text: String) {
    var text = text
    (hash, length) = text.withUTF8 { (StableHash.of($0), $0.count) }
  }
}

/// A 64-bit hash of bytes that is the same in every process and on every machine.
public enum StableHash {
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
  private static let finalMultiplier: UInt64 = 0xBF58_476D_1CE4_E5B9

  /// The hash of `bytes`.
  public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    of(UnsafeRawBufferPointer(bytes))
  }

  /// The hash of `bytes`.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var stream = Stream(count: bytes.count)
    stream.add(bytes)
    return stream.finish()
  }

  /// The hash of the bytes of `array`.
  public static func of(_ array: ArraySlice<UInt8>) -> UInt64 {
    array.withUnsafeBytes { of($0) }
  }

  /// The hash of the UTF-8 bytes of `text`.
  public static func of(_ text: Substring) -> UInt64 {
    var text = text
    return text.withUTF8 { of($0) }
  }

  /// The hash of bytes given in pieces, equal to the hash of all of them at once (which is
  /// made this way too): for a file written piece by piece. Announced, the total count seeds
  /// the hash; unannounced, it is mixed in at the end (another hash of the same bytes).
  public struct Stream {
    private var state: UInt64
    /// Bytes of a word not yet complete, lowest first, and how many.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// The count announced; `nil` for a hash of bytes not counted first.
    private let expected: Int?
    private var added = 0

    /// A hash of `count` bytes to come.
    public init(count: Int) {
      state = 0x243F_6A88_85A3_08D3 ^ UInt64(count)
      expected = count
    }

    /// A hash of bytes whose count is not known yet: a file whose pieces are written as they
    /// are made.
    public init() {
      state = 0x1319_8A2E_0370_7344
      expected = nil
    }

    /// Adds the next bytes.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
      added += bytes.count
      var offset = 0
      while offset < bytes.count && pendingCount > 0 {
        pending |= UInt64(bytes[offset]) << (8 * UInt64(pendingCount))
        pendingCount += 1
        offset += 1
        if pendingCount == 8 {
          state = StableHash.mix(state, pending)
          pending = 0
          pendingCount = 0
        }
      }
      while bytes.count - offset >= 8 {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        state = StableHash.mix(state, word)
        offset += 8
      }
      while offset < bytes.count {
        pending |= UInt64(bytes[offset]) << (8 * UInt64(pendingCount))
        pendingCount += 1
        offset += 1
      }
    }

    /// The hash; every byte announced must have been added.
    public func finish() -> UInt64 {
      precondition(expected == nil || added == expected, "\(added) bytes hashed, \(expected ?? 0) announced")
      var state = state
      if pendingCount > 0 { state = StableHash.mix(state, pending) }
      if expected == nil { state = StableHash.mix(state, UInt64(added)) }
      state ^= state >> 32
      state &*= StableHash.finalMultiplier
      return state ^ (state >> 29)
    }
  }

  private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (state ^ word) &* multiplier
    return mixed ^ (mixed >> 29)
  }
}
