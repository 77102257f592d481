/// Numbers by 64-bit hash, in one array of 32-bit slots (open addressing, linear probing): what
/// the binary writer finds its strings' and shared objects' numbers with, a million times a
/// state, without `Hasher`'s rounds or a key's retain. Several entries may share a hash: the
/// caller tells its own apart (``number(hash:matches:)``).
struct OpenTable {
  /// A slot holds an entry's number plus one, 0 when empty. Its count is a power of two, at
  /// least twice the entries'; none before the first entry (a coder that reads, or writes no
  /// shared object, allocates nothing for its tables).
  private var slots: [Int32] = []
  /// Each entry's hash, by number.
  private var hashes: [UInt64] = []

  /// How many entries the table holds; the next one is numbered so.
  var count: Int { hashes.count }

  /// The number of the entry of hash `hash` that `matches` accepts (given a number); `nil`
  /// when there is none.
  func number(hash: UInt64, matches: (Int) -> Bool) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: Self.spread(hash)) & mask
    while true {
      let slot = slots[index]
      if slot == 0 { return nil }
      let number = Int(slot - 1)
      if hashes[number] == hash && matches(number) { return number }
      index = (index + 1) & mask
    }
  }

  /// Adds an entry of hash `hash`, numbered ``count``.
  mutating func insert(hash: UInt64) {
    if (hashes.count + 1) * 2 > slots.count { grow() }
    hashes.append(hash)
    place(Int32(hashes.count), hash: hash)
  }

  private mutating func place(_ slot: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: Self.spread(hash)) & mask
    while slots[index] != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: max(64, slots.count * 2))
    for (number, hash) in hashes.enumerated() { place(Int32(number + 1), hash: hash) }
  }

  /// The hash with its high bits mixed into the low ones the mask keeps (an object's
  /// address has its low bits all zero).
  private static func spread(_ hash: UInt64) -> UInt64 {
    (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
  }
}
