import DpendModel
import Testing

struct CollectImportsTests {
  @Test func importsAreRecordedInOrder() {
    let source = MarkedSource(
      """
      import Foundation
      @testable import DpendRuntime
      @_exported import Feature
      """)
    #expect(collectSummary(source).imports == ["Foundation", "DpendRuntime", "Feature"])
  }

  @Test func submoduleImportKeepsItsPath() {
    let source = MarkedSource("import Darwin.C")
    #expect(collectSummary(source).imports == ["Darwin.C"])
  }

  @Test func declarationImportRecordsTheModule() {
    let source = MarkedSource(
      """
      import struct Foundation.Date
      import class UIKit.UIView
      import func Darwin.C.sqrt
      """)
    #expect(collectSummary(source).imports == ["Foundation", "UIKit", "Darwin.C"])
  }

  @Test func importsInsideIfConfigAreRecorded() {
    let source = MarkedSource(
      """
      #if canImport(UIKit)
      import UIKit
      #else
      import AppKit
      #endif
      """)
    #expect(collectSummary(source).imports == ["UIKit", "AppKit"])
  }

  @Test func fileWithoutImportsHasNone() {
    #expect(collectSummary(MarkedSource("class Feed {}")).imports == [])
  }
}
