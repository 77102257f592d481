import DpendAnalysis
import DpendModel

/// Summaries kept between runs: a persistent cache the host asks before parsing a file, and
/// tells of every summary it makes. An implementation does its own I/O (the host does none)
/// and must answer only with a summary made from exactly `text` at `path` under `collection`
/// by this build of dpend: a cache never changes an answer.
public protocol SummaryStore: AnyObject, Sendable {
  /// The summary of the text fingerprinted by `text` at `path` read with `collection`, when
  /// it is kept; `nil` otherwise.
  /// It comes with its interface, kept beside it, and is not decoded: the bytes of a store's
  /// file are checked when the file is read.
  func summary(path: String, text: TextFingerprint, collection: CollectionSettings) -> IndexedSummary?
  /// Keeps `summary`, just made from the text fingerprinted by `text` with `collection`.
  func record(_ summary: IndexedSummary, text: TextFingerprint, collection: CollectionSettings)
  /// The workspace's inferred vocabulary changed (``DpendModel/ContainerVocabulary``):
  /// summaries are read with `collection` from now on. The summaries of `paths` (files that
  /// mention none of the vocabulary's words, old or new) read alike under both and stay;
  /// every other is forgotten, and the files read again are recorded next.
  func adopt(_ collection: CollectionSettings, keeping paths: Set<String>)
}

extension SummaryStore {
  public func adopt(_ collection: CollectionSettings, keeping paths: Set<String>) {}
}
