import Foundation

/// Writes generated files so that a reader never sees half a file and an unchanged file
/// keeps its modification time (builds stay incremental).
public enum AtomicFile {
  /// What ``write(_:to:)`` did.
  public enum Outcome: Equatable, Sendable {
    /// The file already had exactly this text; it was not touched.
    case unchanged
    /// The file was created or replaced.
    case written
  }

  /// Writes `text` to `path` through a temporary file in the same directory and a rename.
  /// `differs` true says the file is known to hold another text (its fingerprint was read):
  /// it is then not read again to compare.
  /// - Throws: the underlying error when the directory cannot be created or written.
  public static func write(_ text: String, to path: String, differs: Bool = false) throws -> Outcome {
    guard differs else { return try write(Data(text.utf8), to: path) }
    var text = text
    try text.withUTF8 { bytes in try replace(at: path) { write in try write(UnsafeRawBufferPointer(bytes)) } }
    return .written
  }

  /// Writes `data` to `path` the same way.
  /// - Throws: the underlying error when the directory cannot be created or written.
  @discardableResult
  public static func write(_ data: Data, to path: String) throws -> Outcome {
    let url = URL(fileURLWithPath: path)
    removeStaleTemporaries(of: url)
    if let existing = FileManager.default.contents(atPath: path), existing == data { return .unchanged }
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(Self.temporaryPrefix(of: url) + "\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    return .written
  }

  /// Replaces the file at `path` with `bytes` through a temporary file in the same directory
  /// and a rename, like `write(_:to:)`, but without reading the file there first to
  /// compare and without copying `bytes`: for a cache, which is written only when it changed.
  /// - Throws: the underlying error when the directory or the file cannot be written.
  public static func replace(at path: String, with bytes: [UInt8]) throws {
    try replace(at: path) { write in try bytes.withUnsafeBytes { try write($0) } }
  }

  /// Replaces the file at `path` with what `produce` hands to the writer it is given, piece
  /// by piece, through a temporary file in the same directory and a rename: the file is
  /// never whole in memory, and a reader never sees part of it.
  /// - Throws: the underlying error when the directory or the file cannot be written, or
  ///   what `produce` throws; the temporary file is then removed.
  public static func replace(
    at path: String, producing produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let url = URL(fileURLWithPath: path)
    removeStaleTemporaries(of: url)
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(Self.temporaryPrefix(of: url) + "\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    func write(_ buffer: UnsafeRawBufferPointer) throws { try writeAll(buffer, to: descriptor) }
    var isOpen = true
    do {
      try produce(write)
      isOpen = false
      guard close(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporary.path)
      throw error
    }
  }

  /// Writes all of `buffer` to the open file `descriptor`, however many calls it takes.
  /// - Throws: the file system's error.
  static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    var written = 0
    while written < buffer.count {
      let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      written += count
    }
  }

  /// Temporary files of `url` start with this: `.Deps.swift.dpend-`.
  static func temporaryPrefix(of url: URL) -> String { ".\(url.lastPathComponent).dpend-" }

  /// A run killed between writing its temporary file and renaming it leaves the temporary
  /// file behind (the output itself is intact). The next write removes such files once they
  /// are a minute old; younger ones may belong to a run still in progress.
  static func removeStaleTemporaries(of url: URL, olderThan age: TimeInterval = 60) {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(of: url)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let path = directory.appendingPathComponent(name).path
      guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
        Date().timeIntervalSince(modified) > age
      else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}
