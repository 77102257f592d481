import DpendAnalysis
import DpendGenerate
import DpendModel
import Testing

/// SPEC 3 (*beyond*): `--format json` prints every diagnostic as one JSON document.
struct JSONReporterTests {
  @Test func missingDependencyDocument() throws {
    // `é` takes two UTF-8 bytes: columns and offsets count bytes.
    let graph = try analyze(
      ["Sources/Feed.swift": "final class FeedImpl {\n  init(café: Store) {}\n}"], filters: [".*Impl"])

    #expect(
      JSONReporter.render(graph.diagnostics) == """
        {
          "diagnostics": [
            {
              "code": "missing-dependency",
              "message": "missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(café:)'",
              "notes": [
                {
                  "message": "'FeedImpl.init(café:)' needs 'Store'",
                  "range": {
                    "end": {
                      "column": 20,
                      "line": 2,
                      "offset": 42
                    },
                    "file": "Sources/Feed.swift",
                    "start": {
                      "column": 15,
                      "line": 2,
                      "offset": 37
                    }
                  }
                }
              ],
              "range": {
                "end": {
                  "column": 20,
                  "line": 2,
                  "offset": 42
                },
                "file": "Sources/Feed.swift",
                "start": {
                  "column": 15,
                  "line": 2,
                  "offset": 37
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

  @Test func requirementsAndWarningsAreCounted() {
    let origin = SourcePosition(line: 1, column: 1, offset: 0)
    let warning = Diagnostic(
      code: .ambiguousProvider, message: "ambiguous \"provider\"\tnote\\",
      range: SourceRange(file: "A.swift", start: origin, end: origin))

    #expect(
      JSONReporter.render(
        [warning], requirements: [DependencyKey(name: "Logger"), DependencyKey(name: "Store", tag: "Remote")])
          == """
          {
            "diagnostics": [
              {
                "code": "ambiguous-provider",
                "message": "ambiguous \\"provider\\"\\tnote\\\\",
                "notes": [],
                "range": {
                  "end": {
                    "column": 1,
                    "line": 1,
                    "offset": 0
                  },
                  "file": "A.swift",
                  "start": {
                    "column": 1,
                    "line": 1,
                    "offset": 0
                  }
                },
                "severity": "warning"
              }
            ],
            "errors": 0,
            "requirements": [
              {
                "name": "Logger"
              },
              {
                "name": "Store",
                "tag": "Remote"
              }
            ],
            "warnings": 1
          }

          """)
  }

  @Test func noProblemsIsAnEmptyList() {
    #expect(JSONReporter.render([]) == "{\n  \"diagnostics\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n")
  }
}
