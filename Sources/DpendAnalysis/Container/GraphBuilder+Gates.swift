import DpendModel

/// What the builder keeps between container checks about registration gates
/// (``GateReach``) and container instances: which registrations run, and on which container,
/// is worked out again only after an edit that can change it.
extension GraphBuilder {
  /// Records `mentions` as the names `path` mentions, noting when its mentions of the last
  /// check's gate names changed.
  func noteMentions(_ mentions: NameMentions, of path: String) {
    let old = mentionsOfFile[path] ?? NameMentions()
    mentionsOfFile[path] = mentions.outside.isEmpty && mentions.inside.isEmpty ? nil : mentions
    for body in old.inside {
      gateBodyNames[body.gate, default: 1] -= 1
      if gateBodyNames[body.gate] == 0 { gateBodyNames[body.gate] = nil }
    }
    for body in mentions.inside { gateBodyNames[body.gate, default: 0] += 1 }
    guard !gateState.hashes.isEmpty, !gateMentionsChanged else { return }
    if old.restricted(to: gateState.hashes) != mentions.restricted(to: gateState.hashes) { gateMentionsChanged = true }
  }

  /// `true` when the edits since the last check may change which registrations run: a
  /// mention of a gate changed, or a changed file registers (or registered) in a gate that
  /// was not reached everywhere. `containerCode` gives a file's current container code.
  func gatingMayHaveChanged(_ changed: some Sequence<String>, containerCode: (String) -> FileSummary?) -> Bool {
    if gateMentionsChanged { return true }
    for path in changed {
      let digest = containerCode(path)?.instanceDigest(full: gateState.separatesInstances) ?? 0
      if digest != gateState.instanceDigests[path] ?? 0 { return true }
      let old = gateState.namesOfFile[path] ?? []
      let new = Set(containerCode(path)?.registrations.compactMap(\.gate?.name) ?? [])
      if !old.union(new).isSubset(of: gateState.reachedEverywhere) { return true }
    }
    return false
  }

  /// Records the gates of the container code just checked (`facts`) and which are reached
  /// everywhere (`reach`).
  func noteGates(of facts: [FileSummary], reach: GateReach?, separatesInstances: Bool) {
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
    state.hashes = Set(names.union(gateBodyNames.keys).map(NameMentions.hash))
    state.reachedEverywhere = names.filter { reach?.isReachedEverywhere($0) ?? true }
    gateState = state
    gateMentionsChanged = false
  }

  /// Updates the gates of `path` after a check that kept what is reached (its gates were
  /// all reached everywhere, its container instances as they were).
  func noteKeptGates(of path: String, _ code: FileSummary?) {
    let names = Set(code?.registrations.compactMap(\.gate?.name) ?? [])
    gateState.namesOfFile[path] = names.isEmpty ? nil : names
  }
}

/// The gates of the last container check (``GraphBuilder/gateState``).
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
