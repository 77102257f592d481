/// Fixed-width little-endian integers, as the cache files (``SummaryCacheFile``,
/// ``AnswerCache``) write them.
enum LittleEndian {
  /// Appends the low `width` bytes of `value` to `output`, lowest first.
  static func append(_ value: UInt64, width: Int, to output: inout [UInt8]) {
    for index in 0..<width { output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  /// `count` integers of `width` bytes (4 or 8) from `bytes` at `offset`, each lowest byte
  /// first; the caller has checked that they are there. Read in one pass over the buffer.
  static func readArray(_ bytes: [UInt8], at offset: Int, count: Int, width: Int) -> [UInt64] {
    bytes.withUnsafeBytes { buffer in
      (0..<count).map { index in
        let at = offset + index * width
        return width == 8
          ? UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
          : UInt64(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
      }
    }
  }

  /// Appends each of `values` as `width` bytes (4 or 8), lowest first.
  static func appendArray(_ values: some Collection<UInt64>, width: Int, to output: inout [UInt8]) {
    output.reserveCapacity(output.count + values.count * width)
    for value in values {
      if width == 8 {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
      } else {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { output.append(contentsOf: $0) }
      }
    }
  }

  /// The `width` bytes of `bytes` at `offset`, lowest first; the caller has checked that
  /// they are there.
  static func read(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}
