import Foundation

/// The executables SwiftPM built for this package, found beside the running test bundle.
public enum BuiltProduct {
  /// The `dpend` binary: `$DPEND_BINARY` when set, else `dpend` beside the test executable.
  public static let dpend: URL = {
    if let path = ProcessInfo.processInfo.environment["DPEND_BINARY"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dpend")
  }()

  /// The executable product `name` (such as `dpend-benchmark`), in the directory `dpend` is in.
  public static func url(_ name: String) -> URL {
    dpend.deletingLastPathComponent().appendingPathComponent(name)
  }
}
