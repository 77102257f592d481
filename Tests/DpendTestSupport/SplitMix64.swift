/// A seeded random number generator (SplitMix64), shared by the test targets: the same seed
/// gives the same numbers on every platform and Swift version, so a fuzz run or a random
/// edit sequence can be repeated exactly.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose numbers are determined by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count`, 0 when `count` is 0 (modulo bias is irrelevant here;
  /// stability is what counts).
  public mutating func below(_ count: Int) -> Int { Int(next() % UInt64(max(count, 1))) }

  /// One element of `choices`.
  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  /// `count` random bytes.
  public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
