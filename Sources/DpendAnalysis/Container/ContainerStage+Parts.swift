import DpendModel

// The parts the container stage keeps its tables in, and what an update reads.

extension ContainerStage {
  /// A registration or site: its file's path and its index among the file's.
  struct Ref: Hashable, Sendable {
    var path: String
    var index: Int
  }

  /// What the check of one type read beyond its registrations and sites.
  struct TypeReads {
    /// The stable hashes of the names it looked up.
    var hashes: Set<UInt64> = []
    /// The files whose declarations it read.
    var files: Set<String> = []
  }

  /// What every type's check reads beside the type's own registrations and sites: the
  /// configurations, the answers' filter (by ``ContainerStage/filterGeneration``) and the
  /// unread registrations of no known type, which could answer a resolve of any type.
  struct TypeInputs: Equatable {
    var configurations: [[String]] = []
    var filter = 0
    var untyped: [ContainerRegistration] = []
  }

  /// What the cycle graph's edges read beside each file's facts: the configurations, which
  /// an edge's mask numbers, the answers' filter, which says where a resolve holds, and
  /// whether some file has a property-wrapper resolve (only then do constructions matter).
  struct CycleInputs: Equatable {
    var configurations: [[String]] = []
    var filter = 0
    var constructions = false
  }

  /// The report's counts, summed over the files.
  struct Counts {
    var registrationsRead = 0
    var registrationsUnread = 0
    var resolvesChecked = 0
    var resolvesUnread = 0
  }

  /// The registrations registering a type (read or not) and the sites typed as it.
  struct Bucket {
    var registrations: Set<Ref> = []
    var sites: Set<Ref> = []
    var isEmpty: Bool { registrations.isEmpty && sites.isEmpty }
  }

  /// What an update reads beyond the files' container code.
  struct Inputs {
    /// The container code of a file (`nil`: none, or the file is gone).
    var code: (String) -> FileSummary?
    /// Every file with container code.
    var containerPaths: Set<String>
    /// The files whose summaries changed since the last update (any file, added and removed ones too).
    var changed: Set<String>
    /// The names the symbol table reported changed since the last update.
    var namesChanged: Set<Substring>
    /// `true` when everything is checked again (the first update, new settings).
    var full: Bool
    /// `true` when an edit changed what the reach reads of the files' mentions, or what the
    /// container instances read (``GateStage/mayHaveChanged(_:containerCode:)``); the gates
    /// of the typed registrations the stage compares itself.
    var gating: Bool
    /// The configurations to check; `nil` derives them from the container code's conditions.
    var configurations: [[String]]?
    /// The platforms the build targets build for.
    var platforms: [String]
    /// A lookup of declared types recording into the given watch and reads.
    var lookup: @Sendable (NameWatch?, DeclarationReads?) -> ContainerTypeLookup
    /// The types (without their methods) and protocols a file declares, as the lookup reads them.
    var declarations: @Sendable (String) -> (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?
    /// The names each file mentions (``GateReach``).
    var mentions: [String: NameMentions]
    var visibility: TargetVisibility?
  }
}

extension ContainerStage {
  /// Takes a registration out of its type's bucket, and the bucket away once empty.
  mutating func removeRegistration(_ ref: Ref, of type: String) {
    buckets[type]?.registrations.remove(ref)
    if buckets[type]?.isEmpty == true { buckets[type] = nil }
  }

  /// Takes a site out of its type's bucket, and the bucket away once empty.
  mutating func removeSite(_ ref: Ref, of type: String) {
    buckets[type]?.sites.remove(ref)
    if buckets[type]?.isEmpty == true { buckets[type] = nil }
  }
}

extension ContainerStage.Ref: BinaryCoded {
  init() { self.init(path: "", index: 0) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&path)
    try coder.code(&index)
  }
}

extension ContainerStage.Bucket: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&registrations)
    try coder.code(&sites)
  }
}

extension ContainerStage.TypeReads: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&hashes)
    try coder.code(&files)
  }
}

extension ContainerStage.TypeInputs: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&configurations)
    try coder.code(&filter)
    try coder.code(&untyped)
  }
}

extension ContainerStage.CycleInputs: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&configurations)
    try coder.code(&filter)
    try coder.code(&constructions)
  }
}

extension ContainerStage.Counts: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&registrationsRead)
    try coder.code(&registrationsUnread)
    try coder.code(&resolvesChecked)
    try coder.code(&resolvesUnread)
  }
}
