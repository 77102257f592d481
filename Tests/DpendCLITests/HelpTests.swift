import Testing

@Suite struct HelpTests {
  @Test func topLevelHelpListsTheSubcommands() throws {
    let result = try runDpend(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("generate (default)"))
    #expect(result.stdout.contains("analyze"))
    #expect(result.stdout.contains("tree"))
    #expect(result.stdout.contains("graph"))
  }

  @Test(arguments: [
    ("analyze", ["--implicit-filter <implicit-filter>", "--library <library>", "--format <format>", "--workspace"]),
    ("tree", ["--implicit-filter <implicit-filter>", "--format <format>"]),
    ("graph", ["--format <format>", "--key <key>", "--depth <depth>", "--output <output>"]),
    ("generate", ["--output-file <output-file>", "--container <container>", "--module-name"]),
  ])
  func subcommandHelpDescribesItsOptions(subcommand: String, options: [String]) throws {
    let result = try runDpend([subcommand, "--help"])
    #expect(result.status == 0)
    for option in options {
      #expect(result.stdout.contains(option), "\(subcommand) --help lacks \(option)")
    }
  }
}
