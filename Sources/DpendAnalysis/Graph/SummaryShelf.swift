import DpendModel

/// The summaries a graph was built from, kept in their binary form and decoded when first
/// read: the editor's lookups and the container check read a few files, never all of them.
///
/// The container check reads two parts of many files on every build: the container code of
/// each file that has some, and the types and protocols of each file declaring a name it
/// looks up. The shelf keeps those parts decoded (``containerCode(of:)``,
/// ``declarations(of:)``) rather than whole summaries, and hands them on to the next shelf
/// with whole summaries others read (``summary(of:)``): a server then holds of each file
/// what its builds read again, not everything a summary holds (its types' methods, its
/// lines, its extensions).
final class SummaryShelf: Sendable {
  /// The types a file declares, without their methods (which no container lookup reads),
  /// its protocols, and the conformances its extensions add (by extended type, as written).
  struct Declarations: Sendable {
    var types: [TypeDeclaration]
    var protocols: [ProtocolDeclaration]
    var extensionConformances: [(type: String, conformances: [String])]
    /// Its extensions that add initializers or static members, without their methods.
    var extensionMembers: [ExtensionDeclaration]

    init(_ summary: FileSummary) {
      types = summary.types.map { type in
        guard !type.methods.isEmpty else { return type }
        var type = type
        type.methods = []
        return type
      }
      protocols = summary.protocols
      extensionConformances = summary.extensions.filter { !$0.inheritance.isEmpty }.map {
        ($0.extendedType, $0.inheritance.map(\.name))
      }
      extensionMembers = summary.extensions.filter { !$0.initializers.isEmpty || !$0.staticTypes.isEmpty }.map {
        var members = $0
        members.methods = []
        return members
      }
    }
  }

  /// What a shelf decoded, by path, for the next shelf to keep: the builder forgets the
  /// paths that change (``forget(_:)``), so a shelf hands on in proportion to the change.
  struct Decoded: Sendable {
    var summaries: [String: FileSummary] = [:]
    var containerCode: [String: FileSummary] = [:]
    var declarations: [String: Declarations] = [:]

    /// Forgets what was decoded of `path`, whose summary changes.
    mutating func forget(_ path: String) {
      summaries[path] = nil
      containerCode[path] = nil
      declarations[path] = nil
    }
  }

  /// Every file's summary, by path.
  let stored: [String: StoredSummary]
  private let decoded: Locked<[String: FileSummary]>
  private let containerCodes: Locked<[String: FileSummary]>
  private let declared: Locked<[String: Declarations]>

  /// The shelf of `stored`, keeping what `kept` holds (``decodedSummaries``), each decoded
  /// from the summary `stored` holds: after an edit the files the editor reads again (each
  /// one with a problem, for its lines) and those the container check reads are not decoded
  /// again.
  init(_ stored: [String: StoredSummary], keeping kept: Decoded = Decoded()) {
    self.stored = stored
    decoded = Locked(kept.summaries)
    containerCodes = Locked(kept.containerCode)
    declared = Locked(kept.declarations)
  }

  /// What was decoded so far: all a next shelf needs of this one (holding on to the shelf
  /// itself would keep its whole table of stored summaries shared, and the builder's next
  /// change would copy it).
  var decodedSummaries: Decoded {
    Decoded(
      summaries: decoded.withLock { $0 }, containerCode: containerCodes.withLock { $0 },
      declarations: declared.withLock { $0 })
  }

  /// The summary of `path`, decoded once.
  func summary(of path: String) -> FileSummary? {
    if let done = decoded.withLock({ $0[path] }) { return done }
    guard let summary = stored[path]?.decoded() else { return nil }
    decoded.withLock { $0[path] = summary }
    return summary
  }

  /// The container code of `path`: a summary with only its path, registrations and resolve
  /// sites, decoded once.
  func containerCode(of path: String) -> FileSummary? {
    part(of: path, in: containerCodes) { whole in
      var code = FileSummary(path: whole.path)
      code.registrations = whole.registrations
      code.resolveSites = whole.resolveSites
      code.instances = whole.instances
      return code
    }
  }

  /// The types (without their methods) and protocols `path` declares, decoded once.
  func declarations(of path: String) -> Declarations? {
    part(of: path, in: declared, Declarations.init)
  }

  /// The part `make` takes of the summary of `path`, kept in `parts`: made once, from the
  /// whole summary when it is decoded already, else from one decoded for it and let go.
  private func part<Part: Sendable>(
    of path: String, in parts: Locked<[String: Part]>, _ make: (FileSummary) -> Part
  ) -> Part? {
    if let done = parts.withLock({ $0[path] }) { return done }
    guard let whole = decoded.withLock({ $0[path] }) ?? stored[path]?.decoded() else { return nil }
    let part = make(whole)
    parts.withLock { $0[path] = part }
    return part
  }

  /// The paths decoded so far, sorted (for tests).
  var decodedPaths: [String] { decoded.withLock { $0.keys.sorted() } }
  /// The paths whose container code, and whose declarations, were decoded so far, sorted
  /// (for tests).
  var partsDecoded: (containerCode: [String], declarations: [String]) {
    (containerCodes.withLock { $0.keys.sorted() }, declared.withLock { $0.keys.sorted() })
  }
}
