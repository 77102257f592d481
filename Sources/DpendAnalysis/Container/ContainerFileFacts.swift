import DpendModel

/// One file's container code as the container check reads it, typed once per change: its
/// registrations and resolve sites with their types as the sources declare them (SPEC 8.4),
/// each site's type, the conformances of the types it registers, its unread notes and
/// counts, and what the typing read of other files (names by stable hash, the files whose
/// declarations it read), so that ``ContainerStage`` types it again only when a name it
/// looked up changes meaning or a declaration it read changes (``ContainerStage+Declarations``).
/// Immutable once made or read (``code(_:)`` alone sets its properties again).
final class ContainerFileFacts: @unchecked Sendable {
  private(set) var path: String
  /// The notes of the registrations read nowhere, then of the file's own sites, then of its
  /// registrations' needs (the order a check of every file gives them in, file by file).
  private(set) var registrationNotes: [Diagnostic]
  private(set) var freeSiteNotes: [Diagnostic]
  private(set) var needSiteNotes: [Diagnostic]
  private(set) var registrationsRead: Int
  private(set) var registrationsUnread: Int
  private(set) var resolvesChecked: Int
  private(set) var resolvesUnread: Int
  /// The stable hashes of the last components of the names the typing looked up, sorted.
  private(set) var watched: [UInt64]
  /// How many of ``sites`` are the file's own resolve sites (the first ones): what sorting
  /// sites reads, kept beside the body.
  private(set) var freeSiteCount: Int
  /// The rest, which only the updates that type this file again or check its types read:
  /// a state read keeps it in binary form until then.
  private var body: Deferred<Body>

  /// What only some updates read of a file's facts.
  struct Body: BinaryCoded, Sendable {
    /// The registrations, in file order, their types canonicalized.
    var registrations: [ContainerRegistration] = []
    /// The file's own resolve sites, then each registration's needs, property needs and
    /// auto-wired needs, registration by registration: the order the check reads sites in.
    var sites: [ContainerCheck.Site] = []
    /// Each site's type as the check types it (``ContainerTypeLookup/resolve(_:)``); `nil`
    /// for a site it cannot type (unread).
    var siteTypes: [String?] = []
    /// For each type a read registration registers, the protocols and superclass it
    /// conforms to: what tells a protocol nothing registers from one registered under a
    /// concrete type.
    var conformances: [String: [String]] = [:]
    /// The files whose declarations the typing read (initializers, protocols' inheritance).
    var declarationFiles: Set<String> = []
    /// The distinct build conditions of its registrations and sites.
    var conditionLists: Set<BuildConditions> = []
  }

  var registrations: [ContainerRegistration] { body.value.registrations }
  var sites: [ContainerCheck.Site] { body.value.sites }
  var siteTypes: [String?] { body.value.siteTypes }
  var conformances: [String: [String]] { body.value.conformances }
  var declarationFiles: Set<String> { body.value.declarationFiles }
  var conditionLists: Set<BuildConditions> { body.value.conditionLists }

  /// The facts of `code` (a file's container code), typed through `lookup`, which records
  /// the names it looks up in `watch` and the files it reads in `reads`.
  init(code: FileSummary, lookup: ContainerTypeLookup, watch: NameWatch, reads: DeclarationReads) {
    path = code.path
    let summary = lookup.canonicalized(code)
    var body = Body()
    let registrations = summary.registrations
    body.registrations = registrations
    var sites = summary.resolveSites.map { ContainerCheck.Site(site: $0, consumer: nil) }
    let freeSiteCount = sites.count
    self.freeSiteCount = freeSiteCount
    for registration in registrations {
      sites += registration.needs.map { ContainerCheck.Site(site: $0, consumer: registration) }
      sites += registration.propertyNeeds.map {
        ContainerCheck.Site(site: $0, consumer: registration, isPropertyInjection: true)
      }
      if let autowired = registration.autowired {
        sites += lookup.autowiredNeeds(of: autowired, registration).map {
          ContainerCheck.Site(site: $0, consumer: registration)
        }
      }
    }
    body.sites = sites
    var registrationNotes: [Diagnostic] = []
    var read = 0
    var conformances: [String: [String]] = [:]
    for registration in registrations {
      if registration.unread == nil {
        for type in registration.types where conformances[type] == nil {
          conformances[type] = lookup.conformances(type)
        }
      }
      // A forwarded registration (inside the app's register function) is counted at its callers.
      guard !registration.isForwarded else { continue }
      if let why = registration.unread {
        registrationNotes.append(ContainerCheck.unreadNote("registration", why, registration.range))
      } else {
        read += 1
      }
    }
    body.conformances = conformances
    self.registrationNotes = registrationNotes
    registrationsRead = read
    registrationsUnread = registrationNotes.count
    var types: [String?] = []
    types.reserveCapacity(sites.count)
    var freeNotes: [Diagnostic] = []
    var needNotes: [Diagnostic] = []
    for (index, site) in sites.enumerated() {
      let reading = lookup.reading(site.site.type)
      types.append(reading.type)
      guard let reason = reading.reason else { continue }
      let note = ContainerCheck.unreadNote("resolve", site.site.unread ?? reason, site.site.range)
      if index < freeSiteCount { freeNotes.append(note) } else { needNotes.append(note) }
    }
    body.siteTypes = types
    freeSiteNotes = freeNotes
    needSiteNotes = needNotes
    resolvesUnread = freeNotes.count + needNotes.count
    resolvesChecked = sites.count - resolvesUnread
    watched = Array(Set(watch.names.map(StableHash.of))).sorted()
    body.declarationFiles = reads.paths
    var conditions = Set(registrations.map(\.conditions))
    conditions.formUnion(sites.map(\.site.conditions))
    conditions.remove([])
    body.conditionLists = conditions
    self.body = Deferred(body)
  }

  /// Facts to read into (``code(_:)``).
  init() {
    path = ""
    registrationNotes = []
    freeSiteNotes = []
    needSiteNotes = []
    registrationsRead = 0
    registrationsUnread = 0
    resolvesChecked = 0
    resolvesUnread = 0
    watched = []
    freeSiteCount = 0
    body = Deferred()
  }

  /// `true` when the typing looked up a name of one of these hashes (sorted).
  func watches(any hashes: [UInt64]) -> Bool {
    watched.sharesElement(withSorted: hashes)
  }
}

/// The files a lookup read declarations from, recorded as it reads them.
final class DeclarationReads {
  var paths: Set<String> = []
}

extension ContainerFileFacts: BinaryCoded {
  /// What every update reads, then the body in its own binary form (``Deferred``).
  func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&path)
    try coder.code(&registrationNotes)
    try coder.code(&freeSiteNotes)
    try coder.code(&needSiteNotes)
    try coder.code(&registrationsRead)
    try coder.code(&registrationsUnread)
    try coder.code(&resolvesChecked)
    try coder.code(&resolvesUnread)
    try coder.code(&watched)
    try coder.code(&freeSiteCount)
    try coder.code(&body)
  }
}

extension ContainerFileFacts.Body {
  /// Each site's consumer as its index among ``registrations`` (-1 for none): a
  /// registration is written once however many of its needs there are.
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&registrations)
    var siteCount = sites.count
    try coder.code(&siteCount)
    var read: [ContainerCheck.Site] = []
    for index in 0..<siteCount {
      var site = coder.isReading ? ResolveSite() : sites[index].site
      var consumer = coder.isReading ? -1 : sites[index].consumer.flatMap { registrations.firstIndex(of: $0) } ?? -1
      var isPropertyInjection = coder.isReading ? false : sites[index].isPropertyInjection
      try coder.code(&site)
      try coder.code(&consumer)
      try coder.code(&isPropertyInjection)
      guard coder.isReading else { continue }
      guard consumer < registrations.count else { throw .malformed("consumer \(consumer) past the registrations") }
      read.append(
        ContainerCheck.Site(
          site: site, consumer: consumer < 0 ? nil : registrations[consumer], isPropertyInjection: isPropertyInjection))
    }
    if coder.isReading { sites = read }
    try coder.code(&siteTypes)
    try coder.code(&conformances)
    try coder.code(&declarationFiles)
    try coder.code(&conditionLists)
  }
}
