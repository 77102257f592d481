import DpendModel

/// Dependency keys numbered densely from 0, so that the key stages of ``GraphBuilder``
/// index arrays instead of hashing keys (hash tables of 100,000 keys miss the caches).
///
/// A number, once given, keeps its key until the next build from scratch.
struct KeyNumbers {
  private var numbering = Numbering<DependencyKey>()
  /// The key of each number.
  var keys: [DependencyKey] { numbering.elements }

  /// The number of `key`, given now if it has none.
  mutating func number(_ key: DependencyKey) -> Int32 {
    numbering.insert(key)
  }

  /// The keys that `value` gives a value for, with that value.
  func table<Value>(_ value: (Int) -> Value?) -> [DependencyKey: Value] {
    // As large as what it holds (many keys have no value in a given table): `value` is
    // asked twice, once to count.
    let keys = keys
    var count = 0
    for number in keys.indices where value(number) != nil { count += 1 }
    var table: [DependencyKey: Value] = Dictionary(minimumCapacity: count)
    for number in keys.indices {
      if let made = value(number) { table[keys[number]] = made }
    }
    return table
  }

  /// The number of `key`, `nil` if it was never given one.
  func existing(_ key: DependencyKey) -> Int32? { numbering.number(of: key) }

  var count: Int { numbering.count }
}

/// Where a factory is: a slot of ``GraphBuilder`` (one file's ``NumberedFactories``, or the
/// libraries') and a position in it.
struct FactoryReference: Hashable, Sendable {
  var slot: Int32
  var position: Int32
}

/// The factories of one file (or of every library), with the numbers of the keys each one
/// provides, requires and has edges to.
struct NumberedFactories: Sendable {
  var factories: [Factory]
  /// The number of each factory's key.
  var keys: [Int32]
  /// The numbers of ``Factory/requiredDependencies``, every factory's after the other's;
  /// factory `i`'s are `required[requiredStarts[i]..<requiredStarts[i + 1]]`.
  private(set) var required: [Int32]
  private(set) var requiredStarts: [Int32]
  /// The numbers of ``KeyGraph/targets(of:)``, laid out like `required` (``forEachTarget(of:_:)``).
  private(set) var targets: [Int32]
  private(set) var targetStarts: [Int32]

  static let empty = NumberedFactories()

  init() {
    factories = []
    keys = []
    required = []
    requiredStarts = [0]
    targets = []
    targetStarts = [0]
  }

  /// Numbers the keys of `factories`, giving new keys new numbers.
  init(_ factories: [Factory], numbering numbers: inout KeyNumbers) {
    self.factories = factories
    var keys: [Int32] = []
    var required: [Int32] = []
    var requiredStarts: [Int32] = [0]
    var targets: [Int32] = []
    var targetStarts: [Int32] = [0]
    keys.reserveCapacity(factories.count)
    requiredStarts.reserveCapacity(factories.count + 1)
    targetStarts.reserveCapacity(factories.count + 1)
    for factory in factories {
      keys.append(numbers.number(factory.key))
      if case .configurationMethod(let configuration, _, _) = factory.kind {
        let number = numbers.number(configuration)
        required.append(number)
        targets.append(number)
      }
      for parameter in factory.parameters {
        let number = numbers.number(parameter.dependency)
        if !parameter.isOptional { required.append(number) }
        targets.append(number)
      }
      requiredStarts.append(Int32(required.count))
      targetStarts.append(Int32(targets.count))
    }
    self.keys = keys
    self.required = required
    self.requiredStarts = requiredStarts
    self.targets = targets
    self.targetStarts = targetStarts
  }

  /// The numbers of the keys factory `position` requires, in the order of
  /// ``Factory/requiredDependencies``.
  func required(_ position: Int) -> ArraySlice<Int32> {
    required[Int(requiredStarts[position])..<Int(requiredStarts[position + 1])]
  }

  /// Calls `body` with the number of each key factory `position` has edges to, in the
  /// order of ``KeyGraph/targets(of:)``, without making a slice (which would retain the array).
  func forEachTarget(of position: Int, _ body: (Int32) -> Void) {
    targets.withUnsafeBufferPointer { targets in
      for index in Int(targetStarts[position])..<Int(targetStarts[position + 1]) { body(targets[index]) }
    }
  }
}

/// What a provider selection reads, handed to worker threads as one value: the references
/// of each key number's factories, and the slots they refer to.
struct ProviderIndex: Sendable {
  /// For each key number, its factories in stable order (files in path order, then libraries).
  let providers: [[FactoryReference]]
  let slots: [NumberedFactories]

  /// `true` when some factory provides key `number`.
  func isProvided(_ number: Int32) -> Bool { !providers[Int(number)].isEmpty }

  func factory(_ reference: FactoryReference) -> Factory {
    slots[Int(reference.slot)].factories[Int(reference.position)]
  }

  /// The numbers of the keys the factory requires, in the order of ``Factory/requiredDependencies``.
  func required(_ reference: FactoryReference) -> ArraySlice<Int32> {
    slots[Int(reference.slot)].required(Int(reference.position))
  }
}

extension KeyNumbers: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&numbering)
  }
}

extension FactoryReference: BinaryCoded {
  init() { self.init(slot: 0, position: 0) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&slot)
    try coder.code(&position)
  }
}

extension NumberedFactories: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&factories)
    try coder.code(&keys)
    try coder.code(&required)
    try coder.code(&requiredStarts)
    try coder.code(&targets)
    try coder.code(&targetStarts)
  }
}
