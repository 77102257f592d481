import DpendModel

/// The container stage's check of the types an update touched, in every configuration, and
/// the order it reads sites and registrations in.
extension ContainerStage {
  /// The site a reference names, with the type it is checked as.
  func site(_ ref: Ref) -> (site: ContainerCheck.Site, type: String) {
    let facts = files[ref.path]!
    return (facts.sites[ref.index], generalized[ref] ?? facts.siteTypes[ref.index]!)
  }

  /// The order sites are checked in: every file's own sites, then every registration's
  /// needs, each by path and place.
  func siteOrder(_ lhs: Ref, _ rhs: Ref) -> Bool {
    let left = lhs.index >= files[lhs.path]!.freeSiteCount
    let right = rhs.index >= files[rhs.path]!.freeSiteCount
    if left != right { return !left }
    return (lhs.path, lhs.index) < (rhs.path, rhs.index)
  }

  static func registrationOrder(_ lhs: Ref, _ rhs: Ref) -> Bool {
    (lhs.path, lhs.index) < (rhs.path, rhs.index)
  }

  /// Checks `types` again in every configuration, on all cores.
  mutating func checkTypes(
    _ types: [String], lookup: @Sendable (NameWatch?, DeclarationReads?) -> ContainerTypeLookup
  ) {
    lastCheckedTypes = types.count * configurations.count
    guard !types.isEmpty else { return }
    let configurations = self.configurations
    let filter = self.filter
    let reach = filter.reach
    let stage = self
    let jobs = types.count * configurations.count
    let untyped = Array(untypedUnread)
    let results = Parallel.map(jobs, minimum: 64) { job -> (ContainerCheck.Findings, [Substring], Set<String>) in
      let type = types[job / configurations.count]
      let configuration = configurations[job % configurations.count]
      let bucket = stage.buckets[type] ?? Bucket()
      func inConfiguration(_ registration: ContainerRegistration) -> Bool {
        ContainerCheck.holds(registration.conditions, in: configuration)
          && filter.compiles(registration.range.file, in: configuration)
      }
      let sites = bucket.sites.sorted(by: stage.siteOrder).map { stage.site($0).site }.filter { site in
        stage.isNeed(site) && ContainerCheck.holds(site.site.conditions, in: configuration)
          && filter.compiles(site.site.range.file, in: configuration)
          && (site.consumer.map { reach?.reaches($0, for: site.site) ?? true } ?? true)
      }
      let registrations = bucket.registrations.sorted(by: Self.registrationOrder).map {
        stage.files[$0.path]!.registrations[$0.index]
      }.filter(inConfiguration)
      let registered = registrations.filter { $0.unread == nil }
      guard !sites.isEmpty || registered.count > 1 else { return (.none, [], []) }
      func unread() -> [ContainerRegistration] {
        (bucket.registrations.filter { stage.files[$0.path]!.registrations[$0.index].unread != nil } + untyped)
          .sorted(by: Self.registrationOrder).map { stage.files[$0.path]!.registrations[$0.index] }
          .filter { !$0.isForwarded && inConfiguration($0) }
      }
      func conformers() -> [ContainerRegistration] {
        (stage.conformers[type] ?? []).sorted(by: Self.registrationOrder).map {
          stage.files[$0.path]!.registrations[$0.index]
        }.filter(inConfiguration)
      }
      let watch = NameWatch()
      let reads = DeclarationReads()
      let check = ContainerCheck(
        lookup: lookup(watch, reads), visibility: filter.visibility, reach: reach, instances: filter.instances)
      let found = check.check(
        type: type, sites: sites, registered: registered, unread: unread, conformers: conformers)
      return (found, watch.names, reads.paths)
    }
    for (job, (found, names, reads)) in results.enumerated() {
      let type = types[job / configurations.count]
      let configuration = job % configurations.count
      findings[configuration][type] = found.diagnostics.isEmpty && found.silenced.isEmpty ? nil : found
      if configuration == 0 { typeLookups[type] = nil }
      if !names.isEmpty || !reads.isEmpty {
        var read = typeLookups[type] ?? TypeReads()
        read.hashes.formUnion(names.map(StableHash.of))
        read.files.formUnion(reads)
        typeLookups[type] = read
      }
    }
  }
}
