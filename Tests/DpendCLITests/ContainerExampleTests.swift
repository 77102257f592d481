import DpendTestSupport
import Foundation
import Testing

/// The Dip and Swinject example apps, analysed with no settings at all: every deliberate
/// mistake, and nothing else.
@Suite struct ContainerExampleTests {
  @Test func theDipAppsThreeMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Dip"])
    #expect(
      result.stdout == """
        Tests/Example/Dip/AppContainer.swift:8:5: error: 'KeychainTokenStore' is registered as \
        'KeychainTokenStore', not as 'TokenStore', which is resolved [registered-as-concrete-type]
        Tests/Example/Dip/AppContainer.swift:6:80: note: resolved for 'NetworkClient' here
        Tests/Example/Dip/AppContainer.swift:13:88: error: in configuration with no condition set: missing \
        dependency: nothing registers 'Analytics', needed by 'Screen' [missing-dependency]
        Tests/Example/Dip/AppContainer.swift:13:88: note: resolved for 'Screen' here
        Tests/Example/Dip/Router.swift:6:31: error: missing dependency: nothing registers 'Screen (name \
        "onboarding")' [missing-dependency]
        Tests/Example/Dip/Router.swift:6:31: note: resolved here

        """)
    #expect(
      result.stderr == """
        3 errors, 0 warnings
        container code: 5 registrations read, 0 unread; 6 resolve sites checked, 0 unread; 2 configurations analysed (with no condition set; 'DEBUG')

        """)
    #expect(result.status == 1)
  }

  @Test func theSwinjectAppsFourMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Swinject"])
    #expect(
      result.stdout == """
        Tests/Example/Swinject/AppAssembly.swift:8:70: error: missing dependency: nothing registers 'ImageCache', \
        needed by 'ProfileService' [missing-dependency]
        Tests/Example/Swinject/AppAssembly.swift:8:70: note: resolved for 'ProfileService' here
        Tests/Example/Swinject/AppAssembly.swift:14:15: warning: 'Session' is registered twice in one \
        configuration: only the last registration counts [duplicate-registration]
        Tests/Example/Swinject/AppAssembly.swift:5:15: note: first registered here
        Tests/Example/Swinject/ProfileRouter.swift:12:26: error: 'DetailViewModel' is resolved with 0 runtime \
        arguments but registered with 1 [argument-count-mismatch]
        Tests/Example/Swinject/AppAssembly.swift:10:15: note: registered here
        Tests/Example/Swinject/ProfileRouter.swift:14:14: warning: nothing registers 'Logger': the optional \
        resolve always yields nil [unregistered-optional-resolve]
        Tests/Example/Swinject/ProfileRouter.swift:14:14: note: resolved here

        """)
    #expect(result.status == 1)
  }

  /// An app whose resolves are typed by their context (SPEC 10): a getter's type, a default
  /// argument's, a function's result, a resolver held in a local, a container a function
  /// returns held in a global — in files that import no container; an assembly that imports
  /// nothing (`@_exported import Swinject` elsewhere), `~>`, a composition registered in
  /// another order, `Swinject.Resolver` answered by `Resolver`, a `#if !WIDGET` assembly in a file
  /// the project file compiles only into the app (whose conditions never set `WIDGET`); no
  /// settings. Only the two true mistakes are reported.
  @Test func theInferredAppsMistakesAreFoundWhereSwiftInfersTheirTypes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Inferred", "--no-cache", "--verbose"])
    #expect(
      result.stdout == """
        Tests/Example/Inferred/Screens.swift:14:65: error: in target 'Inferred': missing dependency: nothing \
        registers 'Router' [missing-dependency]
        Tests/Example/Inferred/Screens.swift:14:65: note: resolved here
        Tests/Example/Inferred/Screens.swift:31:42: note: resolved here
        Tests/Example/Inferred/Screens.swift:22:11: error: in target 'Inferred': missing dependency: nothing \
        registers 'Analytics' [missing-dependency]
        Tests/Example/Inferred/Screens.swift:22:11: note: resolved here
        Tests/Example/Inferred/DI.swift:12:8: note: inferred resolve helper 'resolve()' of 'Resolver': its calls \
        are read as required Swinject resolves [inferred-helper]

        """)
    #expect(
      result.stderr == """
        summary cache: off, 11 parsed
        build targets: 'Inferred' (5 files, application, iOS, depends on 'Widget', from \
        Inferred.xcodeproj/project.pbxproj); 'Widget' (2 files, extension, iOS, from \
        Inferred.xcodeproj/project.pbxproj)
        2 errors, 0 warnings
        container code: 9 registrations read, 0 unread; 14 resolve sites checked, 0 unread; 2 configurations \
        analysed (with no condition set; 'WIDGET')

        """)
    #expect(result.status == 1)
  }

  /// An app that reaches its container its own way (SPEC 8): a helper extension, a static
  /// resolve that force-unwraps, an inject wrapper, a global container used from a file
  /// without the import, a typealias key; no settings.
  @Test func theWrappedAppsTwoMistakes() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Wrapped", "--no-cache", "--verbose"])
    #expect(
      result.stdout == """
        Tests/Example/Wrapped/App.swift:9:21: error: missing dependency: nothing registers 'SettingsScreen' \
        [missing-dependency]
        Tests/Example/Wrapped/App.swift:9:21: note: resolved here
        Tests/Example/Wrapped/Services.swift:16:26: error: missing dependency: nothing registers 'Analytics' \
        [missing-dependency]
        Tests/Example/Wrapped/Services.swift:16:26: note: resolved here
        Tests/Example/Wrapped/Container+Helpers.swift:6:8: note: inferred register helper \
        'register(_:name:isolatedFactory:)' of 'Container': its calls are read as Swinject registrations \
        [inferred-helper]
        Tests/Example/Wrapped/Container+Helpers.swift:13:8: note: inferred register helper \
        'registerShared(_:factory:)' of 'Container': its calls are read as Swinject registrations [inferred-helper]
        Tests/Example/Wrapped/Container+Helpers.swift:25:15: note: inferred resolve helper 'resolve(_:)' of 'DI': \
        its calls are read as required Swinject resolves [inferred-helper]
        Tests/Example/Wrapped/Container+Helpers.swift:29:25: note: inferred inject wrapper '@Inject': its \
        properties are read as Swinject resolves of their type [inferred-helper]

        """)
    #expect(
      result.stderr == """
        summary cache: off, 8 parsed
        2 errors, 0 warnings
        container code: 4 registrations read, 0 unread; 7 resolve sites checked, 0 unread; 1 configuration analysed

        """)
    #expect(result.status == 1)
  }

  @Test func verboseListsWhatWasNotRead() throws {
    let workspace = try TemporaryWorkspace([
      "Setup.swift": """
      import Swinject

      func setUp(_ container: Container, kind: String) {
        container.register(Store.self, name: kind) { _ in StoreImpl() }
      }

      """
    ])
    let result = try workspace.run("analyze", "--verbose")
    #expect(
      result.stdout
        == "Setup.swift:4:13: note: unread registration: the name 'kind' is computed [unread-registration]\n"
        + "Setup.swift:4:13: note: counted as reached: 'setUp(_:kind:)' may be called where dpend cannot see it"
        + " (nothing it reads calls any registration function) [assumed-reached]\n")
    #expect(
      result.stderr == """
        summary cache: 0 reused, 1 parsed
        0 errors, 0 warnings
        container code: 0 registrations read, 1 unread; 0 resolve sites checked, 0 unread; 1 configuration analysed
        unread, by reason:
            1  registration: the name 'kind' is computed

        """)
  }
}
