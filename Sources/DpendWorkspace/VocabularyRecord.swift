import DpendModel
import Foundation

/// The vocabulary a workspace's last run inferred (``DpendModel/ContainerVocabulary``), kept
/// beside the summary cache (`vocabulary.json`): the next run reads its files with it, so
/// their summaries are the ones the cache holds, and infers it again from them.
public enum VocabularyRecord {
  static let fileName = "vocabulary.json"

  /// The vocabulary kept in `directory`; empty when none is (or it does not read).
  public static func load(directory: URL) -> ContainerVocabulary {
    let url = directory.appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url) else { return ContainerVocabulary() }
    return (try? JSONValue.parse(Array(data)).decode(ContainerVocabulary.self)) ?? ContainerVocabulary()
  }

  /// Keeps `vocabulary` in `directory` when it differs from the one kept there. Only speed
  /// depends on it: a failed write is ignored.
  public static func save(_ vocabulary: ContainerVocabulary, directory: URL) {
    guard load(directory: directory) != vocabulary else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(vocabulary) else { return }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    _ = try? AtomicFile.write(data, to: directory.appendingPathComponent(fileName).path)
  }
}
