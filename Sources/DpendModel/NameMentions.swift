/// The names a file mentions, as hashes (SPEC 8.6): what reaches the app's assemblies and
/// registration functions (``RegistrationGate``) from it: every name called, constructed or
/// followed by a member outside comments (`registerCore()`, `StorageAssembly()`,
/// `Assembly.init`), but those a declaration names (`func registerCore`); a mention inside a
/// gate's own body reaches only through that gate.
/// Read from the text alone, so no file is read twice to learn what another declares; two
/// names that hash alike both count as mentioned, which can only make more code reached.
public struct NameMentions: Hashable, Sendable {
  /// The hashes of the names mentioned outside every gate's body, sorted, once each.
  public var outside: [UInt32] = []
  /// The names mentioned inside each gate-shaped function's body, by the gate's name.
  public var inside: [GateBody] = []

  /// The names mentioned in one gate's body.
  public struct GateBody: Hashable, Sendable {
    /// The gate's name (``RegistrationGate/name``).
    public var gate: String
    /// The hashes of the names its body mentions, sorted, once each.
    public var hashes: [UInt32]

    public init(gate: String, hashes: [UInt32]) {
      self.gate = gate
      self.hashes = hashes
    }
  }

  public init(outside: [UInt32] = [], inside: [GateBody] = []) {
    self.outside = outside
    self.inside = inside
  }

  /// The hash of `name` as the scan records it (FNV-1a of its UTF-8 bytes, 32 bits).
  public static func hash(_ name: some StringProtocol) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }

  /// `true` when `hashes` (sorted) holds `hash`.
  public static func contains(_ hashes: [UInt32], _ hash: UInt32) -> Bool {
    var low = 0
    var high = hashes.count
    while low < high {
      let middle = (low + high) / 2
      if hashes[middle] < hash { low = middle + 1 } else { high = middle }
    }
    return low < hashes.count && hashes[low] == hash
  }

  /// The mentions of names of `hashes` only, and of gate bodies named by one.
  public func restricted(to hashes: Set<UInt32>) -> NameMentions {
    NameMentions(
      outside: outside.filter(hashes.contains),
      inside: inside.filter { hashes.contains(Self.hash($0.gate)) }.map {
        GateBody(gate: $0.gate, hashes: $0.hashes.filter(hashes.contains))
      })
  }
}

extension NameMentions: BinaryCoded {
  public init() { self.init(outside: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeHashes(&outside)
    try coder.code(&inside)
  }
}

extension NameMentions.GateBody: BinaryCoded {
  public init() { self.init(gate: "", hashes: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&gate)
    try coder.codeHashes(&hashes)
  }
}

extension BinaryCoder {
  /// Codes name hashes: their count, then each as a varint (what reads past 32 bits keeps
  /// the low ones).
  mutating func codeHashes(_ hashes: inout [UInt32]) throws(SummaryDecodingError) {
    try codeArray(&hashes, blank: 0) { coder, hash throws(SummaryDecodingError) in
      var wide = UInt64(hash)
      try coder.codeUnsigned(&wide)
      hash = UInt32(truncatingIfNeeded: wide)
    }
  }
}
