import DpendTestSupport
import Foundation
import Testing

/// The page `dpend graph` writes, opened in a real browser: Debian's Chromium, headless. Its
/// drawing shows (a screenshot of the right size, not blank, with Graphviz's red marks), and
/// its script runs: it counts the marks and highlights what `#search=…` in the address
/// matches. Skipped when Chromium, Graphviz or python3 is missing, except in CI
/// (`CI=true`), where `.ci/run` installs them and a missing one fails.
@Suite struct GraphPageBrowserTests {
  static let enabled =
    (HeadlessChromium.path != nil && GraphvizRenderTests.dot != nil && PNGSummary.python3 != nil)
    || ProcessInfo.processInfo.environment["CI"] == "true"

  /// The page of `workspace` (with `arguments`), written into `folder` as `name`.
  static func page(
    _ workspace: String, _ arguments: [String] = [], named name: String, in folder: TemporaryWorkspace
  ) throws -> URL {
    try #require(HeadlessChromium.path != nil, "chromium is not installed (apt-get install chromium)")
    try #require(GraphvizRenderTests.dot != nil, "Graphviz's dot is not installed")
    let result = try runDpend(["graph", "--workspace", workspace, "--output", folder.path(name)] + arguments)
    try #require(result.status == 0, "\(result)")
    return folder.url(name)
  }

  @Test(.enabled(if: enabled, "chromium, Graphviz's dot or python3 is not installed"))
  func theDrawingShowsItsRedMarks() throws {
    try #require(PNGSummary.python3 != nil, "python3 is not installed")
    let folder = try TemporaryWorkspace()
    let belum = try Self.page("Tests/Example/Belum", named: "belum.html", in: folder)
    let valid = try TemporaryWorkspace(Fixtures.valid)
    let clean = try Self.page(
      valid.root.path, ["--implicit-filter", ".*Impl", "--no-cache"], named: "clean.html", in: folder)

    var summaries: [PNGSummary] = []
    for page in [belum, clean] {
      let png = folder.url(page.deletingPathExtension().lastPathComponent + ".png")
      let shot = try HeadlessChromium.screenshot(page, to: png, width: 1000, height: 700)
      try #require(shot.status == 0, "\(shot)")
      summaries.append(try PNGSummary(reading: png))
    }
    for summary in summaries {
      #expect(summary.width == 1000)
      #expect(summary.height == 700)
      // Text, boxes and the header's background: far more than a blank page's one colour.
      #expect(summary.colours > 16, "\(summary)")
    }
    // Both pages have the legend's red samples; only Belum's drawing adds a missing key, an
    // edge to it and a cycle's two bold edges.
    #expect(summaries[0].redPixels > summaries[1].redPixels + 100, "\(summaries)")
  }

  @Test(.enabled(if: enabled, "chromium or Graphviz's dot is not installed"))
  func theScriptCountsTheMarksAndHighlightsWhatTheAddressSearchesFor() throws {
    let folder = try TemporaryWorkspace()
    let page = try Self.page("Tests/Example/Belum", named: "belum.html", in: folder)
    let (chat, home, settings, profile) = (Self.chat, Self.home, Self.settings, Self.profile)

    let searches: [(hash: String, matches: [String])] = [
      ("search=HOME", [home]),
      ("search=%5CAppDependencies.s", [settings]),
      ("search=Dependencies.", [chat, home, settings, profile]),
      ("", []),
    ]
    for search in searches {
      var components = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false))
      components.percentEncodedFragment = search.hash.isEmpty ? nil : search.hash
      let dom = try HeadlessChromium.dumpDOM(try #require(components.url))
      try #require(dom.status == 0, "\(dom)")
      let matches = search.matches.joined(separator: " ")
      #expect(
        dom.stdout.contains(
          "<body data-node-count=\"4\" data-missing-count=\"1\" data-cycle-edge-count=\"2\" "
            + "data-matches=\"\(matches)\" data-match-count=\"\(search.matches.count)\" data-ready=\"true\">"),
        "\(search.hash): \(Self.bodyTag(of: dom.stdout))")
      for node in [chat, home, settings, profile] {
        let classes =
          (node == profile ? "node missing" : "node")
          + (search.hash.isEmpty ? "" : search.matches.contains(node) ? " match" : " dimmed")
        #expect(dom.stdout.contains("<g id=\"\(node)\" class=\"\(classes)\">"), "\(search.hash): \(node)")
      }
      #expect(dom.stdout.contains("<p id=\"counts\">4 keys, 1 missing key, 2 edges on cycles</p>"))
    }
  }

  /// The ids of the Belum example's nodes.
  static let chat = "node-belum_3a__5c_AppDependencies_2e_chat"
  static let home = "node-belum_3a__5c_AppDependencies_2e_home"
  static let settings = "node-belum_3a__5c_AppDependencies_2e_settings"
  static let profile = "node-belum_3a__5c_AppDependencies_2e_profile"

  /// The `<body …>` start tag in a dumped DOM, for failure messages.
  static func bodyTag(of dom: String) -> String {
    guard let start = dom.range(of: "<body"), let end = dom[start.lowerBound...].firstIndex(of: ">") else {
      return "no <body> in:\n\(dom)"
    }
    return String(dom[start.lowerBound...end])
  }
}
