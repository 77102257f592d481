import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a source file's text straight into a `String`: one `open`, one `fstat`, one `read`
/// into the string's own storage (more only when the kernel hands over less than asked);
/// also a cache file's bytes, whole or in part.
/// Invalid UTF-8 is repaired, as `String(decoding:as:)` repairs it, so analysis stays
/// best-effort.
enum TextFile {
  /// The text of the file at `path`, or `nil` when it cannot be opened or read.
  static func text(at path: String) -> String? {
    var complete = false
    let text = opened(path) { descriptor, size in
      // One byte more than the size: a file that grew since `fstat` fills it, and is read
      // again the slow way rather than cut short.
      String(unsafeUninitializedCapacity: size + 1) { buffer in
        let filled = fill(buffer, from: descriptor)
        complete = filled != nil
        return filled ?? 0
      }
    }
    guard let text else { return nil }
    guard complete else {
      return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
    return text
  }

  /// The bytes of the file at `path` read straight into an array (a cache file: `Data` and a
  /// copy of it would hold it twice), or `nil` when it cannot be opened or read whole.
  static func bytes(at path: String) -> [UInt8]? {
    var complete = false
    let bytes = opened(path) { descriptor, size in
      // One byte more than the size, as for a text: a file that grew since `fstat` is refused.
      [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
        let filled = fill(buffer, from: descriptor)
        complete = filled != nil
        initialized = filled ?? 0
      }
    }
    return complete ? bytes : nil
  }

  /// The `count` bytes of the file at `path` from `offset` (a part of a cache file), or
  /// `nil` when it cannot be opened or ends before them.
  static func bytes(at path: String, offset: Int, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var complete = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var filled = 0
      while filled < count {
        let read = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else { break }
        filled += read
      }
      complete = filled == count
      initialized = filled
    }
    return complete ? bytes : nil
  }

  /// `read(descriptor, size)` for the regular file at `path`, opened for reading, with its
  /// size; `nil` when it cannot be opened or is not a regular file.
  private static func opened<Value>(_ path: String, _ read: (Int32, Int) -> Value) -> Value? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return read(descriptor, Int(status.st_size))
  }

  /// Reads `descriptor` into `buffer`: how many bytes, or `nil` when a read failed or the
  /// file fills the whole buffer (it grew since its size was taken).
  private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32) -> Int? {
    var filled = 0
    while filled < buffer.count {
      let wanted = buffer.count - filled
      let count = read(descriptor, buffer.baseAddress! + filled, wanted)
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      filled += count
      // A regular file reads short only at its end: no second `read` to see it end (one
      // system call less for each of thousands of small files).
      if count < wanted { break }
    }
    return filled == buffer.count ? nil : filled
  }
}
