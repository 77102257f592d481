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
  /// The helpers, inject wrappers and container values the file declares, from which the
  /// workspace's ``DpendModel/ContainerVocabulary`` is inferred.
  public let vocabulary: VocabularyFacts
  /// The container dialects the file's imports select: the inferred vocabulary's container
  /// values of those dialects read nothing new in it.
  public let dialects: [Dialect]
  /// The names the file's register and resolve calls are made on
  /// (``DpendModel/FileSummary/receiverNames``).
  public let receiverNames: [String]
  /// The names the file mentions (``DpendModel/FileSummary/mentions``): what reaches the
  /// app's assemblies and registration functions.
  public let mentions: NameMentions
  /// The summary itself, when it was just collected for a document open in the editor: its
  /// analysis and the editor's lookups then read it instead of decoding the bytes made from
  /// it (every keystroke). Never kept for files read in bulk, which would hold every decoded
  /// summary at once again.
  let decoded: FileSummary?

  /// The summary: ``decoded`` when kept, else decoded now.
  var summary: FileSummary { decoded ?? stored.decoded() }

  /// `summary` encoded, with its interface; `keepingDecoded` keeps `summary` too (one file
  /// at a time: an open document).
  public init(_ summary: FileSummary, keepingDecoded: Bool = false) {
    self.init(StoredSummary(summary), from: summary, keepingIt: keepingDecoded)
  }

  /// `stored`, decoded once for its interface.
  public init(_ stored: StoredSummary) {
    self.init(stored, from: stored.decoded(), keepingIt: false)
  }

  private init(_ stored: StoredSummary, from summary: FileSummary, keepingIt: Bool) {
    self.init(
      stored, interface: FileInterface(summary),
      isContainer: !summary.registrations.isEmpty || !summary.resolveSites.isEmpty || !summary.instances.isEmpty,
      isConditional: BuildConfigurations.isConditional(summary), vocabulary: summary.vocabulary,
      dialects: Dialect.selected(byImports: summary.imports), receiverNames: summary.receiverNames,
      mentions: summary.mentions, decoded: keepingIt ? summary : nil)
  }

  init(
    _ stored: StoredSummary, interface: FileInterface, isContainer: Bool, isConditional: Bool,
    vocabulary: VocabularyFacts, dialects: [Dialect], receiverNames: [String], mentions: NameMentions,
    decoded: FileSummary? = nil
  ) {
    self.stored = stored
    self.interface = interface
    self.isContainer = isContainer
    self.isConditional = isConditional
    self.vocabulary = vocabulary
    self.dialects = dialects
    self.receiverNames = receiverNames
    self.mentions = mentions
    self.decoded = decoded
  }
}
