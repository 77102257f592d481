/// Bytes held as consecutive pieces, each an array of its own: what is written away piece by
/// piece (``BinaryWriter/encodedPieces(prefix:)``) is never copied into one array, which for
/// a large file would hold it twice while it is written.
public struct BytePieces: Sendable {
  /// The pieces, in order; their concatenation is the bytes.
  public let pieces: [[UInt8]]

  /// The bytes of `pieces`, one after another.
  public init(_ pieces: [[UInt8]]) {
    self.pieces = pieces
  }

  /// How many bytes all the pieces hold.
  public var count: Int { pieces.reduce(0) { $0 + $1.count } }

  /// Every byte, in one array (a copy).
  public var joined: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for piece in pieces { bytes.append(contentsOf: piece) }
    return bytes
  }
}
