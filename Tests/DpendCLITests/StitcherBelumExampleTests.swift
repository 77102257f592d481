import DpendTestSupport
import Foundation
import Testing

/// The Stitcher and Belum example apps, analysed with no settings at all: every deliberate
/// mistake, and nothing else.
@Suite struct StitcherBelumExampleTests {
  @Test func theStitcherAppsThreeMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Stitcher"])
    #expect(
      result.stdout == """
        Tests/Example/Stitcher/Containers.swift:13:3: error: missing dependency: nothing registers 'name \
        "analytics"', required by the container "Account" [missing-dependency]
        Tests/Example/Stitcher/Containers.swift:13:3: note: required here
        Tests/Example/Stitcher/Containers.swift:19:3: warning: 'name "authenticator"' is registered twice in one \
        configuration: only the last registration counts [duplicate-registration]
        Tests/Example/Stitcher/Containers.swift:7:3: note: first registered here
        Tests/Example/Stitcher/LoginViewModel.swift:7:35: error: missing dependency: nothing registers 'name \
        "auth"' [missing-dependency]
        Tests/Example/Stitcher/LoginViewModel.swift:7:35: note: resolved here

        """)
    #expect(
      result.stderr == """
        2 errors, 1 warning
        container code: 4 registrations read, 0 unread; 6 resolve sites checked, 0 unread; 1 configuration analysed

        """)
    #expect(result.status == 1)
  }

  @Test func theBelumAppsTwoMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Belum"])
    #expect(
      result.stdout == """
        Tests/Example/Belum/AppDependencies.swift:16:75: error: dependency cycle: \\AppDependencies.chat -> \
        \\AppDependencies.home -> \\AppDependencies.chat [dependency-cycle]
        Tests/Example/Belum/AppDependencies.swift:16:75: note: '\\AppDependencies.chat' resolves \
        '\\AppDependencies.home'
        Tests/Example/Belum/AppDependencies.swift:19:75: note: '\\AppDependencies.home' resolves \
        '\\AppDependencies.chat'
        Tests/Example/Belum/AppDependencies.swift:17:83: error: missing dependency: nothing registers \
        '\\AppDependencies.profile', needed by '\\AppDependencies.settings' [missing-dependency]
        Tests/Example/Belum/AppDependencies.swift:17:83: note: resolved for '\\AppDependencies.settings' here

        """)
    #expect(
      result.stderr == """
        2 errors, 0 warnings
        container code: 3 registrations read, 0 unread; 4 resolve sites checked, 0 unread; 1 configuration analysed

        """)
    #expect(result.status == 1)
  }
}
