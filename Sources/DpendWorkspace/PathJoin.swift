import Foundation

/// Path arithmetic that keeps relative paths relative, so diagnostics print paths as the
/// user wrote them.
enum PathJoin {
  /// `base/path`, or `path` itself when it is absolute or `base` is `.`.
  static func join(_ base: String, _ path: String) -> String {
    if path.hasPrefix("/") || base == "." || base.isEmpty { return trimDot(path) }
    return trimDot(base.hasSuffix("/") ? base + path : base + "/" + path)
  }

  /// `./a/b` → `a/b`.
  static func trimDot(_ path: String) -> String {
    var result = path
    while result.hasPrefix("./") { result.removeFirst(2) }
    return result.isEmpty ? "." : result
  }

  /// An absolute, normalized form used only to compare paths. An absolute path with no
  /// `.`, `..` or empty component is its own (what a build system's list of inputs holds):
  /// no `URL` is made, which would also ask the file system whether it is a directory.
  static func canonical(_ path: String) -> String {
    if isNormalizedAbsolute(path) { return path }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `true` for `/` and for an absolute path whose components are neither empty nor `.`
  /// nor `..`.
  static func isNormalizedAbsolute(_ path: String) -> Bool {
    let bytes = path.utf8
    guard bytes.first == UInt8(ascii: "/") else { return false }
    guard bytes.count > 1 else { return true }
    var componentLength = 0
    var dots = 0
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "/") {
        guard componentLength > 0, componentLength != dots || dots > 2 else { return false }
        componentLength = 0
        dots = 0
      } else {
        componentLength += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return componentLength > 0 && (componentLength != dots || dots > 2)
  }

  /// `true` when `path` lies strictly below the directory `root`, both as written (`..`
  /// resolved) and once symbolic links in the existing part of `path` are followed.
  static func isInside(_ path: String, root: String) -> Bool {
    let canonicalRoot = canonical(root)
    let canonicalPath = canonical(path)
    guard canonicalPath != canonicalRoot, isWithin(canonicalPath, canonicalRoot) else { return false }
    // A link inside the workspace may point out of it: compare the real directories.
    let realRoot = URL(fileURLWithPath: canonicalRoot).resolvingSymlinksInPath().path
    var existing = URL(fileURLWithPath: canonicalPath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    let realDirectory = existing.resolvingSymlinksInPath().path
    return isWithin(realDirectory, realRoot)
  }

  /// `true` when `path` is `prefix` or lies below it (both canonical).
  static func isWithin(_ path: String, _ prefix: String) -> Bool {
    path == prefix || path.hasPrefix(prefix.hasSuffix("/") ? prefix : prefix + "/")
  }
}

/// Compares paths however they are written (relative, `./`, `..`).
public enum PathIdentity {
  /// `true` when both paths name the same file.
  public static func same(_ lhs: String, _ rhs: String) -> Bool {
    PathJoin.canonical(lhs) == PathJoin.canonical(rhs)
  }

  /// `true` when `path` is `directory` or lies below it.
  public static func within(_ path: String, _ directory: String) -> Bool {
    PathJoin.isWithin(PathJoin.canonical(path), PathJoin.canonical(directory))
  }
}
