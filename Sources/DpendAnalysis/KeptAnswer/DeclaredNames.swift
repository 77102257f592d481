import DpendModel

/// What a file declares, as far as the ``SymbolTable`` files it under names (see
/// ``SymbolAudit``): the qualified names of its types, protocols and typealiases, and apart
/// the extended types of its extensions (also without their leading components: a module's
/// name), each hashed (``StableHash``), with the file's flags. Kept at the head of its facts
/// in the summary cache (``IndexedSummary/encodedFacts()``) and read there without decoding
/// anything else, so that a check can pick, out of a whole workspace, the few files that
/// declare a name it asks about (``UnchangedGraph/OtherFiles``).
public struct DeclaredNames: Equatable, Sendable {
  /// The hashed qualified names of the types, protocols and typealiases, sorted, each once.
  public private(set) var names: [UInt64]
  /// The hashed extended types, as written and without each run of leading components,
  /// sorted, each once.
  public private(set) var extended: [UInt64]
  /// The file has container registrations or resolve sites.
  public var isContainer: Bool
  /// Some declaration of dpend's own dialect is under an `#if`.
  public var isConditional: Bool
  /// The file declares a typealias.
  public var hasTypealiases: Bool
  /// A name the file declares or extends is not ASCII: the symbol table compares names as
  /// Swift strings (canonically equivalent spellings are one name), the hashes compare bytes.
  public var hasNonASCIINames: Bool

  /// The names `interface` declares and extends, with the flags.
  init(_ interface: FileInterface, isContainer: Bool, isConditional: Bool) {
    let declared = interface.types.map(\.name) + interface.protocols.map(\.name) + interface.typealiases.map(\.name)
    let written = interface.extensions.map(\.extendedType)
    let names = Set(declared.map { StableHash.of(Substring($0)) })
    var extended = Set<UInt64>()
    for written in written {
      extended.insert(StableHash.of(Substring(written)))
      // The module's name may be stripped more than once (`App.App.Store`).
      var rest = Substring(written)
      while let dot = rest.utf8.firstIndex(of: SymbolTable.dot) {
        rest = rest[rest.utf8.index(after: dot)...]
        extended.insert(StableHash.of(rest))
      }
    }
    self.names = names.sorted()
    self.extended = extended.sorted()
    hasNonASCIINames = (declared + written).contains { !$0.utf8.allSatisfy { $0 < 0x80 } }
    self.isContainer = isContainer
    self.isConditional = isConditional
    hasTypealiases = !interface.typealiases.isEmpty
  }

  /// `true` when the file declares a name whose hash is in `names`, or extends one whose
  /// hash is in `extended`.
  public func declaresAny(of names: Set<UInt64>, extending extended: Set<UInt64>) -> Bool {
    self.names.contains { names.contains($0) } || self.extended.contains { extended.contains($0) }
  }

  // MARK: Binary form

  private enum Flag {
    static let container: UInt8 = 1
    static let conditional: UInt8 = 2
    static let typealiases: UInt8 = 4
    static let nonASCII: UInt8 = 8
    static let all = container | conditional | typealiases | nonASCII
  }

  /// The bytes, little-endian: a flags byte, then the names and the extended types, each a
  /// count (`u32`) and the hashes (`u64`).
  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(9 + 8 * (names.count + extended.count))
    bytes.append(
      (isContainer ? Flag.container : 0) | (isConditional ? Flag.conditional : 0)
        | (hasTypealiases ? Flag.typealiases : 0) | (hasNonASCIINames ? Flag.nonASCII : 0))
    func append(_ value: UInt64, width: Int) {
      for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
    for hashes in [names, extended] {
      append(UInt64(hashes.count), width: 4)
      for hash in hashes { append(hash, width: 8) }
    }
    return bytes
  }

  /// The names encoded at `offset` of `buffer` (``encoded()``), with the offset after them;
  /// `nil` when they do not fit, or the flags or the order of the hashes are not theirs.
  static func read(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> (names: DeclaredNames, end: Int)? {
    guard offset >= 0, offset < buffer.count, buffer[offset] & ~Flag.all == 0 else { return nil }
    var position = offset + 1
    func integer(width: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in 0..<width { value |= UInt64(buffer[position + index]) << (8 * UInt64(index)) }
      position += width
      return value
    }
    func hashes() -> [UInt64]? {
      guard buffer.count - position >= 4 else { return nil }
      let count = Int(integer(width: 4))
      guard (buffer.count - position) / 8 >= count else { return nil }
      var hashes: [UInt64] = []
      hashes.reserveCapacity(count)
      for _ in 0..<count {
        let hash = integer(width: 8)
        guard hashes.last.map({ $0 < hash }) ?? true else { return nil }
        hashes.append(hash)
      }
      return hashes
    }
    let flags = buffer[offset]
    guard let names = hashes(), let extended = hashes() else { return nil }
    let declared = DeclaredNames(
      names: names, extended: extended, isContainer: flags & Flag.container != 0,
      isConditional: flags & Flag.conditional != 0, hasTypealiases: flags & Flag.typealiases != 0,
      hasNonASCIINames: flags & Flag.nonASCII != 0)
    return (declared, position)
  }

  private init(
    names: [UInt64], extended: [UInt64], isContainer: Bool, isConditional: Bool, hasTypealiases: Bool,
    hasNonASCIINames: Bool
  ) {
    self.names = names
    self.extended = extended
    self.hasNonASCIINames = hasNonASCIINames
    self.isContainer = isContainer
    self.isConditional = isConditional
    self.hasTypealiases = hasTypealiases
  }
}
