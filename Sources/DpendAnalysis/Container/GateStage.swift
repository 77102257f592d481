import DpendModel

/// What the builder keeps between container checks about registration gates (``GateReach``)
/// and container instances: the names each file mentions, and what the last check read of
/// them, so that which registrations run, and on which container, is worked out again only
/// after an edit that can change it.
struct GateStage {
  /// The names each file mentions, by path (files that mention none left out): what reaches
  /// the app's assemblies and registration functions (``ContainerCheck+Reach``).
  var mentionsOfFile: [String: NameMentions] = [:]
  /// How many files declare a gate-shaped function of each name (``NameMentions/inside``).
  var bodyNames: [String: Int] = [:]
  /// The registration gates the last container check read (``noteChecked(_:reach:separatesInstances:)``).
  var state = GateState()
  /// `true` when, since the last container check, some file's mentions of its gate names
  /// changed (``note(_:of:)``).
  var mentionsChanged = false

  /// Records `mentions` as the names `path` mentions, noting when its mentions of the last
  /// check's gate names changed.
  mutating func note(_ mentions: NameMentions, of path: String) {
    let old = mentionsOfFile[path] ?? NameMentions()
    mentionsOfFile[path] = mentions.outside.isEmpty && mentions.inside.isEmpty ? nil : mentions
    for body in old.inside {
      bodyNames[body.gate, default: 1] -= 1
      if bodyNames[body.gate] == 0 { bodyNames[body.gate] = nil }
    }
    for body in mentions.inside { bodyNames[body.gate, default: 0] += 1 }
    guard !state.hashes.isEmpty, !mentionsChanged else { return }
    if old.restricted(to: state.hashes) != mentions.restricted(to: state.hashes) { mentionsChanged = true }
  }

  /// `true` when the edits since the last check may change which registrations run: a
  /// mention of a gate changed, or a changed file registers (or registered) in a gate that
  /// was not reached everywhere. `containerCode` gives a file's current container code.
  func mayHaveChanged(_ changed: some Sequence<String>, containerCode: (String) -> FileSummary?) -> Bool {
    if mentionsChanged { return true }
    for path in changed {
      let digest = containerCode(path)?.instanceDigest(full: state.separatesInstances) ?? 0
      if digest != state.instanceDigests[path] ?? 0 { return true }
      let old = state.namesOfFile[path] ?? []
      let new = Set(containerCode(path)?.registrations.compactMap(\.gate?.name) ?? [])
      if !old.union(new).isSubset(of: state.reachedEverywhere) { return true }
    }
    return false
  }

  /// Records the gates of the container code just checked (`facts`) and which are reached
  /// everywhere (`reach`).
  mutating func noteChecked(_ facts: [FileSummary], reach: GateReach?, separatesInstances: Bool) {
    var state = GateState()
    state.separatesInstances = separatesInstances
    for file in facts {
      let digest = file.instanceDigest(full: separatesInstances)
      if digest != 0 { state.instanceDigests[file.path] = digest }
    }
    for file in facts {
      let names = Set(file.registrations.compactMap(\.gate?.name))
      if !names.isEmpty { state.namesOfFile[file.path] = names }
    }
    let names = Set(state.namesOfFile.values.flatMap { $0 })
    state.hashes = Set(names.union(bodyNames.keys).map(NameMentions.hash))
    state.reachedEverywhere = names.filter { reach?.isReachedEverywhere($0) ?? true }
    self.state = state
    mentionsChanged = false
  }

  /// Updates the gates of `path` after a check that kept what is reached (its gates were
  /// all reached everywhere, its container instances as they were).
  mutating func noteKept(_ path: String, _ code: FileSummary?) {
    let names = Set(code?.registrations.compactMap(\.gate?.name) ?? [])
    state.namesOfFile[path] = names.isEmpty ? nil : names
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

/// The gates of the last container check (``GateStage/state``).
struct GateState {
  /// The gate names each file's registrations are written in.
  var namesOfFile: [String: Set<String>] = [:]
  /// The hashes of every gate's name.
  var hashes: Set<UInt32> = []
  /// The gate names reached in every process.
  var reachedEverywhere: Set<String> = []
  /// `true` when the check told container instances apart (SPEC 8.6).
  var separatesInstances = false
  /// Each file's ``DpendModel/FileSummary/instanceDigest(full:)`` (full when
  /// ``separatesInstances``), but 0.
  var instanceDigests: [String: UInt64] = [:]
}

extension GateState: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&namesOfFile)
    try coder.code(&hashes)
    try coder.code(&reachedEverywhere)
    try coder.code(&separatesInstances)
    try coder.code(&instanceDigests)
  }
}
