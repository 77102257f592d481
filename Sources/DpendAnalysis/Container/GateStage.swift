import DpendModel

/// What the builder keeps between container checks about registration gates (``GateReach``)
/// and container instances: the names each file mentions, and what the last check read of
/// the files, so that which registrations run, and on which container, is worked out again
/// only after an edit that changed something it read.
///
/// What the reach reads of a file's text: the gate-shaped bodies it declares and its
/// mentions of gates' and bodies' names (the gates of its typed registrations the container
/// stage compares, ``ContainerStage/update(_:)``). What the container instances read: each
/// file's ``DpendModel/FileSummary/instanceDigest(full:)``.
struct GateStage {
  /// The names each file mentions, by path (files that mention none left out): what reaches
  /// the app's assemblies and registration functions (``ContainerCheck+Reach``).
  var mentionsOfFile: [String: NameMentions] = [:]
  /// How many files declare a gate-shaped function of each name (``NameMentions/inside``).
  var bodyNames: [String: Int] = [:]
  /// What the last container check read of each file (``noteChecked(_:separatesInstances:)``).
  var state = GateState()
  /// `true` when, since the last container check, some file's gate-shaped bodies, or its
  /// mentions of the last check's gate names, changed (``note(_:of:)``).
  var mentionsChanged = false

  /// Records `mentions` as the names `path` mentions, noting when what the reach read of
  /// them changed.
  mutating func note(_ mentions: NameMentions, of path: String) {
    let old = mentionsOfFile[path] ?? NameMentions()
    mentionsOfFile[path] = mentions.outside.isEmpty && mentions.inside.isEmpty ? nil : mentions
    for body in old.inside {
      bodyNames[body.gate, default: 1] -= 1
      if bodyNames[body.gate] == 0 { bodyNames[body.gate] = nil }
    }
    for body in mentions.inside { bodyNames[body.gate, default: 0] += 1 }
    guard !state.hashes.isEmpty, !mentionsChanged else { return }
    // A body of a new name is a gate the last check's names do not hold.
    if old.inside.map(\.gate) != mentions.inside.map(\.gate)
      || old.restricted(to: state.hashes) != mentions.restricted(to: state.hashes)
    {
      mentionsChanged = true
    }
  }

  /// `true` when the edits since the last check changed something the reach or the
  /// container instances read of the files' texts: a file's mentions or bodies, or a changed
  /// file's instance digest. `containerCode` gives a file's current container code.
  func mayHaveChanged(_ changed: some Sequence<String>, containerCode: (String) -> FileSummary?) -> Bool {
    if mentionsChanged { return true }
    for path in changed {
      let digest = containerCode(path)?.instanceDigest(full: state.separatesInstances) ?? 0
      if digest != state.instanceDigests[path] ?? 0 { return true }
    }
    return false
  }

  /// Records what the container check just made read of the container code (`facts`).
  mutating func noteChecked(_ facts: [FileSummary], separatesInstances: Bool) {
    var state = GateState()
    state.separatesInstances = separatesInstances
    var names: Set<String> = []
    for file in facts {
      let digest = file.instanceDigest(full: separatesInstances)
      if digest != 0 { state.instanceDigests[file.path] = digest }
      for registration in file.registrations { if let gate = registration.gate { names.insert(gate.name) } }
    }
    state.hashes = Set(names.union(bodyNames.keys).map(NameMentions.hash))
    self.state = state
    mentionsChanged = false
  }
}

extension GateStage: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&mentionsOfFile)
    try coder.code(&bodyNames)
    try coder.code(&state)
    try coder.code(&mentionsChanged)
  }
}

/// What the last container check read of the files (``GateStage/state``).
struct GateState {
  /// The hashes of every gate's and gate-shaped body's name.
  var hashes: Set<UInt32> = []
  /// `true` when the check told container instances apart (SPEC 8.6).
  var separatesInstances = false
  /// Each file's ``DpendModel/FileSummary/instanceDigest(full:)`` (full when
  /// ``separatesInstances``), but 0.
  var instanceDigests: [String: UInt64] = [:]
}

extension GateState: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&hashes)
    try coder.code(&separatesInstances)
    try coder.code(&instanceDigests)
  }
}
