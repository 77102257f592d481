/// Fixed-width little-endian integers, as the cache files (``SummaryCacheFile``,
/// ``AnswerCache``) write them.
enum LittleEndian {
  /// Appends the low `width` bytes of `value` to `output`, lowest first.
  static func append(_ value: UInt64, width: Int, to output: inout [UInt8]) {
    for index in 0..<width { output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  /// The `width` bytes of `bytes` at `offset`, lowest first; the caller has checked that
  /// they are there.
  static func read(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}
