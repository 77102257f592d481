import DpendCollect
import DpendModel
import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// `Package.swift` says what each target imports, no more and no less: the manifest as the
/// toolchain evaluates it (`swift package describe`) against the imports SwiftSyntax reads
/// from every source of the target, test targets included.
@Suite struct TargetImportsTests {
  /// Dependencies that are built, not imported: the executables tests run, and Swinject,
  /// whose checkout the container compile tests build against.
  static let builtOnly: [String: Set<String>] = [
    "DpendServerTests": ["dpend"], "DpendEditorTests": ["dpend"],
    "DpendCLITests": ["dpend", "dpend-benchmark", "Swinject"],
  ]

  @Test func everyTargetDependsOnExactlyWhatItImports() throws {
    let json = try #require(SwiftPackage.description(folder: Repository.root.path), "swift package describe failed")
    let targets = try JSONValue.parse(json).objectValue?["targets"]?.arrayValue ?? []
    let names = Set(targets.compactMap { $0.objectValue?["name"]?.stringValue })
    var products: Set<String> = []
    var mismatches: [String] = []
    var checked = 0
    for target in targets.compactMap(\.objectValue) {
      products.formUnion((target["product_dependencies"]?.arrayValue ?? []).compactMap(\.stringValue))
    }
    // A module of the package or of a dependency's product; Foundation, Testing, … are the toolchain's.
    let modules = names.union(products)
    for target in targets.compactMap(\.objectValue) {
      guard let name = target["name"]?.stringValue, target["type"]?.stringValue != "plugin",
        let path = target["path"]?.stringValue
      else { continue }
      let declared = Set(
        ((target["target_dependencies"]?.arrayValue ?? []) + (target["product_dependencies"]?.arrayValue ?? []))
          .compactMap(\.stringValue)
      ).subtracting(Self.builtOnly[name] ?? [])
      var imported: Set<String> = []
      for source in (target["sources"]?.arrayValue ?? []).compactMap(\.stringValue) {
        let file = Repository.root.appendingPathComponent(path).appendingPathComponent(source)
        let text = try String(contentsOf: file, encoding: .utf8)
        imported.formUnion(SummaryCollector.summarize(path: file.path, source: text).imports.filter(modules.contains))
      }
      checked += 1
      if imported != declared {
        mismatches.append(
          "\(name): imports but does not declare \(imported.subtracting(declared).sorted()), "
            + "declares but does not import \(declared.subtracting(imported).sorted())")
      }
    }
    #expect(checked >= 17)
    #expect(mismatches == [])
  }
}
