import DpendModel

/// Runtime arguments' types (issue point 10 of SPEC 8): Swinject's key holds the types of the
/// arguments a factory takes, so a resolve passing `Int?` where the factory takes `Int`
/// finds nothing — `nil`, or a crash when forced.
extension ContainerCheck {
  /// The `argument-type-mismatch` of `site`, resolving `type`: when every registration of its
  /// key taking as many arguments takes, at some place where both are written, another type
  /// than the site passes. `nil` when one may match, or nothing is written to compare.
  func argumentTypeMismatch(_ site: ResolveSite, type: String, _ candidates: [ContainerRegistration])
    -> Diagnostic?
  {
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
    let noun = site.argumentCount == 1 ? "an argument" : "arguments"
    return Diagnostic(
      code: .argumentTypeMismatch,
      message:
        "'\(type)' is resolved with \(noun) of type \(list(site.argumentTypes)) but registered with \(registered): Swinject finds no registration for these types",
      range: site.range,
      notes: taking.map { DiagnosticNote(message: "registered here", range: $0.range) })
  }
}
