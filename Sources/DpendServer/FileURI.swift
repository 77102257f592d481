import Foundation

/// Converts between `file://` URIs and paths.
enum FileURI {
  /// The path of a `file://` URI, percent-decoded; `nil` for other schemes.
  static func path(_ uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    return url.standardizedFileURL.path
  }

  /// The `file://` URI of an absolute path.
  static func uri(_ path: String) -> String {
    URL(fileURLWithPath: path).absoluteString
  }
}
