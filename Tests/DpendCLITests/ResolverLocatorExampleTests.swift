import DpendTestSupport
import Foundation
import Testing

/// The Resolver example app with no settings, and the app's-own-locator example with the
/// `.dpend.json` that names its helpers: every deliberate mistake, and nothing else.
@Suite struct ResolverLocatorExampleTests {
  @Test func theResolverAppsFourMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Resolver"])
    #expect(
      result.stdout == """
        Tests/Example/Resolver/AppDelegate+Injection.swift:6:5: error: 'KeychainTokenStore' is registered as \
        'KeychainTokenStore', not as 'TokenStore', which is resolved [registered-as-concrete-type]
        Tests/Example/Resolver/AppDelegate+Injection.swift:7:56: note: resolved for 'NetworkClient' here
        Tests/Example/Resolver/AppDelegate+Injection.swift:15:58: error: in configuration with no condition set: \
        missing dependency: nothing registers 'Logger', needed by 'ProfileService' [missing-dependency]
        Tests/Example/Resolver/AppDelegate+Injection.swift:15:58: note: resolved for 'ProfileService' here
        Tests/Example/Resolver/ProfileViewModel.swift:6:33: note: resolved here
        Tests/Example/Resolver/ProfileViewModel.swift:5:32: error: missing dependency: nothing registers \
        'Analytics' [missing-dependency]
        Tests/Example/Resolver/ProfileViewModel.swift:5:32: note: resolved here
        Tests/Example/Resolver/ProfileViewModel.swift:7:34: warning: nothing registers 'CrashReporter': the \
        optional resolve always yields nil [unregistered-optional-resolve]
        Tests/Example/Resolver/ProfileViewModel.swift:7:34: note: resolved here

        """)
    #expect(
      result.stderr == """
        3 errors, 1 warning
        container code: 5 registrations read, 0 unread; 8 resolve sites checked, 0 unread; 2 configurations analysed (with no condition set; 'DEBUG')

        """)
    #expect(result.status == 1)
  }

  @Test func theLocatorAppsTwoMistakesOnceItsHelpersAreNamed() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Locator"])
    #expect(
      result.stdout == """
        Tests/Example/Locator/Bootstrap.swift:14:20: error: 'RemoteFeed' is registered as 'RemoteFeed', not as \
        'Feed', which is resolved [registered-as-concrete-type]
        Tests/Example/Locator/FeedScreen.swift:2:21: note: resolved here
        Tests/Example/Locator/FeedScreen.swift:3:26: error: missing dependency: nothing registers 'Analytics' \
        [missing-dependency]
        Tests/Example/Locator/FeedScreen.swift:3:26: note: resolved here

        """)
    #expect(
      result.stderr == """
        2 errors, 0 warnings
        container code: 3 registrations read, 0 unread; 6 resolve sites checked, 1 unread; 1 configuration analysed

        """)
    #expect(result.status == 1)
  }

  /// Without its `.dpend.json`, nothing of the locator's is read: no finding, nothing counted.
  @Test func theLocatorAppWithoutItsSettingsIsNotRead() throws {
    let workspace = try TemporaryWorkspace(
      try ["ServiceLocator.swift", "Bootstrap.swift", "FeedScreen.swift"].reduce(into: [String: String]()) {
        $0[$1] = try String(
          contentsOf: Repository.root.appendingPathComponent("Tests/Example/Locator/\($1)"), encoding: .utf8)
      })
    let result = try workspace.run("analyze")
    #expect(result.stdout == "")
    #expect(result.stderr == "0 errors, 0 warnings\n")
    #expect(result.status == 0)
  }
}
