import Foundation

/// Where a workspace's caches (summaries, the kept answer, project descriptions) go when no
/// `--cache-directory` is given (SPEC 9): where the ecosystem expects them, never a new
/// untracked folder in an app's repository.
///
/// - A Swift package (`Package.swift` at the root), or a root that already has a `.build`
///   folder: `.build/dpend`, beside SwiftPM's own.
/// - An Xcode project (`*.xcodeproj`, `*.xcworkspace` or XcodeGen's `project.yml` at the root):
///   the user's cache folder, `$XDG_CACHE_HOME/dpend/<folder>-<hash>`, else
///   `~/Library/Caches/dpend/…` on macOS and `~/.cache/dpend/…` elsewhere, one folder per
///   root (its name and a hash of its path).
/// - Any other folder: `.build/dpend`.
public enum CacheLocation {
  /// The cache directory of the workspace at `root`.
  public static func directory(
    ofRoot root: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let rootURL = URL(fileURLWithPath: root).standardizedFileURL
    let inWorkspace = rootURL.appendingPathComponent(".build").appendingPathComponent("dpend")
    let manager = FileManager.default
    if manager.fileExists(atPath: rootURL.appendingPathComponent("Package.swift").path)
      || manager.fileExists(atPath: rootURL.appendingPathComponent(".build").path)
    {
      return inWorkspace
    }
    let names = (try? manager.contentsOfDirectory(atPath: rootURL.path)) ?? []
    guard names.contains(where: ProjectFileNames.isXcodeProject) else { return inWorkspace }
    return perUser(environment: environment).appendingPathComponent(folderName(of: rootURL))
  }

  /// The folder per-user caches of every workspace go in.
  static func perUser(environment: [String: String]) -> URL {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache).appendingPathComponent("dpend")
    }
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
    #if os(macOS)
      return home.appendingPathComponent("Library/Caches/dpend")
    #else
      return home.appendingPathComponent(".cache/dpend")
    #endif
  }

  /// `<last path component>-<16 hex digits of the path's FNV-1a hash>`: one folder per root,
  /// readable, and the same for the same path on every run.
  public static func folderName(of root: URL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in root.path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return root.lastPathComponent + "-" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}
