import Foundation
import Testing

/// The example app of SPEC 8.6 (`Tests/Example/Targets`): an Xcode project with an app, its
/// tests registering into a mock container, a share extension with its own container, an
/// assembly the app no longer applies and an `#if arch(x86_64)` pair. Each mistake is found,
/// named by its target, with no settings.
@Suite struct TargetsExampleTests {
  @Test func eachTargetIsAnsweredByWhatItRegisters() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example/Targets", "--no-cache", "--verbose"])
    #expect(
      result.stdout == """
        Tests/Example/Targets/App/AppDelegate.swift:8:39: error: in target 'Targets': missing dependency: nothing \
        registers 'FeedbackRepository' [missing-dependency]
        Tests/Example/Targets/App/AppDelegate.swift:8:39: note: resolved here
        Tests/Example/Targets/AppTests/FeedbackTests.swift:7:19: note: registered here, but in target \
        'TargetsTests', which 'Targets' does not link
        Tests/Example/Targets/App/Assemblies.swift:23:25: error: in target 'Targets': missing dependency: nothing \
        registers 'HUDPresenting', needed by 'FeedbackScreen' [missing-dependency]
        Tests/Example/Targets/App/Assemblies.swift:23:25: note: resolved for 'FeedbackScreen' here
        Tests/Example/Targets/App/Assemblies.swift:16:15: note: registered here, but in \
        'PresentationAssembly.assemble(container:)', which nothing applies: no 'PresentationAssembly' is made
        Tests/Example/Targets/App/Assemblies.swift:24:50: error: in target 'Targets': in configuration \
        '!arch(x86_64)': missing dependency: nothing registers 'Haptics', needed by 'FeedbackScreen' \
        [missing-dependency]
        Tests/Example/Targets/App/Assemblies.swift:24:50: note: resolved for 'FeedbackScreen' here
        Tests/Example/Targets/ShareExtension/ShareViewController.swift:9:31: error: in target 'ShareExtension': \
        missing dependency: nothing registers 'Analytics' [missing-dependency]
        Tests/Example/Targets/ShareExtension/ShareViewController.swift:9:31: note: resolved here
        Tests/Example/Targets/App/Assemblies.swift:7:15: note: registered here, but in target 'Targets', which \
        'ShareExtension' does not link

        """)
    #expect(
      result.stderr == """
        summary cache: off, 7 parsed
        build targets: 'Targets' (5 files, application, iOS, depends on 'ShareExtension', from \
        Targets.xcodeproj/project.pbxproj); 'TargetsTests' (1 file, tests, iOS, depends on 'Targets', from \
        Targets.xcodeproj/project.pbxproj); 'ShareExtension' (3 files, extension, iOS, from \
        Targets.xcodeproj/project.pbxproj)
        4 errors, 0 warnings
        container code: 7 registrations read, 0 unread; 6 resolve sites checked, 0 unread; 2 configurations \
        analysed ('arch(x86_64)'; '!arch(x86_64)')

        """)
    #expect(result.status == 1)
  }

  /// The tree names each registration's target and draws only what answers where it runs:
  /// the unapplied assembly's `HUDPresenting` is missing under `FeedbackScreen`.
  @Test func theTreeNamesTargetsAndDrawsWhatAnswers() throws {
    let result = try runDpend(["tree", "--workspace", "Tests/Example/Targets", "--no-cache"])
    #expect(
      result.stdout == """
        Analytics ← ConsoleAnalytics [Swinject, target 'Targets'] — Tests/Example/Targets/App/Assemblies.swift:7
        Clock ← SystemClock [Swinject, targets 'ShareExtension' and 'Targets'] — \
        Tests/Example/Targets/Shared/Container+Core.swift:6
        FeedbackRepository ← RemoteFeedback [Swinject, container 'mockContainer', target 'TargetsTests'] — \
        Tests/Example/Targets/AppTests/FeedbackTests.swift:7
        FeedbackScreen ← FeedbackScreen [Swinject, target 'Targets'] — Tests/Example/Targets/App/Assemblies.swift:22
        ├── HUDPresenting (missing)
        └── Haptics ← SimulatedHaptics (#if arch(x86_64)) [Swinject, target 'Targets'] — \
        Tests/Example/Targets/App/Assemblies.swift:9
        HUDPresenting ← HUD [Swinject, target 'Targets'] — Tests/Example/Targets/App/Assemblies.swift:16
        Haptics ← SimulatedHaptics (#if arch(x86_64)) [Swinject, target 'Targets'] — \
        Tests/Example/Targets/App/Assemblies.swift:9
        Storage ← DiskStorage [Swinject, target 'Targets'] — Tests/Example/Targets/App/Assemblies.swift:6

        """)
  }
}
