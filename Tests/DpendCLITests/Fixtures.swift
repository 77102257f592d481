/// Small workspaces shared by the command-line tests.
enum Fixtures {
  /// Two implementations and a consumer; valid with `--implicit-filter '.*Impl'`.
  static let valid = [
    "Sources/Services.swift": """
    protocol Clock {}
    protocol Feed {}
    final class ClockImpl: Clock {}
    final class FeedImpl: Feed {
      init(clock: Clock) {}
    }

    """
  ]

  /// `FeedImpl` needs `Store`, which nothing provides.
  static let missingStore = [
    "Sources/Feed.swift": """
    protocol Feed {}
    protocol Store {}
    final class FeedImpl: Feed {
      init(store: Store) {}
    }

    """
  ]
}
