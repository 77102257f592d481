/// Strings numbered from 0 in the order they were first added; numbers are never reused.
///
/// One array of the strings and a hash table of 32-bit slots over it: a table of a million
/// names costs the array and about 8 bytes a name, where a `[String: Int32]` costs 20 bytes
/// a slot, and each table keyed by `String` would cost its keys again. Equal strings (by
/// `String`'s canonical equivalence) get one number. Lookups take a `Substring` as well,
/// without making a `String` of it.
struct NameNumbers: Sendable {
  /// The strings, by number.
  private(set) var strings: [String] = []
  /// Open addressing with linear probing: a slot holds a string's number plus one, 0 when
  /// empty. Its count is a power of two, at least 5/3 of the strings' (a load of 0.6 at most).
  private var slots: [Int32] = []

  /// How many strings are numbered.
  var count: Int { strings.count }

  /// The string numbered `number`.
  subscript(number: Int32) -> String { strings[Int(number)] }

  /// The number of `name`, or `nil` when it has none.
  func number(of name: String) -> Int32? {
    find(name).number
  }

  /// The number of `name`, or `nil` when it has none.
  func number(of name: Substring) -> Int32? {
    find(name).number
  }

  /// The number of `name`, numbering it if it has none.
  @discardableResult
  mutating func insert(_ name: String) -> Int32 {
    insert(name, making: { $0 })
  }

  /// The number of `name`, numbering it (as a new `String`) if it has none.
  @discardableResult
  mutating func insert(_ name: Substring) -> Int32 {
    insert(name, making: String.init)
  }

  /// Makes room for `count` strings, so that numbering them does not grow the table.
  mutating func reserveCapacity(_ count: Int) {
    strings.reserveCapacity(count)
    if count * 5 > slots.count * 3 { rehash(size: Self.size(for: count)) }
  }

  private mutating func insert<Name: StringProtocol & Hashable>(
    _ name: Name, making make: (Name) -> String
  ) -> Int32 {
    if (strings.count + 1) * 5 > slots.count * 3 { rehash(size: Self.size(for: strings.count + 1)) }
    let found = find(name)
    if let number = found.number { return number }
    let number = Int32(strings.count)
    strings.append(make(name))
    slots[found.slot] = number + 1
    return number
  }

  /// The number of `name` if it has one, and the slot it is in or would go to.
  private func find<Name: StringProtocol & Hashable>(_ name: Name) -> (number: Int32?, slot: Int) {
    guard !slots.isEmpty else { return (nil, 0) }
    let mask = slots.count - 1
    var index = name.hashValue & mask
    while true {
      let slot = slots[index]
      if slot == 0 { return (nil, index) }
      if strings[Int(slot - 1)] == name { return (slot - 1, index) }
      index = (index + 1) & mask
    }
  }

  /// The smallest power of two that keeps `count` strings at a load of 0.6 at most.
  private static func size(for count: Int) -> Int {
    var size = 16
    while count * 5 > size * 3 { size *= 2 }
    return size
  }

  private mutating func rehash(size: Int) {
    slots = [Int32](repeating: 0, count: size)
    let mask = size - 1
    for (number, string) in strings.enumerated() {
      var index = string.hashValue & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = Int32(number) + 1
    }
  }
}
