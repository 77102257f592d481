import Dispatch
import Foundation

/// Wall-clock timing and summary statistics.
enum Statistics {
  /// Seconds `body` took.
  static func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// The `p`-th percentile (0…100) of `values`, nearest rank.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[max(0, min(sorted.count - 1, rank))]
  }

  static func median(_ values: [Double]) -> Double { percentile(values, 50) }
}

/// Formatting for the report.
enum Format {
  /// Whole milliseconds from 100 ms, one decimal from 1 ms, two below: `253 ms`, `25.0 ms`,
  /// `0.27 ms` (an edit takes a fraction of a millisecond: one decimal would hide a change of
  /// a third).
  static func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    if ms >= 100 { return String(format: "%.0f ms", ms) }
    return ms >= 1 ? String(format: "%.1f ms", ms) : String(format: "%.2f ms", ms)
  }

  /// `duration` in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// `bytes` in megabytes, one decimal: `12.3 MB`.
  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

  /// `median (min–max)`.
  static func spread(_ values: [Double]) -> String {
    "\(milliseconds(Statistics.median(values))) (\(milliseconds(values.min() ?? .nan))–\(milliseconds(values.max() ?? .nan)))"
  }
}
