/// A seeded random number generator (SplitMix64): the same seed gives the same bodies on
/// every platform, so a failing mutation can be replayed. (`DpendTestSupport` has the same
/// generator; this target depends on `DpendProtocol` alone.)
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count`, 0 when `count` is 0.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(max(count, 1))) }

  /// One element of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
