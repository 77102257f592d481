import DpendAnalysis
import DpendModel
import DpendWorkspace
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Nothing uncounted (SPEC 8.5, 10): every call named `register`, `autoregister` or `resolve`,
/// or named as one of the app's helpers that dpend inferred, and every `~>` in the example apps
/// and the editor's fixture (each with its `.dpend.json`, where it has one), on any receiver,
/// is read — a registration, a resolve site, a registration's need — or unread with its reason. The only calls left out
/// are those the app's helpers forward (inside a generic function or a property wrapper,
/// whose callers are read instead) and those on a value the example declares as no container.
@Suite struct UncountedCallTests {
  static let verbs: Set<String> = ["register", "autoregister", "resolve"]

  /// The example workspaces, each analysed as `dpend analyze --workspace` would.
  static let workspaces = [
    "Tests/Example/Belum", "Tests/Example/Dip", "Tests/Example/Factory", "Tests/Example/Inferred",
    "Tests/Example/Locator", "Tests/Example/Resolver", "Tests/Example/Sources", "Tests/Example/Stitcher",
    "Tests/Example/Swinject", "Tests/Example/Targets", "Tests/Example/Wrapped", "Tests/EditorFixture",
  ]

  static let namingNoCall: Set<String> = [
    "Tests/Example/Sources", "Tests/Example/Factory", "Tests/Example/Stitcher", "Tests/EditorFixture",
  ]

  @Test(arguments: workspaces) func everyContainerCallIsReadOrUnread(_ workspace: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent(workspace)
    let files = try Self.swiftFiles(in: folder)
    #expect(!files.isEmpty)
    // The workspace's own `.dpend.json` (the locator example names its functions there).
    let settings = try WorkspaceSettings.load(root: folder.path)
    let graph = try analyze(files, collection: settings.collection)
    var counted: Set<String> = []
    for path in files.keys {
      guard let summary = graph.summary(of: path) else { continue }
      for registration in summary.registrations {
        counted.insert(Self.place(registration.range))
        for need in registration.needs + registration.propertyNeeds { counted.insert(Self.place(need.range)) }
      }
      for site in summary.resolveSites { counted.insert(Self.place(site.range)) }
    }
    for note in graph.container.unread { counted.insert(Self.place(note.range)) }
    // The inferred helpers' names, read at their declarations (`registerShared`).
    let helpers = graph.container.helpers.filter { !$0.message.hasPrefix("inferred container alias") }.compactMap {
      note in
      files[note.range.file].map { text in
        String(decoding: Array(text.utf8)[note.range.start.offset..<note.range.end.offset], as: UTF8.self)
      }
    }
    var uncounted: [String] = []
    var found = 0
    var arrows = 0
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      let tree = Parser.parse(source: text)
      let converter = SourceLocationConverter(fileName: path, tree: tree)
      let finder = ContainerCallFinder(verbs: Self.verbs.union(helpers))
      finder.walk(tree)
      found += finder.names.count
      arrows += finder.arrows
      for name in finder.names {
        let location = converter.location(for: name.positionAfterSkippingLeadingTrivia)
        let place = "\(path):\(location.line):\(location.column)"
        if !counted.contains(place) { uncounted.append("\(place) \(name.text)") }
      }
    }
    #expect(uncounted == [], "calls neither read nor unread in \(workspace)")
    // dpend's own style, Factory's definitions, Stitcher's builders and the editor's fixture
    // (dpend's style) name no such call; every other example does.
    #expect((found == 0) == Self.namingNoCall.contains(workspace), "\(found) calls in \(workspace)")
    // The walk reaches the helpers' own names and Swinject's operator where examples use them.
    #expect(helpers.contains("registerShared") == (workspace == "Tests/Example/Wrapped"), "\(helpers)")
    #expect((arrows > 0) == (workspace == "Tests/Example/Inferred"), "\(arrows) '~>' in \(workspace)")
  }

  private static func place(_ range: DpendModel.SourceRange) -> String {
    "\(range.file):\(range.start.line):\(range.start.column)"
  }

  /// The Swift files under `folder`, by their paths relative to it.
  private static func swiftFiles(in folder: URL) throws -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
      files[relative] = try String(contentsOf: url, encoding: .utf8)
    }
    return files
  }
}

/// The called-name tokens of the calls named one of `verbs` and the `~>` operators, but inside
/// generic functions and property wrappers (the app's helpers, read at their callers).
private final class ContainerCallFinder: SyntaxVisitor {
  let verbs: Set<String>
  private(set) var names: [TokenSyntax] = []
  private(set) var arrows = 0

  init(verbs: Set<String>) {
    self.verbs = verbs
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    node.genericParameterClause == nil ? .visitChildren : .skipChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    let wrapper = node.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper"
    }
    return wrapper ? .skipChildren : .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    var called = node.calledExpression
    if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
    let name =
      called.as(MemberAccessExprSyntax.self)?.declName.baseName ?? called.as(DeclReferenceExprSyntax.self)?.baseName
    if let name, verbs.contains(name.text) { names.append(name) }
    return .visitChildren
  }

  override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    if node.operator.text == "~>" {
      names.append(node.operator)
      arrows += 1
    }
    return .visitChildren
  }
}
