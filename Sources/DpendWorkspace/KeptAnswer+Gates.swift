import DpendModel

extension KeptAnswer {
  /// `true` when a file that changed since `kept` was computed (removed, added, or with
  /// another content) may change which registrations run (``RegistrationGates``), or which
  /// container instance a registration or resolve is on: the kept answer's rules know nothing
  /// of gates or instances, so the graph is built.
  static func gatingMayChange(
    _ kept: AnswerCache.Record, inputs: [(path: String, text: TextFingerprint, digests: SummaryDigests)],
    summaries: SummaryCache
  ) -> Bool {
    let gates = kept.answer.gates
    guard let facts = kept.graphFacts else { return true }
    let contents = Set(facts.contents)
    let current = Set(inputs.map(\.path))
    if gates.files.contains(where: { !current.contains($0) })
      || gates.instanceDigests.keys.contains(where: { !current.contains($0) })
    {
      return true
    }
    for input in inputs where !contents.contains(AnswerCache.fileHash(path: input.path, digest: input.digests.content))
    {
      guard
        let summary = summaries.summary(path: input.path, text: input.text, collection: summaries.collection)?.stored
          .decoded()
      else {
        if !gates.names.isEmpty || !gates.instanceDigests.isEmpty { return true }
        continue
      }
      if gates.mayChange(path: input.path, to: summary) { return true }
    }
    return false
  }
}
