import DpendModel
import DpendTestSupport
import Testing

struct CollectImportsTests {
  @Test func importsAreRecordedInOrder() {
    let source = MarkedText(
      """
      import Foundation
      @testable import DpendRuntime
      @_exported import Feature
      """)
    #expect(collectSummary(source).imports == ["Foundation", "DpendRuntime", "Feature"])
  }

  @Test func submoduleImportKeepsItsPath() {
    let source = MarkedText("import Darwin.C")
    #expect(collectSummary(source).imports == ["Darwin.C"])
  }

  @Test func declarationImportRecordsTheModule() {
    let source = MarkedText(
      """
      import struct Foundation.Date
      import class UIKit.UIView
      import func Darwin.C.sqrt
      """)
    #expect(collectSummary(source).imports == ["Foundation", "UIKit", "Darwin.C"])
  }

  @Test func importsInsideIfConfigAreRecorded() {
    let source = MarkedText(
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
    #expect(collectSummary(MarkedText("class Feed {}")).imports == [])
  }
}
