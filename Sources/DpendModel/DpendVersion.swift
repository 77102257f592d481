/// dpend's version, the one place it is written: `dpend --version`, the language server's
/// `serverInfo.version` and SARIF reports read it.
public enum DpendVersion {
  /// The version, `major.minor.patch`.
  public static let current = "0.1.0"
}
