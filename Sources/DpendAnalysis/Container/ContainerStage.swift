import DpendModel

/// The container check kept up to date by type, as the key stages are by key: an edit types
/// again only the files it changed and those whose typing read what it changed
/// (``ContainerFileFacts``), checks again only the types their registrations and sites are of
/// (``ContainerCheck/check(type:sites:registered:unread:conformers:)``) in each build
/// configuration, and looks for cycles only from the edges it added (``ContainerStage+Cycles``).
/// What every type's check reads beside its own registrations and sites — the configurations,
/// the answers' filter (which registration gates are reached, the container instances), an
/// unread registration of no known type — is recorded with the findings (``TypeInputs``);
/// every type is checked again only when it comes out different.
///
/// After any sequence of updates its answer equals a check of every file from scratch (the
/// random edit sequences of `IncrementalGraphTests` compare them).
struct ContainerStage {
  private(set) var files: [String: ContainerFileFacts] = [:]
  /// The paths of ``files``, sorted.
  private(set) var paths: [String] = []
  /// For each file, the files whose typing read its declarations.
  var readers: [String: Set<String>] = [:]
  var buckets = DeferredTable<String, Bucket>()
  /// The unread registrations whose type is not known: they could be of any type.
  var untypedUnread: Set<Ref> = []
  /// How many read registrations register each type (a generic registered without its
  /// arguments answers a resolve of any specialization).
  var registeredCounts: [String: Int] = [:]
  /// The sites typed as a generic's specialization, by the generic's name.
  var genericSites: [String: Set<Ref>] = [:]
  /// The type each such site is checked as, when it is the generic's name alone.
  var generalized: [Ref: String] = [:]
  /// For each type, the read registrations of a type conforming to it.
  var conformers: [String: Set<Ref>] = [:]
  /// The number of files whose container code has each list of conditions.
  var conditionCounts: [BuildConditions: Int] = [:]
  private(set) var configurations: [[String]] = [[]]
  private(set) var filter = ContainerAnswers()
  /// Counts the filters made: what the findings and the cycle graph record of the one they read.
  private(set) var filterGeneration = 0
  var assumedNotes: [Diagnostic] = []
  /// Each configuration's findings by type (types with none left out).
  var findings: [[String: ContainerCheck.Findings]] = []
  /// What every type's findings read beside the type's own registrations and sites.
  var findingsRead: TypeInputs?
  /// The types whose check asked the symbol table or read declarations, with what.
  var typeLookups: [String: TypeReads] = [:]
  /// The digests of the declarations of each file read, by name (``ContainerStage+Declarations``).
  var declarationDigests: [String: [UInt64: UInt64]] = [:]
  /// Each configuration's cycles.
  var cycles: [[Diagnostic]] = []
  /// The edges between keys, on numbers (``ContainerCycleGraph``).
  var cycleGraph = ContainerCycleGraph()
  /// What ``cycleGraph``'s edges were made with beside each file's facts; `nil` before the
  /// first update (``ContainerStage+Cycles``).
  var cycleGraphRead: CycleInputs?
  /// Each configuration's keys in a cycle, on the cycle graph's numbers.
  var cycleKeys: [Set<Int32>] = []
  /// The registrations whose needs include a factory's parameter (``ContainerStage+Wiring``),
  /// and them by the types they register.
  var argumentFactories: [Ref: ArgumentFactory] = [:]
  var argumentFactoriesByKey: [String: Set<Ref>] = [:]
  /// Of those, the ones no resolve without arguments wires, by their ranges.
  var unwired: Set<SourceRange> = []
  /// How many property-wrapper resolves with an owner the files have: while there is none,
  /// the cycle graph holds no constructions (``ContainerStage+Cycles``).
  var ownerSites = 0
  /// The counts of the report, summed over the files.
  var counts = Counts()
  /// How many types the last update checked, in all configurations; tests read it.
  var lastCheckedTypes = 0
  /// `true` when the last update looked for cycles.
  var lastLookedForCycles = false
  /// `true` when the last update worked out again which gates are reached and the container
  /// instances (what the gate stage then records it read, ``GateStage``).
  private(set) var lastWorkedOutReach = false

  /// Brings the check up to date with `inputs`; the diagnostics (merged across
  /// configurations, not sorted) and the report.
  mutating func update(_ inputs: Inputs) -> (
    diagnostics: [Diagnostic], report: ContainerReport
  ) {
    if inputs.full { self = ContainerStage() }
    let changedHashes = Set(inputs.namesChanged.map(StableHash.of))
    // The files to type again: the changed ones, and those that read a declaration that
    // changed or looked up a name that did.
    var dirtyFiles = inputs.full ? inputs.containerPaths : inputs.changed.filter { inputs.containerPaths.contains($0) }
    let declared = inputs.full ? (names: [], unknown: []) : declarationChanges(inputs.changed, inputs.declarations)
    if !inputs.full {
      // Sorted once, for each file's sorted watched hashes.
      let declaredNames = declared.names.sorted()
      let sortedChanges = changedHashes.sorted()
      for path in inputs.changed {
        guard let readersOfPath = readers[path] else { continue }
        if declared.unknown.contains(path) {
          dirtyFiles.formUnion(readersOfPath)
        } else if !declaredNames.isEmpty {
          for reader in readersOfPath where files[reader]?.watches(any: declaredNames) == true {
            dirtyFiles.insert(reader)
          }
        }
      }
      if !changedHashes.isEmpty {
        for (path, facts) in files where facts.watches(any: sortedChanges) { dirtyFiles.insert(path) }
      }
      for path in inputs.changed where files[path] != nil && !inputs.containerPaths.contains(path) {
        dirtyFiles.insert(path)
      }
    }
    let order = dirtyFiles.sorted()
    let lookup = inputs.lookup
    let codes = order.map { inputs.containerPaths.contains($0) ? inputs.code($0) : nil }
    let typed = Parallel.map(order.count, minimum: 16) { index -> ContainerFileFacts? in
      guard let code = codes[index] else { return nil }
      let watch = NameWatch()
      let reads = DeclarationReads()
      return ContainerFileFacts(code: code, lookup: lookup(watch, reads), watch: watch, reads: reads)
    }
    // What the reach reads of the typed files: the gates their registrations are written in
    // (typing may drop a registration whose receiver is no container) and, while some gate is
    // only counted as reached, where those registrations are (its `--verbose` note).
    let assumes = filter.reach?.assumesSome ?? false
    let gatesDiffer = zip(order, typed).contains { path, new in
      let after = Self.gates(of: new)
      return after != Self.gates(of: files[path]) || (assumes && !after.isEmpty)
    }
    var dirtyTypes: Set<String> = []
    for (path, new) in zip(order, typed) {
      if let old = files[path] { remove(old, dirty: &dirtyTypes) }
      if let new { insert(new, dirty: &dirtyTypes) }
    }
    // The files whose sites are checked as another type, or whose factories' parameters became
    // needs or stopped being: their edges too.
    let moved = regeneralize(dirty: &dirtyTypes)
    let rewired = rewire(retyped: dirtyFiles, dirty: &dirtyTypes)
    let configurations =
      inputs.configurations
      ?? ContainerCheck.configurations(
        conditionCounts.keys.sorted { $0.lexicographicallyPrecedes($1) },
        platforms: inputs.platforms)
    self.configurations = configurations
    lastWorkedOutReach = inputs.full || inputs.gating || gatesDiffer
    if lastWorkedOutReach {
      let registrations = orderedRegistrations()
      let reach = GateReach(registrations, mentions: inputs.mentions, visibility: inputs.visibility)
      let instances = InstanceGraph(paths.compactMap { inputs.code($0) })
      assumedNotes = reach?.assumedNotes(registrations) ?? []
      // The same registrations run on the same containers: the filter is kept. (The targets
      // come from the settings, which rebuild everything when they change.)
      if inputs.full || reach != filter.reach || instances != filter.instances {
        filter = ContainerAnswers(visibility: inputs.visibility, reach: reach, instances: instances)
        filterGeneration += 1
      }
    }
    filter.conditionNames = Set(configurations.joined().filter { !$0.hasPrefix("!") && !$0.contains("(") })
    let read = TypeInputs(
      configurations: configurations, filter: filterGeneration, untyped: untypedRegistrations())
    let types: [String]
    if read != findingsRead {
      findings = configurations.map { _ in [:] }
      typeLookups = [:]
      findingsRead = read
      types = Array(buckets.keys)
    } else {
      // The types whose check read what changed: a declaration, or a name looked up.
      if !typeLookups.isEmpty, !changedHashes.isEmpty || !inputs.changed.isEmpty {
        for (type, lookups) in typeLookups
        where !lookups.files.isDisjoint(with: declared.unknown)
          || lookups.hashes.contains(where: { changedHashes.contains($0) || declared.names.contains($0) })
        {
          dirtyTypes.insert(type)
        }
      }
      types = Array(dirtyTypes)
    }
    checkTypes(types, lookup: lookup)
    keepDeclarationDigests(of: typed.lazy.compactMap { $0 }.flatMap(\.declarationFiles), inputs.declarations)
    let checkedReads = types.compactMap { typeLookups[$0]?.files }
    keepDeclarationDigests(of: checkedReads.joined(), inputs.declarations)
    updateCycles(edited: dirtyFiles.union(moved).union(rewired).sorted())
    return answer()
  }

  // MARK: Files

  mutating func insert(_ facts: ContainerFileFacts, dirty: inout Set<String>) {
    let path = facts.path
    files[path] = facts
    paths.insert(path, at: paths.sortedIndex(of: path))
    for file in facts.declarationFiles { readers[file, default: []].insert(path) }
    for conditions in facts.conditionLists { conditionCounts[conditions, default: 0] += 1 }
    add(facts, sign: 1)
    insertArgumentFactories(facts)
    for (index, registration) in facts.registrations.enumerated() {
      let ref = Ref(path: path, index: index)
      if registration.unread != nil, registration.types.isEmpty { untypedUnread.insert(ref) }
      for type in registration.types {
        buckets[type, default: Bucket()].registrations.insert(ref)
        dirty.insert(type)
        guard registration.unread == nil else { continue }
        registeredCounts[type, default: 0] += 1
        for conformance in facts.conformances[type] ?? [] {
          conformers[conformance, default: []].insert(ref)
          dirty.insert(conformance)
        }
      }
    }
    for (index, type) in facts.siteTypes.enumerated() {
      guard let type else { continue }
      let ref = Ref(path: path, index: index)
      var checkedAs = type
      if let base = Self.genericBase(type) {
        genericSites[base, default: []].insert(ref)
        if let general = generalization(of: type, base: base) {
          generalized[ref] = general
          checkedAs = general
        }
      }
      buckets[checkedAs, default: Bucket()].sites.insert(ref)
      dirty.insert(checkedAs)
    }
  }

  mutating func remove(_ facts: ContainerFileFacts, dirty: inout Set<String>) {
    let path = facts.path
    files[path] = nil
    let at = paths.sortedIndex(of: path)
    if at < paths.count, paths[at] == path { paths.remove(at: at) }
    for file in facts.declarationFiles {
      readers[file]?.remove(path)
      if readers[file]?.isEmpty == true { readers[file] = nil }
    }
    for conditions in facts.conditionLists {
      conditionCounts[conditions, default: 1] -= 1
      if conditionCounts[conditions] == 0 { conditionCounts[conditions] = nil }
    }
    add(facts, sign: -1)
    removeArgumentFactories(facts)
    for (index, registration) in facts.registrations.enumerated() {
      let ref = Ref(path: path, index: index)
      if registration.unread != nil, registration.types.isEmpty { untypedUnread.remove(ref) }
      for type in registration.types {
        removeRegistration(ref, of: type)
        dirty.insert(type)
        guard registration.unread == nil else { continue }
        registeredCounts[type, default: 1] -= 1
        if registeredCounts[type] == 0 { registeredCounts[type] = nil }
        for conformance in facts.conformances[type] ?? [] {
          conformers[conformance]?.remove(ref)
          if conformers[conformance]?.isEmpty == true { conformers[conformance] = nil }
          dirty.insert(conformance)
        }
      }
    }
    for (index, type) in facts.siteTypes.enumerated() {
      guard let type else { continue }
      let ref = Ref(path: path, index: index)
      let checkedAs = generalized.removeValue(forKey: ref) ?? type
      if let base = Self.genericBase(type) {
        genericSites[base]?.remove(ref)
        if genericSites[base]?.isEmpty == true { genericSites[base] = nil }
      }
      removeSite(ref, of: checkedAs)
      dirty.insert(checkedAs)
    }
  }

  mutating func add(_ facts: ContainerFileFacts, sign: Int) {
    ownerSites += sign * facts.sites.count { !$0.isPropertyInjection && $0.consumer == nil && $0.site.owner != nil }
    counts.registrationsRead += sign * facts.registrationsRead
    counts.registrationsUnread += sign * facts.registrationsUnread
    counts.resolvesChecked += sign * facts.resolvesChecked
    counts.resolvesUnread += sign * facts.resolvesUnread
  }

  /// `Base` for `Base<Argument>`.
  static func genericBase(_ type: String) -> String? {
    guard let open = type.firstIndex(of: "<") else { return nil }
    return String(type[..<open])
  }

  /// The generic's name alone when only it is registered (`FinderModel` for
  /// `FinderModel<RunLoop>`); `nil` when the site is checked as typed.
  func generalization(of type: String, base: String) -> String? {
    registeredCounts[type] == nil && registeredCounts[base] != nil ? base : nil
  }

  /// Moves the sites of generics whose registration may have come or gone (those of a
  /// `dirty` type's name) to the type they are now checked as; the files of those moved.
  mutating func regeneralize(dirty: inout Set<String>) -> Set<String> {
    var affected: Set<Ref> = []
    for type in dirty {
      affected.formUnion(genericSites[Self.genericBase(type) ?? type] ?? [])
    }
    var moved: Set<String> = []
    for ref in affected {
      guard let type = files[ref.path]?.siteTypes[ref.index], let base = Self.genericBase(type) else { continue }
      let before = generalized[ref] ?? type
      let after = generalization(of: type, base: base) ?? type
      guard before != after else { continue }
      removeSite(ref, of: before)
      buckets[after, default: Bucket()].sites.insert(ref)
      generalized[ref] = after == type ? nil : after
      dirty.insert(before)
      dirty.insert(after)
      moved.insert(ref.path)
    }
    return moved
  }

  /// The unread registrations of no known type that a check reads (not forwarded), in the
  /// order it reads them: they could answer a resolve of any type.
  func untypedRegistrations() -> [ContainerRegistration] {
    untypedUnread.sorted(by: Self.registrationOrder).map { files[$0.path]!.registrations[$0.index] }
      .filter { !$0.isForwarded }
  }

  /// The gates `facts`' registrations are written in.
  static func gates(of facts: ContainerFileFacts?) -> Set<RegistrationGate> {
    Set(facts?.registrations.compactMap(\.gate) ?? [])
  }

  /// Every registration, in the order of the files' paths and then of each file.
  func orderedRegistrations() -> [ContainerRegistration] {
    paths.flatMap { files[$0]!.registrations }
  }
}

extension ContainerStage: BinaryCoded {
  /// What an update reads of the last one; the last update's own figures are not kept.
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&files)
    try coder.code(&paths)
    try coder.code(&readers)
    try coder.code(&buckets)
    try coder.code(&untypedUnread)
    try coder.code(&registeredCounts)
    try coder.code(&genericSites)
    try coder.code(&generalized)
    try coder.code(&conformers)
    try coder.code(&conditionCounts)
    try coder.code(&configurations)
    try coder.code(&filter)
    try coder.code(&assumedNotes)
    try coder.code(&findings)
    try coder.code(&findingsRead)
    try coder.code(&filterGeneration)
    try coder.code(&typeLookups)
    try coder.code(&declarationDigests)
    try coder.code(&cycles)
    try coder.code(&cycleGraph)
    try coder.code(&cycleGraphRead)
    try coder.code(&cycleKeys)
    try coder.code(&argumentFactories)
    try coder.code(&argumentFactoriesByKey)
    try coder.code(&unwired)
    try coder.code(&ownerSites)
    try coder.code(&counts)
  }
}
