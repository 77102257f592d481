import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

@Suite struct SourceDiscoveryTests {
  /// A fresh directory with `files` (relative paths); `body` gets its absolute path.
  /// (The current directory is process-wide, so tests never change it.)
  private func withDirectory(_ files: [String], _ body: (String) throws -> Void) throws {
    let workspace = try TemporaryWorkspace(
      Dictionary(uniqueKeysWithValues: files.map { ($0, "// \($0)\n") }), prefix: "dpend-discovery")
    try body(workspace.root.path)
  }

  @Test func findsSwiftFilesRecursivelyAndSkipsBuildHiddenAndNodeModules() throws {
    try withDirectory([
      "Sources/App/A.swift", "Sources/App/Nested/B.swift", "Sources/App/readme.md", "Sources/.hidden/C.swift",
      "Sources/.build/D.swift", ".build/checkouts/E.swift", "node_modules/pkg/F.swift", "Sources/.G.swift",
      "Package.swift",
    ]) { root in
      let found = SourceDiscovery(excludes: [], outputFile: nil).files(in: [root])
      #expect(
        found.files == ["\(root)/Package.swift", "\(root)/Sources/App/A.swift", "\(root)/Sources/App/Nested/B.swift"])
      #expect(found.problems.isEmpty)
    }
  }

  @Test func skipsExcludedPathsAndTheOutputFile() throws {
    try withDirectory([
      "Sources/A.swift", "Sources/Generated/Deps.swift", "Sources/Legacy/Old.swift", "Sources/B.swift",
    ]) { root in
      let discovery = SourceDiscovery(
        excludes: ["\(root)/Sources/Legacy"], outputFile: "\(root)/Sources/./Generated/Deps.swift")
      #expect(discovery.files(in: ["\(root)/Sources"]).files == ["\(root)/Sources/A.swift", "\(root)/Sources/B.swift"])
    }
  }

  @Test func explicitFilesAreKeptAndMissingInputsReported() throws {
    try withDirectory(["Sources/A.swift"]) { root in
      let found = SourceDiscovery(excludes: [], outputFile: nil).files(in: [
        "\(root)/Sources/A.swift", "\(root)/Missing",
      ])
      #expect(found.files == ["\(root)/Sources/A.swift"])
      #expect(found.problems.map(\.message) == ["input '\(root)/Missing' does not exist"])
      #expect(found.problems.map(\.code.rawValue) == ["unreadable-file"])
    }
  }

  /// A long list (the build plugin's, looked at on several threads) gives what the same
  /// inputs give one by one: missing inputs reported in the list's order, directories
  /// searched, the output file and excluded files left out.
  @Test func aLongListOfInputsIsWhatItsInputsAreOneByOne() throws {
    let names = (0..<300).map { "Sources/F\($0).swift" }
    try withDirectory(names + ["Other/Nested/G.swift", "Sources/Skipped/H.swift"]) { root in
      var inputs = names.map { "\(root)/\($0)" }
      inputs.insert("\(root)/Missing1.swift", at: 17)
      inputs.insert("\(root)/Other", at: 150)
      inputs.insert("\(root)/Sources/Skipped/H.swift", at: 200)
      inputs.append("\(root)/Missing2.swift")
      let discovery = SourceDiscovery(excludes: ["\(root)/Sources/Skipped"], outputFile: "\(root)/Sources/F7.swift")
      let found = discovery.files(in: inputs)
      #expect(inputs.count >= 256)
      let expected = (names.filter { $0 != "Sources/F7.swift" } + ["Other/Nested/G.swift"]).map { "\(root)/\($0)" }
      #expect(found.files == expected.sorted())
      #expect(
        found.problems.map(\.message) == [
          "input '\(root)/Missing1.swift' does not exist", "input '\(root)/Missing2.swift' does not exist",
        ])
      // One by one, the same.
      var oneByOne: [String] = []
      for input in inputs { oneByOne += discovery.files(in: [input]).files }
      #expect(found.files == oneByOne.sorted())
    }
  }

  @Test func symbolicLinkLoopsDoNotTrapTheSearch() throws {
    try withDirectory(["Sources/A.swift"]) { root in
      try FileManager.default.createSymbolicLink(atPath: "\(root)/Sources/Loop", withDestinationPath: "..")
      let found = SourceDiscovery(excludes: [], outputFile: nil).files(in: ["\(root)/Sources"])
      #expect(found.files == ["\(root)/Sources/A.swift"])
    }
  }
}
