import DpendModel

extension UnchangedGraph.ContainerChange {
  /// The needs of the registrations edited in place that went and came
  /// (``pairEdited(old:new:gone:come:)``).
  struct EditedNeeds {
    var removed: [ResolveSite] = []
    var added: [ResolveSite] = []
    /// For each need added apart from property injection (an edge of the cycle check): its
    /// registration's place in ``UnchangedGraph/ContainerChange/edited`` and its place in
    /// ``added``.
    var edges: [(edited: Int, site: Int)] = []
    /// The ranges of the needs removed, and of those added.
    var removedRanges: [SourceRange] = []
    var addedRanges: [SourceRange] = []
  }

  /// Pairs each registration that came (`come`, places in `new`) with the first that went
  /// (`gone`, places in `old`) written the same but for its needs and scope
  /// (``DpendModel/FileSummary/registrationPartsPositionFree``), and takes both out of the
  /// lists: its ranges move, its needs are matched one by one as sites are, and it joins
  /// ``edited`` with the number of needs it lost in ``edgesRemoved``. A scope changed to or
  /// from Dip's `.eagerSingleton` makes no pair (the error of a missing need names an eager
  /// singleton so): the two stay a registration removed and one added. `nil` when a pair may
  /// not be kept: not plain, or needs too many to match (``matching(_:_:)``).
  mutating func pairEdited(old: FileSummary, new: FileSummary, gone: inout [Int], come: inout [Int]) -> EditedNeeds? {
    var needs = EditedNeeds()
    guard !gone.isEmpty, !come.isEmpty else { return needs }
    let oldParts = old.registrationPartsPositionFree
    let newParts = new.registrationPartsPositionFree
    var unpaired: [Int] = []
    for newIndex in come {
      guard let place = gone.firstIndex(where: { oldParts[$0].shape.written == newParts[newIndex].shape.written })
      else {
        unpaired.append(newIndex)
        continue
      }
      let (was, now) = (old.registrations[gone[place]], new.registrations[newIndex])
      // Dip names an eager singleton's missing needs so: such a scope change is a
      // registration removed and one added, whose needs are all checked.
      guard was.scope == now.scope || (was.scope != "eagerSingleton" && now.scope != "eagerSingleton") else {
        unpaired.append(newIndex)
        continue
      }
      let oldIndex = gone.remove(at: place)
      guard Self.isPlain(was), Self.isPlain(now) else { return nil }
      moves += zip(oldParts[oldIndex].shape.ranges, newParts[newIndex].shape.ranges).map { ($0, $1) }
      var lost = 0
      for (oldSites, newSites, oldWritten, newWritten, isProperty) in [
        (was.needs, now.needs, oldParts[oldIndex].needs, newParts[newIndex].needs, false),
        (
          was.propertyNeeds, now.propertyNeeds, oldParts[oldIndex].propertyNeeds, newParts[newIndex].propertyNeeds, true
        ),
      ] {
        guard let pairs = Self.matching(oldWritten.map(\.written), newWritten.map(\.written)) else { return nil }
        for (oldSite, newSite) in pairs {
          moves += zip(oldWritten[oldSite].ranges, newWritten[newSite].ranges).map { ($0, $1) }
        }
        for index in Self.unmatched(oldSites.count, pairs.map(\.0)) {
          needs.removed.append(oldSites[index])
          needs.removedRanges += oldWritten[index].ranges
          if !isProperty { lost += 1 }
        }
        for index in Self.unmatched(newSites.count, pairs.map(\.1)) {
          if !isProperty { needs.edges.append((edited.count, needs.added.count)) }
          needs.added.append(newSites[index])
          needs.addedRanges += newWritten[index].ranges
        }
      }
      edited.append(now)
      edgesRemoved.append(lost)
    }
    come = unpaired
    return needs
  }
}
