import DpendModel

/// Values numbered from 0 in the order they were first added; numbers are never reused.
///
/// One array of the values and a hash table of 32-bit slots over it: a table of a million
/// values costs the array and about 8 bytes a value, where a `[Element: Int32]` costs the
/// element's size and 4 bytes a slot, and each table keyed by the element would cost its
/// keys again. Equal values get one number.
struct Numbering<Element: Hashable & Sendable>: Sendable {
  /// The values, by number.
  private(set) var elements: [Element] = []
  /// Open addressing with linear probing: a slot holds a value's number plus one, 0 when
  /// empty. Its count is a power of two, at least 5/3 of the values' (a load of 0.6 at most).
  private var slots: [Int32] = []

  /// How many values are numbered.
  var count: Int { elements.count }

  /// The value numbered `number`.
  subscript(number: Int32) -> Element { elements[Int(number)] }

  /// The number of `element`, or `nil` when it has none.
  func number(of element: Element) -> Int32? {
    find(hash: element.hashValue) { $0 == element }.number
  }

  /// The number of `element`, numbering it if it has none.
  @discardableResult
  mutating func insert(_ element: Element) -> Int32 {
    insert(hash: element.hashValue, matching: { $0 == element }, making: { element })
  }

  /// Makes room for `count` values, so that numbering them does not grow the table.
  mutating func reserveCapacity(_ count: Int) {
    elements.reserveCapacity(count)
    if count * 5 > slots.count * 3 { rehash(size: Self.size(for: count)) }
  }

  /// The number of the value `matches` accepts (whose hash value is `hash`), numbering the
  /// one `make` makes if there is none.
  mutating func insert(hash: Int, matching matches: (Element) -> Bool, making make: () -> Element) -> Int32 {
    if (elements.count + 1) * 5 > slots.count * 3 { rehash(size: Self.size(for: elements.count + 1)) }
    let found = find(hash: hash, matching: matches)
    if let number = found.number { return number }
    let number = Int32(elements.count)
    elements.append(make())
    slots[found.slot] = number + 1
    return number
  }

  /// The number of the value `matches` accepts (whose hash value is `hash`) if there is
  /// one, and the slot it is in or would go to.
  func find(hash: Int, matching matches: (Element) -> Bool) -> (number: Int32?, slot: Int) {
    guard !slots.isEmpty else { return (nil, 0) }
    let mask = slots.count - 1
    var index = hash & mask
    while true {
      let slot = slots[index]
      if slot == 0 { return (nil, index) }
      if matches(elements[Int(slot - 1)]) { return (slot - 1, index) }
      index = (index + 1) & mask
    }
  }

  /// The smallest power of two that keeps `count` values at a load of 0.6 at most.
  private static func size(for count: Int) -> Int {
    var size = 16
    while count * 5 > size * 3 { size *= 2 }
    return size
  }

  private mutating func rehash(size: Int) {
    slots = [Int32](repeating: 0, count: size)
    let mask = size - 1
    for (number, element) in elements.enumerated() {
      var index = element.hashValue & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = Int32(number) + 1
    }
  }
}

/// Names numbered once (see ``Numbering``): looked up by `Substring` as well, without making
/// a `String` of it. Equal names by `String`'s canonical equivalence get one number.
typealias NameNumbers = Numbering<String>

extension Numbering where Element == String {
  /// The number of `name`, or `nil` when it has none.
  func number(of name: Substring) -> Int32? {
    find(hash: name.hashValue) { $0 == name }.number
  }

  /// The number of `name`, numbering it (as a new `String`) if it has none.
  @discardableResult
  mutating func insert(_ name: Substring) -> Int32 {
    insert(hash: name.hashValue, matching: { $0 == name }, making: { String(name) })
  }
}

extension Numbering: BinaryCoded where Element: BinaryCoded {
  /// The values in number order; the hash table is made again on reading (hash values
  /// differ from process to process).
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&elements)
    guard coder.isReading else { return }
    rehash(size: Self.size(for: elements.count))
  }
}
