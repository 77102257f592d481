import DpendModel

/// The container stage's check of the types an update touched, in every configuration, and
/// the order it reads sites and registrations in.
extension ContainerStage {
  /// The site a reference names, with the type it is checked as.
  func site(_ ref: Ref) -> (site: ContainerCheck.Site, type: String) {
    let facts = files[ref.path]!
    return (facts.sites[ref.index], generalized[ref] ?? facts.siteTypes[ref.index]!)
  }

  /// `refs` in the order sites are checked in: every file's own sites, then every
  /// registration's needs, each by path and place.
  func sortedSites(_ refs: some Collection<Ref>) -> [Ref] {
    refs.map { (isNeed: $0.index >= files[$0.path]!.freeSiteCount, ref: $0) }.sorted { lhs, rhs in
      lhs.isNeed != rhs.isNeed ? !lhs.isNeed : Self.registrationOrder(lhs.ref, rhs.ref)
    }.map(\.ref)
  }

  static func registrationOrder(_ lhs: Ref, _ rhs: Ref) -> Bool {
    (lhs.path, lhs.index) < (rhs.path, rhs.index)
  }

  /// The registrations `refs` name, in the order of their files and places.
  func sortedRegistrations(_ refs: some Collection<Ref>) -> [ContainerRegistration] {
    var byFile: [String: [Int]] = [:]
    for ref in refs { byFile[ref.path, default: []].append(ref.index) }
    return byFile.keys.sorted().flatMap { path in
      let registrations = files[path]!.registrations
      return byFile[path]!.sorted().map { registrations[$0] }
    }
  }

  /// Checks `types` again in every configuration, on all cores: each type's sites and
  /// registrations are put in order once, then filtered for each configuration.
  mutating func checkTypes(
    _ types: [String], lookup: @Sendable (NameWatch?, DeclarationReads?) -> ContainerTypeLookup
  ) {
    lastCheckedTypes = types.count * configurations.count
    guard !types.isEmpty else { return }
    let configurations = self.configurations
    let filter = self.filter
    let reach = filter.reach
    let stage = self
    let untyped = Array(untypedUnread)
    let results = Parallel.map(types.count, minimum: 32) {
      job -> ([ContainerCheck.Findings], [Substring], Set<String>) in
      let type = types[job]
      let bucket = stage.buckets[type] ?? Bucket()
      let allSites = stage.sortedSites(bucket.sites).map { stage.site($0).site }.filter { stage.isNeed($0) }
      let all = stage.sortedRegistrations(bucket.registrations)
      var allUnread: [ContainerRegistration]?
      var allConformers: [ContainerRegistration]?
      let watch = NameWatch()
      let reads = DeclarationReads()
      let check = ContainerCheck(
        lookup: lookup(watch, reads), visibility: filter.visibility, reach: reach, instances: filter.instances)
      let found = configurations.map { configuration -> ContainerCheck.Findings in
        func inConfiguration(_ registration: ContainerRegistration) -> Bool {
          ContainerCheck.holds(registration.conditions, in: configuration)
            && filter.compiles(registration.range.file, in: configuration)
        }
        let sites = allSites.filter { site in
          ContainerCheck.holds(site.site.conditions, in: configuration)
            && filter.compiles(site.site.range.file, in: configuration)
            && (site.consumer.map { reach?.reaches($0, for: site.site) ?? true } ?? true)
        }
        let registrations = all.filter(inConfiguration)
        let registered = registrations.filter { $0.unread == nil }
        guard !sites.isEmpty || registered.count > 1 else { return .none }
        func unread() -> [ContainerRegistration] {
          if allUnread == nil {
            let refs = bucket.registrations.filter { stage.files[$0.path]!.registrations[$0.index].unread != nil }
            allUnread = stage.sortedRegistrations(refs + untyped).filter { !$0.isForwarded }
          }
          return allUnread!.filter(inConfiguration)
        }
        func conformers() -> [ContainerRegistration] {
          if allConformers == nil { allConformers = stage.sortedRegistrations(stage.conformers[type] ?? []) }
          return allConformers!.filter(inConfiguration)
        }
        return check.check(type: type, sites: sites, registered: registered, unread: unread, conformers: conformers)
      }
      return (found, watch.names, reads.paths)
    }
    for (job, (found, names, reads)) in results.enumerated() {
      let type = types[job]
      for (configuration, found) in found.enumerated() {
        findings[configuration][type] = found.diagnostics.isEmpty && found.silenced.isEmpty ? nil : found
      }
      typeLookups[type] = nil
      if !names.isEmpty || !reads.isEmpty {
        var read = TypeReads()
        read.hashes = Set(names.map(StableHash.of))
        read.files = reads
        typeLookups[type] = read
      }
    }
  }
}
