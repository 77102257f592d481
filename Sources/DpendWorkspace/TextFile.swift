import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a source file's text straight into a `String`: one `open`, one `fstat`, one `read`
/// into the string's own storage (more only when the kernel hands over less than asked).
/// Invalid UTF-8 is repaired, as `String(decoding:as:)` repairs it, so analysis stays
/// best-effort.
enum TextFile {
  /// The text of the file at `path`, or `nil` when it cannot be opened or read.
  static func text(at path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    var complete = true
    // One byte more than the size: a file that grew since `fstat` fills it, and is read
    // again the slow way rather than cut short.
    let text = String(unsafeUninitializedCapacity: size + 1) { buffer in
      var filled = 0
      while filled < buffer.count {
        let wanted = buffer.count - filled
        let count = read(descriptor, buffer.baseAddress! + filled, wanted)
        if count == 0 { break }
        if count < 0 {
          if errno == EINTR { continue }
          complete = false
          return 0
        }
        filled += count
        // A regular file reads short only at its end: no second `read` to see it end (one
        // system call less for each of thousands of small files).
        if count < wanted { break }
      }
      if filled == buffer.count { complete = false }
      return complete ? filled : 0
    }
    guard complete else {
      return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
    return text
  }

  /// The bytes of the file at `path` read straight into an array (a cache file: `Data` and a
  /// copy of it would hold it twice), or `nil` when it cannot be opened or read whole.
  static func bytes(at path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    var complete = true
    // One byte more than the size, as for a text: a file that grew since `fstat` is refused.
    let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
      var filled = 0
      while filled < buffer.count {
        let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        if count == 0 { break }
        if count < 0 {
          if errno == EINTR { continue }
          complete = false
          break
        }
        filled += count
      }
      if filled == buffer.count { complete = false }
      initialized = complete ? filled : 0
    }
    return complete ? bytes : nil
  }
}
