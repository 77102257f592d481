import DpendModel

/// `argument-type-mismatch` (SPEC 8): where a dialect counts runtime arguments, its key holds
/// the types of the arguments a factory takes, so a resolve passing `Int?` where the factory
/// takes `Int` finds nothing — `nil`, or a crash when forced.
struct ArgumentTypeCheck: AnsweredSiteCheck {
  static let code = DiagnosticCode.argumentTypeMismatch

  static func message(type: String, count: Int, passed: String, registered: String, library: String) -> String {
    let noun = count == 1 ? "an argument" : "arguments"
    return
      "'\(type)' is resolved with \(noun) of type \(passed) but registered with \(registered): \(library) finds no registration for these types"
  }

  /// Reported when every registration of the key taking as many arguments takes, at some
  /// place where both are written, another type than the site passes; not when one may match,
  /// or nothing is written to compare.
  func finding(
    at site: ResolveSite, type: String, answeredBy candidates: [ContainerRegistration], _ check: ContainerCheck
  ) -> Diagnostic? {
    guard site.dialect.traits.countsRuntimeArguments, site.argumentTypes.count == site.argumentCount else { return nil }
    let taking = candidates.filter {
      $0.argumentCount == site.argumentCount && $0.argumentTypes.count == site.argumentCount
    }
    // A registration whose types are not all written may be the one.
    guard !taking.isEmpty, taking.count == candidates.filter({ $0.argumentCount == site.argumentCount }).count
    else { return nil }
    func differs(_ registration: ContainerRegistration) -> Bool {
      zip(site.argumentTypes, registration.argumentTypes).contains { passed, taken in
        !passed.isEmpty && !taken.isEmpty && passed != taken
      }
    }
    guard taking.allSatisfy(differs) else { return nil }
    func list(_ types: [String]) -> String {
      let written = types.map { $0.isEmpty ? "_" : $0 }
      return written.count == 1 ? "'\(written[0])'" : "'(\(written.joined(separator: ", ")))'"
    }
    let registered = Set(taking.map { list($0.argumentTypes) }).sorted().joined(separator: " or ")
    return Diagnostic(
      code: Self.code,
      message: Self.message(
        type: type, count: site.argumentCount, passed: list(site.argumentTypes), registered: registered,
        library: site.dialect.traits.displayName),
      range: site.range,
      notes: taking.map { DiagnosticNote(message: "registered here", range: $0.range) })
  }
}
