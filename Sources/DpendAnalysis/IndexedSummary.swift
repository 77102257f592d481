import DpendModel

/// A file's ``StoredSummary`` with what every build of the graph reads of all files: its
/// interface and whether it has container code or declarations under `#if`. Made where the
/// decoded summary is at hand (on the thread that collected or decoded it), so the builder
/// does not decode every file once more for them.
public struct IndexedSummary: Sendable {
  /// The summary, in its binary form.
  public let stored: StoredSummary
  let interface: FileInterface
  /// The file has container registrations or resolve sites.
  let isContainer: Bool
  /// Some declaration of dpend's own dialect is under an `#if`.
  let isConditional: Bool

  /// `summary` encoded, with its interface.
  public init(_ summary: FileSummary) {
    self.init(StoredSummary(summary), decoded: summary)
  }

  /// `stored`, decoded once for its interface.
  public init(_ stored: StoredSummary) {
    self.init(stored, decoded: stored.decoded())
  }

  private init(_ stored: StoredSummary, decoded summary: FileSummary) {
    self.init(
      stored, interface: FileInterface(summary),
      isContainer: !summary.registrations.isEmpty || !summary.resolveSites.isEmpty,
      isConditional: BuildConfigurations.isConditional(summary))
  }

  init(_ stored: StoredSummary, interface: FileInterface, isContainer: Bool, isConditional: Bool) {
    self.stored = stored
    self.interface = interface
    self.isContainer = isContainer
    self.isConditional = isConditional
  }
}
