import DpendTestSupport
import Foundation

/// Debian's Chromium (`chromium`), run headless on a page: a screenshot or the DOM after the
/// page's scripts ran. Each run gets a profile folder of its own, so runs never share state.
enum HeadlessChromium {
  /// `chromium` on the `PATH`; `nil` when it is not installed.
  static let path: String? = onPath("chromium")

  /// `name` in a folder of the `PATH`.
  static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Draws `url` in a `width`×`height` window into `png`.
  static func screenshot(_ url: URL, to png: URL, width: Int, height: Int) throws -> ProcessResult {
    try run([
      "--screenshot=\(png.path)", "--window-size=\(width),\(height)", "--hide-scrollbars", url.absoluteString,
    ])
  }

  /// The page's DOM, serialized, once it has loaded (its scripts have run).
  static func dumpDOM(_ url: URL) throws -> ProcessResult {
    try run(["--dump-dom", url.absoluteString])
  }

  private static func run(_ arguments: [String]) throws -> ProcessResult {
    let profile = try TemporaryWorkspace(prefix: "dpend-chromium")
    let chromium = URL(fileURLWithPath: path ?? "/usr/bin/chromium")
    return try ProcessRunner.run(
      chromium,
      ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.root.path)"] + arguments,
      timeout: 180)
  }
}
