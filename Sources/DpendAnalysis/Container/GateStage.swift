import DpendModel

/// What the builder keeps between container checks about registration gates (``GateReach``)
/// and container instances: the names each file mentions, and what the last check read of
/// the files, so that which registrations run, and on which container, is worked out again
/// only after an edit that changed something it read.
///
/// What the reach reads of a file: the gates its registrations are written in, the
/// gate-shaped bodies it declares, and its mentions of gates' and bodies' names; and, while
/// some gate is only counted as reached, where its registrations are (the `--verbose` note
/// stands at the first). What the container instances read: each file's
/// ``DpendModel/FileSummary/instanceDigest(full:)``.
struct GateStage {
  /// The names each file mentions, by path (files that mention none left out): what reaches
  /// the app's assemblies and registration functions (``ContainerCheck+Reach``).
  var mentionsOfFile: [String: NameMentions] = [:]
  /// How many files declare a gate-shaped function of each name (``NameMentions/inside``).
  var bodyNames: [String: Int] = [:]
  /// What the last container check read of each file (``noteChecked(_:reach:separatesInstances:)``).
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
  /// container instances read: a file's mentions or bodies, the gates of a changed file's
  /// registrations, its instance digest, or — while some gate is only counted as reached —
  /// the places of its gated registrations. `containerCode` gives a file's container code.
  func mayHaveChanged(_ changed: some Sequence<String>, containerCode: (String) -> FileSummary?) -> Bool {
    if mentionsChanged { return true }
    for path in changed {
      let code = containerCode(path)
      let digest = code?.instanceDigest(full: state.separatesInstances) ?? 0
      if digest != state.instanceDigests[path] ?? 0 { return true }
      let gates = Self.gates(of: code)
      if gates != state.gatesOfFile[path] ?? [] || (!gates.isEmpty && state.assumes) { return true }
    }
    return false
  }

  /// Records what the container check just made read of the container code (`facts`), and
  /// whether `reach` counts some gate as reached only because nothing reaches its kind.
  mutating func noteChecked(_ facts: [FileSummary], reach: GateReach?, separatesInstances: Bool) {
    var state = GateState()
    state.separatesInstances = separatesInstances
    for file in facts {
      let digest = file.instanceDigest(full: separatesInstances)
      if digest != 0 { state.instanceDigests[file.path] = digest }
      let gates = Self.gates(of: file)
      if !gates.isEmpty { state.gatesOfFile[file.path] = gates }
    }
    let names = Set(state.gatesOfFile.values.joined().map(\.name))
    state.hashes = Set(names.union(bodyNames.keys).map(NameMentions.hash))
    state.assumes = reach?.assumesSome ?? false
    self.state = state
    mentionsChanged = false
  }

  /// The gates `code`'s registrations are written in.
  private static func gates(of code: FileSummary?) -> Set<RegistrationGate> {
    Set(code?.registrations.compactMap(\.gate) ?? [])
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
  /// The gates each file's registrations are written in.
  var gatesOfFile: [String: Set<RegistrationGate>] = [:]
  /// The hashes of every gate's and gate-shaped body's name.
  var hashes: Set<UInt32> = []
  /// `true` when some gate was counted as reached only because nothing reaches its kind.
  var assumes = false
  /// `true` when the check told container instances apart (SPEC 8.6).
  var separatesInstances = false
  /// Each file's ``DpendModel/FileSummary/instanceDigest(full:)`` (full when
  /// ``separatesInstances``), but 0.
  var instanceDigests: [String: UInt64] = [:]
}

extension GateState: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&gatesOfFile)
    try coder.code(&hashes)
    try coder.code(&assumes)
    try coder.code(&separatesInstances)
    try coder.code(&instanceDigests)
  }
}
