import DpendModel

/// A check of a resolve site some registrations answer.
protocol AnsweredSiteCheck: Sendable {
  /// The code of what it reports.
  static var code: DiagnosticCode { get }
  /// Its finding at `site`, resolving `type`, which `candidates` answer
  /// (``ContainerAnswers/answering(_:among:)``, never empty); `nil` when none.
  func finding(
    at site: ResolveSite, type: String, answeredBy candidates: [ContainerRegistration], _ check: ContainerCheck
  ) -> Diagnostic?
}

/// A key nothing read registers, with where it is resolved: what the checks of such a key
/// read.
struct UnansweredKey {
  var key: ContainerKey
  /// `true` when some site forces the resolve (not an optional one).
  var required: Bool
  /// The sites resolving it, by position.
  var sites: [ContainerCheck.Site]
  /// A note at each site, then one at each registration of the key no site sees.
  var notes: [DiagnosticNote]
  /// The read registrations of a type conforming to the key's, when it is a protocol.
  var conformers: [ContainerRegistration]
}

/// A check of a key nothing registers; the first of ``ContainerChecks/unanswered`` that
/// reports one tells what it is.
protocol UnansweredKeyCheck: Sendable {
  static var code: DiagnosticCode { get }
  /// Its finding for `key`; `nil` when it is not this check's.
  func finding(for key: UnansweredKey, _ check: ContainerCheck) -> Diagnostic?
}

/// Why a registration of a key does not answer a resolve of it (another target, another
/// container instance, a gate nothing reaches); the first of ``ContainerChecks/unseen``
/// that says tells.
protocol UnseenRegistrationNote: Sendable {
  /// The note at `registration` when it is unseen from `sites` for this reason; `nil` when not.
  func note(at registration: ContainerRegistration, from sites: [ResolveSite], _ answers: ContainerAnswers)
    -> DiagnosticNote?
}

/// The checks of container code that are asked in turn, in the order they run: of each
/// resolve site some registration answers, of each key nothing registers (the first that
/// reports tells), and the notes saying why a registration of a key is not seen. The
/// registrations of each type (``DuplicateCheck``) and each configuration's resolves as a
/// whole (``ResolveCycleCheck``) are one check each.
enum ContainerChecks {
  static let answered: [any AnsweredSiteCheck] = [ArgumentCountCheck(), ArgumentTypeCheck(), CastCheck()]
  static let unanswered: [any UnansweredKeyCheck] = [ConcreteTypeCheck(), OptionalResolveCheck(), MissingKeyCheck()]
  static let unseen: [any UnseenRegistrationNote] = [TargetNote(), InstanceNote(), ReachNote()]
}
