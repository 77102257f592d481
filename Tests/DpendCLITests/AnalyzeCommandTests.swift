import DpendTestSupport
import Foundation
import Testing

@Suite struct AnalyzeCommandTests {
  @Test func exampleWorkspaceReportsTheDeliberateMistake() throws {
    let result = try runDpend(["analyze", "--workspace", "Tests/Example"])
    #expect(
      result.stdout == """
        Tests/Example/Sources/Menu/Menu.swift:14:38: error: missing dependency: nothing provides 'Analytics', \
        needed by 'MenuViewModel.init(menu:analytics:)' and 'OrderViewModel.init(orders:analytics:)' \
        [missing-dependency]
        Tests/Example/Sources/Menu/Menu.swift:14:38: note: 'MenuViewModel.init(menu:analytics:)' needs 'Analytics'
        Tests/Example/Sources/Orders/Orders.swift:24:41: note: 'OrderViewModel.init(orders:analytics:)' needs \
        'Analytics'

        """)
    #expect(result.stderr == "1 error, 0 warnings\n")
    #expect(result.status == 1)
  }

  @Test func cleanWorkspaceExitsZero() throws {
    let workspace = try TemporaryWorkspace(Fixtures.valid)
    let result = try workspace.run("analyze", "--implicit-filter", ".*Impl")
    #expect(result == ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings\n"))
  }

  @Test func missingDependencyIsAnErrorWithExitCodeOne() throws {
    let workspace = try TemporaryWorkspace(Fixtures.missingStore)
    let result = try workspace.run("analyze", "Sources", "--implicit-filter", ".*Impl")
    #expect(
      result
        == ProcessResult(
          status: 1,
          stdout: """
            Sources/Feed.swift:4:15: error: missing dependency: nothing provides 'Store', needed by \
            'FeedImpl.init(store:)' [missing-dependency]
            Sources/Feed.swift:4:15: note: 'FeedImpl.init(store:)' needs 'Store'

            """,
          stderr: "1 error, 0 warnings\n"))
  }

  @Test func jsonFormat() throws {
    let workspace = try TemporaryWorkspace(Fixtures.missingStore)
    let result = try workspace.run("analyze", "--format", "json", "--implicit-filter", ".*Impl")
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        {
          "diagnostics": [
            {
              "code": "missing-dependency",
              "message": "missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(store:)'",
              "notes": [
                {
                  "message": "'FeedImpl.init(store:)' needs 'Store'",
                  "range": {
                    "end": {
                      "column": 20,
                      "line": 4,
                      "offset": 83
                    },
                    "file": "Sources/Feed.swift",
                    "start": {
                      "column": 15,
                      "line": 4,
                      "offset": 78
                    }
                  }
                }
              ],
              "range": {
                "end": {
                  "column": 20,
                  "line": 4,
                  "offset": 83
                },
                "file": "Sources/Feed.swift",
                "start": {
                  "column": 15,
                  "line": 4,
                  "offset": 78
                }
              },
              "severity": "error"
            }
          ],
          "errors": 1,
          "warnings": 0
        }

        """)
  }

  @Test func configurationFileSuppliesFiltersAndFlagsOverrideThem() throws {
    let workspace = try TemporaryWorkspace(
      Fixtures.valid.merging([".dpend.json": #"{"implicitFilters": ["Nothing"], "inputs": ["Sources"]}"#]) { $1 })
    // With the file's filter nothing is selected: no factories, no problems, empty tree.
    #expect(try workspace.run("tree").stdout == "")
    let overridden = try workspace.run("tree", "--implicit-filter", ".*Impl")
    #expect(overridden.stdout == "Feed ← FeedImpl.init(clock:)\n└── Clock ← ClockImpl.init()\n")
  }

  @Test func invalidConfigurationNamesTheFileAndTheField() throws {
    let workspace = try TemporaryWorkspace([".dpend.json": #"{"implicitFilters": ".*Impl"}"#])
    let result = try workspace.run("analyze")
    #expect(
      result
        == ProcessResult(
          status: 2, stdout: "",
          stderr: "error: .dpend.json: field 'implicitFilters': expected an array of strings, found a string\n"))
  }

  @Test func unknownConfigurationFieldSuggestsTheRightOne() throws {
    let workspace = try TemporaryWorkspace([".dpend.json": #"{"implicitFilter": [".*Impl"]}"#])
    let result = try workspace.run("analyze")
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: .dpend.json: field 'implicitFilter': unknown field (did you mean 'implicitFilters'?); known fields: "
        + "implicitFilters, inputs, excludes, libraries, outputFile, container, moduleName, dialects, "
        + "registerFunctions, resolveFunctions, injectWrappers, configurations, targets, excludeTargets\n")
  }

  @Test func malformedConfigurationJSONIsAClearError() throws {
    let workspace = try TemporaryWorkspace([".dpend.json": "{\"inputs\": [\"Sources\",]}"])
    let result = try workspace.run("analyze")
    #expect(
      result
        == ProcessResult(
          status: 2, stdout: "", stderr: "error: .dpend.json: invalid JSON at line 1, column 23: unexpected character\n"
        ))
  }

  @Test func invalidRegularExpressionIsAUsageError() throws {
    let workspace = try TemporaryWorkspace(Fixtures.valid)
    let result = try workspace.run("analyze", "--implicit-filter", "(unclosed")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: invalid implicit filter '(unclosed': "))
  }

  /// `--inputs-file` (what the build plugin passes) lists inputs as the arguments would; an
  /// unreadable list is a usage error.
  @Test func anInputsFileListsInputsOnePerLine() throws {
    var files = Fixtures.missingStore
    files["Other/Ignored.swift"] = "final class IgnoredImpl { init(clock: Clock) {} }\n"
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let paths = files.keys.filter { $0.hasPrefix("Sources/") }.sorted()
    try workspace.write("inputs.txt", paths.joined(separator: "\n") + "\n\n")
    let listed = try workspace.run(
      "analyze", "--inputs-file", "inputs.txt", "--implicit-filter", ".*Impl", "--no-cache")
    let given = try workspace.run(["analyze"] + paths + ["--implicit-filter", ".*Impl", "--no-cache"])
    #expect(listed == given)
    #expect(listed.status == 1)
    #expect(!listed.stdout.contains("Ignored"))
    let missing = try workspace.run("analyze", "--inputs-file", "nowhere.txt")
    #expect(
      missing == ProcessResult(status: 2, stdout: "", stderr: "error: cannot read the inputs file 'nowhere.txt'\n"))
  }

  @Test func missingInputIsReportedNotFatal() throws {
    let workspace = try TemporaryWorkspace(Fixtures.valid)
    let result = try workspace.run("analyze", "Sources", "Nowhere", "--implicit-filter", ".*Impl")
    #expect(
      result
        == ProcessResult(
          status: 1, stdout: "Nowhere:1:1: error: input 'Nowhere' does not exist [unreadable-file]\n",
          stderr: "1 error, 0 warnings\n"))
  }
}
