#if canImport(Glibc)
  import Glibc
#endif

/// Settings of glibc's allocator for a dpend process. Elsewhere they do nothing.
public enum AllocatorTuning {
  /// Keeps freed memory at the top of each heap instead of handing it back to the kernel;
  /// call it before anything is parsed.
  ///
  /// Every file's syntax tree is freed once its summary is made. With glibc's default
  /// threshold (128 KB, adjusted as large blocks come and go) the top of a worker thread's
  /// heap is then trimmed after nearly every file and grown again for the next, and the
  /// `madvise`/`brk` calls and page faults this takes were a quarter of a cold run's time on
  /// 3,000 files. The next file reuses what the last one freed, so the resident peak hardly
  /// changes.
  public static func keepFreedMemory() {
    // M_TRIM_THRESHOLD is -1 in <malloc.h>.
    _ = call("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self).map { $0(-1, 256 << 20) }
  }

  /// Hands the memory freed so far back to the kernel: for a long-lived process (the
  /// language server) after a burst of work such as indexing a workspace.
  public static func releaseFreedMemory() {
    _ = call("malloc_trim", as: (@convention(c) (Int) -> Int32).self).map { $0(0) }
  }

  /// glibc's `name` (not in Swift's Glibc module: `<malloc.h>` is not part of it).
  private static func call<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    #else
      return nil
    #endif
  }
}
