import DpendTestSupport
import Foundation
import Testing

@Suite(.serialized) struct VSCodeExtensionTests {
  static let directory = Repository.url("editors/vscode")

  /// The VS Code each vscode-languageclient range asks for: its package.json's `engines.vscode`
  /// (vscode-languageclient 9.0.1, tag release/client/9.0.1, says `^1.82.0`). An extension that
  /// bundles the client cannot ask for less.
  static let vscodeNeededByLanguageClient = ["^9.0.1": "^1.82.0"]

  private func manifest() throws -> [String: Any] {
    let data = try Data(contentsOf: Self.directory.appendingPathComponent("package.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOf: Self.directory.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func manifestActivatesOnSwiftAndDpendWorkspaces() throws {
    let manifest = try manifest()
    #expect(manifest["main"] as? String == "./out/extension.js")
    #expect(manifest["activationEvents"] as? [String] == ["onLanguage:swift", "workspaceContains:**/.dpend.json"])
    let client = try #require((manifest["dependencies"] as? [String: String])?["vscode-languageclient"])
    #expect(client == "^9.0.1")
    let engine = try #require((manifest["engines"] as? [String: String])?["vscode"])
    #expect(engine == "^1.82.0")
    #expect(engine == Self.vscodeNeededByLanguageClient[client])
    // The declarations compiled against are the oldest VS Code's that the engine allows.
    let devDependencies = try #require(manifest["devDependencies"] as? [String: String])
    #expect(
      devDependencies == [
        "@types/node": "^18.0.0", "@types/vscode": "1.82.0", "@vscode/vsce": "^2.24.0", "typescript": "^5.4.0",
      ])
    #expect("^" + (devDependencies["@types/vscode"] ?? "") == engine)
  }

  @Test func manifestHasWhatAMarketplacePackageNeeds() throws {
    let manifest = try manifest()
    #expect(manifest["name"] as? String == "dpend")
    #expect(manifest["publisher"] as? String == "dpend")
    #expect(manifest["version"] as? String == "0.1.0")
    #expect(manifest["license"] as? String == "MIT")
    #expect(
      manifest["repository"] as? [String: String] == [
        "type": "git", "url": "https://github.com/dpend/dpend.git", "directory": "editors/vscode",
      ])
    #expect(
      manifest["scripts"] as? [String: String] == [
        "compile": "tsc -p .", "test": "tsc -p . && node test/smoke.js", "package": "sh package.sh",
      ])
    // What the .vsix leaves out: sources, stubs, tests, the script; never out/, LICENSE or README.md.
    #expect(
      try text(".vscodeignore").split(separator: "\n") == [
        "src/**", "types/**", "test/**", "tsconfig.json", "package.sh", ".gitignore", "*.vsix", "**/*.map",
      ])
  }

  @Test func licenseIsMITAtTheRootAndInTheExtension() throws {
    let root = try String(contentsOf: Repository.url("LICENSE"), encoding: .utf8)
    let inExtension = try text("LICENSE")
    #expect(inExtension == root)
    let lines = root.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(3) == ["MIT License", "", "Copyright (c) 2026 the dpend authors"])
    #expect(lines.count == 22)
    #expect(root.contains("Permission is hereby granted, free of charge, to any person obtaining a copy\n"))
    #expect(
      root.hasSuffix("OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE\nSOFTWARE.\n"))
  }

  @Test func manifestDeclaresTheCommandsAndSettings() throws {
    let contributes = try #require(try manifest()["contributes"] as? [String: Any])
    let commands = try #require(contributes["commands"] as? [[String: String]])
    #expect(
      commands.map { "\($0["category"] ?? ""): \($0["title"] ?? "") (\($0["command"] ?? ""))" } == [
        "dpend: Generate registrations (dpend.generate)", "dpend: Show dependency tree (dpend.tree)",
        "dpend: Show dependency graph (dpend.graph)",
        "dpend: Show the places a code lens lists (dpend.showReferences)", "dpend: Restart server (dpend.restart)",
      ])
    // The lenses' command is not for the palette.
    let menus = try #require(contributes["menus"] as? [String: [[String: String]]])
    #expect(menus["commandPalette"] ?? [] == [["command": "dpend.showReferences", "when": "false"]])
    let configuration = try #require(contributes["configuration"] as? [String: Any])
    let properties = try #require(configuration["properties"] as? [String: [String: Any]])
    #expect(properties.keys.sorted() == ["dpend.server.extraArguments", "dpend.server.path", "dpend.trace.server"])
    #expect(properties["dpend.trace.server"]?["enum"] as? [String] == ["off", "messages", "verbose"])
  }

  /// Every command and setting the README names is contributed, under the title and with the
  /// default it gives, and every contributed one is in the README.
  @Test func readmeDocumentsExactlyTheContributedCommandsAndSettings() throws {
    let contributes = try #require(try manifest()["contributes"] as? [String: Any])
    let commands = try #require(contributes["commands"] as? [[String: String]])
    var contributedCommands: [String: String] = [:]
    for command in commands {
      contributedCommands[command["command"] ?? ""] = "\(command["category"] ?? ""): \(command["title"] ?? "")"
    }
    let configuration = try #require(contributes["configuration"] as? [String: Any])
    let properties = try #require(configuration["properties"] as? [String: [String: Any]])
    var contributedSettings: [String: String] = [:]
    for (key, property) in properties {
      contributedSettings[key] = try Self.markdownDefault(try #require(property["default"]))
    }

    let readme = Self.ReadMe(try text("README.md"))
    // The command table: `dpend: Title` | `dpend.id` | what it does.
    var documentedCommands: [String: String] = [:]
    for row in readme.tableRows(in: "Commands") {
      let id = try #require(Self.codeSpan(row[1]), "\(row)")
      #expect(documentedCommands[id] == nil, "\(id) is in the table twice")
      documentedCommands[id] = try #require(Self.codeSpan(row[0]), "\(row)")
    }
    #expect(documentedCommands == contributedCommands)
    // The settings table: `dpend.key` | `default` | meaning.
    var documentedSettings: [String: String] = [:]
    for row in readme.tableRows(in: "Settings") {
      let key = try #require(Self.codeSpan(row[0]), "\(row)")
      #expect(documentedSettings[key] == nil, "\(key) is in the table twice")
      documentedSettings[key] = try #require(Self.codeSpan(row[1]), "\(row)")
    }
    #expect(documentedSettings == contributedSettings)
    #expect(documentedSettings.count == 3 && documentedCommands.count == 5)
    // And wherever else the README names a `dpend.…` id, it is one of those.
    let named = Set(readme.codeSpans.filter(Self.isDpendIdentifier))
    #expect(named == Set(contributedCommands.keys).union(contributedSettings.keys))
  }

  @Test(
    .enabled(
      if: (EditorTools.tsc != nil && EditorTools.node != nil) || EditorTools.isCI,
      "TypeScript (Debian's node-typescript) or Node.js is not installed"))
  func clientCompilesAndActivationSpawnsTheServer() throws {
    let tsc = try #require(EditorTools.tsc, "tsc (Debian's node-typescript) is required in CI")
    let node = try #require(EditorTools.node, "node is required in CI")
    let compiled = try EditorTools.run(tsc, ["-p", Self.directory.path], timeout: 180)
    #expect(compiled.status == 0, "tsc output:\n\(compiled.output)")
    let workspace = try EditorTools.fixtureCopy()
    let smoke = try EditorTools.run(
      node, [Self.directory.appendingPathComponent("test/smoke.js").path],
      environment: ["DPEND_BIN": EditorTools.dpend, "DPEND_WORKSPACE": workspace.root.path], timeout: 120)
    #expect(smoke.status == 0, "smoke test output:\n\(smoke.output)")
    #expect(smoke.output.hasSuffix("8 passed, 0 failed\n"), "smoke test output:\n\(smoke.output)")
  }

  /// `tsc -p editors/vscode` against the stubs in types/ writes one CommonJS file that loads the
  /// modules VS Code and the packaged vscode-languageclient provide (not the stubs) and registers
  /// exactly the contributed commands; out/ is not committed.
  @Test(
    .enabled(if: EditorTools.tsc != nil || EditorTools.isCI, "TypeScript (Debian's node-typescript) is not installed"))
  func compiledClientLoadsTheRealModulesAndRegistersTheContributedCommands() throws {
    let tsc = try #require(EditorTools.tsc, "tsc (Debian's node-typescript) is required in CI")
    let out = try TemporaryWorkspace(prefix: "dpend-vscode-out")
    let compiled = try EditorTools.run(tsc, ["-p", Self.directory.path, "--outDir", out.root.path], timeout: 180)
    #expect(compiled.status == 0, "tsc output:\n\(compiled.output)")
    #expect(compiled.output == "")
    #expect(try out.contents() == ["extension.js"])
    let javascript = try #require(out.read("extension.js"))
    #expect(javascript.hasPrefix("\"use strict\";\n"))
    let requires = javascript.matches(of: /require\("([^"]+)"\)/).map { String($0.output.1) }
    #expect(requires == ["vscode", "vscode-languageclient/node"])
    #expect(javascript.contains("exports.activate = activate;\n"))
    #expect(javascript.contains("exports.deactivate = deactivate;\n"))
    let registered = javascript.matches(of: /registerCommand\("([^"]+)"/).map { String($0.output.1) }
    let contributes = try #require(try manifest()["contributes"] as? [String: Any])
    let commands = try #require(contributes["commands"] as? [[String: String]])
    #expect(registered.sorted() == commands.compactMap { $0["command"] }.sorted())
    #expect(registered == ["dpend.generate", "dpend.tree", "dpend.showReferences", "dpend.graph", "dpend.restart"])

    let git = try #require(EditorTools.onPath("git"), "git is needed to check out/ is ignored")
    let ignored = try EditorTools.run(
      git, ["check-ignore", "editors/vscode/out/extension.js"], directory: Repository.root, timeout: 30)
    #expect(ignored.status == 0 && ignored.output == "editors/vscode/out/extension.js\n", "\(ignored)")
    let tracked = try EditorTools.run(git, ["ls-files", "editors/vscode/out"], directory: Repository.root, timeout: 30)
    #expect(tracked.status == 0 && tracked.output == "", "\(tracked)")
  }

  // MARK: package.sh

  @Test func packageScriptWithoutNpmSaysSoAndBuildsNothing() throws {
    let emptyPath = try TemporaryWorkspace(prefix: "dpend-no-npm")
    let result = try Self.runPackageScript(in: Self.directory, path: emptyPath.root.path)
    #expect(result.status == 1)
    #expect(
      result.output == "package.sh: npm is not on PATH: install Node.js and npm to build the .vsix; nothing was built\n"
    )
  }

  @Test func packageScriptWithAnUnreachableRegistrySaysSoAndInstallsNothing() throws {
    let tools = try Self.fakeTools(npm: Self.fakeNpm(registry: "https://registry.example.invalid/", pingStatus: 1))
    let result = try Self.runPackageScript(
      in: Self.directory, path: tools.root.path, environment: ["FAKE_LOG": tools.path("log")])
    #expect(result.status == 2)
    #expect(
      result.output
        == "package.sh: the npm registry https://registry.example.invalid/ does not answer (npm ping failed), "
        + "so the extension's dependencies cannot be installed; nothing was built\n")
    #expect(tools.read("log") == "npm config get registry\nnpm ping --fetch-retries=0 --fetch-timeout=20000\n")
  }

  /// The real npm, told to use a registry where nothing listens.
  @Test(.enabled(if: EditorTools.onPath("npm") != nil, "npm is not installed"))
  func packageScriptWithRealNpmAndNoRegistryExitsTwo() throws {
    let npm = try #require(EditorTools.onPath("npm"))
    let path = URL(fileURLWithPath: npm).deletingLastPathComponent().path + ":/usr/bin:/bin"
    let result = try Self.runPackageScript(
      in: Self.directory, path: path, environment: ["npm_config_registry": "http://127.0.0.1:9/"])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.output
        == "package.sh: the npm registry http://127.0.0.1:9/ does not answer (npm ping failed), "
        + "so the extension's dependencies cannot be installed; nothing was built\n")
  }

  /// With a registry (npm faked, the stubs laid out where `npm install` puts the real packages and
  /// types/ gone), the script compiles against node_modules, then calls vsce with its arguments.
  @Test(
    .enabled(if: EditorTools.tsc != nil || EditorTools.isCI, "TypeScript (Debian's node-typescript) is not installed"))
  func packageScriptCompilesAgainstTheInstalledPackagesThenRunsVsce() throws {
    let tsc = try #require(EditorTools.tsc, "tsc (Debian's node-typescript) is required in CI")
    let copy = try TemporaryWorkspace(copying: Self.directory, prefix: "dpend-vscode-copy")
    for leftover in ["out", "node_modules"] where FileManager.default.fileExists(atPath: copy.path(leftover)) {
      try copy.remove(leftover)
    }
    try copy.write("node_modules/@types/vscode/index.d.ts", try #require(copy.read("types/vscode/index.d.ts")))
    try copy.write(
      "node_modules/@types/vscode/package.json",
      #"{"name": "@types/vscode", "version": "1.82.0", "types": "index.d.ts"}"#)
    try copy.write(
      "node_modules/vscode-languageclient/node.d.ts", try #require(copy.read("types/vscode-languageclient/node.d.ts")))
    try copy.write(
      "node_modules/vscode-languageclient/package.json", #"{"name": "vscode-languageclient", "version": "9.0.1"}"#)
    try copy.remove("types")

    let npx = """
      #!/bin/sh
      echo "npx $*" >> "$FAKE_LOG"
      if [ "$1" = tsc ]; then shift; cp "$2" "$FAKE_LOG.tsconfig.json"; exec "\(tsc)" "$@"; fi
      """
    let tools = try Self.fakeTools(
      npm: Self.fakeNpm(registry: "https://registry.npmjs.org/", pingStatus: 0), npx: npx)
    let scratch = try TemporaryWorkspace(prefix: "dpend-vsix-tmp")
    let result = try Self.runPackageScript(
      in: copy.root, path: tools.root.path + ":/usr/bin:/bin", arguments: ["--out", "dpend-test.vsix"],
      environment: ["FAKE_LOG": tools.path("log"), "TMPDIR": scratch.root.path])
    #expect(result.status == 0, "\(result)")
    let log = try #require(tools.read("log")).split(separator: "\n").map(String.init)
    try #require(log.count == 5, "\(log)")
    #expect(
      log[0..<3] == [
        "npm config get registry", "npm ping --fetch-retries=0 --fetch-timeout=20000",
        "npm install --no-audit --no-fund",
      ])
    #expect(log[3].hasPrefix("npx tsc -p \(scratch.root.path)/dpend-vsix.") && log[3].hasSuffix("/tsconfig.json"))
    #expect(log[4] == "npx @vscode/vsce package --out dpend-test.vsix")
    let config = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: tools.url("log.tsconfig.json"))) as? [String: Any])
    #expect(config["extends"] as? String == copy.path("tsconfig.json"))
    #expect(config["include"] as? [String] == [copy.path("src")])
    #expect((config["compilerOptions"] as? [String: [String: Any]])?["paths"]?.isEmpty == true)
    #expect(try copy.contents(of: "out") == ["extension.js"])
    #expect(try scratch.contents() == [], "the temporary tsconfig is removed")
  }

  // MARK: helpers

  /// `sh package.sh` run from the repository root (the script finds its folder itself).
  private static func runPackageScript(
    in folder: URL, path: String, arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> ProcessResult {
    let script = folder.appendingPathComponent("package.sh").path
    return try EditorTools.run(
      "/bin/sh", [script] + arguments, environment: environment.merging(["PATH": path]) { $1 },
      directory: Repository.root, timeout: 120)
  }

  /// An `npm` that logs its arguments to `$FAKE_LOG`, names `registry` and answers a ping with
  /// `pingStatus`; anything but config, ping and install fails.
  private static func fakeNpm(registry: String, pingStatus: Int) -> String {
    """
    #!/bin/sh
    echo "npm $*" >> "$FAKE_LOG"
    case "$1" in
    config) echo "\(registry)" ;;
    ping) exit \(pingStatus) ;;
    install) ;;
    *) exit 3 ;;
    esac
    """
  }

  /// A folder for `PATH` holding executable `npm` (and `npx`) scripts.
  private static func fakeTools(npm: String, npx: String? = nil) throws -> TemporaryWorkspace {
    let tools = try TemporaryWorkspace(prefix: "dpend-fake-npm")
    for (name, script) in [("npm", npm), ("npx", npx)] {
      guard let script else { continue }
      try tools.write(name, script + "\n")
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.path(name))
    }
    return tools
  }

  /// A JSON default as the README's settings table writes it: a string bare, anything else as JSON.
  private static func markdownDefault(_ value: Any) throws -> String {
    if let string = value as? String { return string }
    let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
    return try #require(String(data: data, encoding: .utf8))
  }

  /// The text of a table cell that is one code span (`` `x` ``), else `nil`.
  private static func codeSpan(_ cell: String) -> String? {
    guard cell.count >= 2, cell.hasPrefix("`"), cell.hasSuffix("`") else { return nil }
    let inner = cell.dropFirst().dropLast()
    return inner.contains("`") ? nil : String(inner)
  }

  /// `dpend.` then dot-separated words: a command id or a setting key (not `.dpend.json` or `dpend lsp`).
  private static func isDpendIdentifier(_ span: String) -> Bool {
    span.wholeMatch(of: /dpend(\.[A-Za-z]+)+/) != nil
  }

  /// The parts of a Markdown README these tests read: sections by `## ` heading, their tables'
  /// body rows, and the code spans outside fenced blocks.
  private struct ReadMe {
    var sections: [String: [String]] = [:]
    var codeSpans: [String] = []

    init(_ text: String) {
      var section = ""
      var fenced = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("```") {
          fenced.toggle()
          continue
        }
        if fenced { continue }
        if line.hasPrefix("## ") {
          section = String(line.dropFirst(3))
          continue
        }
        sections[section, default: []].append(line)
        let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
        codeSpans += pieces.indices.filter { $0 % 2 == 1 }.map { String(pieces[$0]) }
      }
      #expect(!fenced, "a fenced block is not closed")
    }

    /// The cells of each body row of the table in `section` (after the header and `|---|` lines).
    func tableRows(in section: String) -> [[String]] {
      let rows = (sections[section] ?? []).filter { $0.hasPrefix("|") }
      return rows.dropFirst(2).map { row in
        row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      }
    }
  }
}
