import Foundation

/// This package's checkout, for tests that read its files (`Tests/Example`, fixtures, sources).
public enum Repository {
  /// The package's root folder, found from this file's path.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The URL of `path`, relative to the package's root.
  public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
