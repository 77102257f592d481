import DpendModel

/// Which registration gates (``DpendModel/RegistrationGate``) the app reaches (SPEC 8.6): an
/// assembly registers only when something makes it, a registration function only when
/// something calls it. A gate is reached when a file of the process mentions its name
/// outside every gate's body, or inside the body of a gate reached (transitively); a mention
/// in a file the process does not compile reaches nothing there (``TargetVisibility``).
///
/// When nothing in a process reaches any gate of a kind (no assembly is made, no
/// registration function called), the process reaches them where dpend cannot see (a list
/// built at run time, an app in another repository applying a package's assemblies): all of
/// that kind count as reached.
struct GateReach: Equatable, Sendable {
  /// The hashes of the names reached, for each place of ``TargetVisibility`` (one place
  /// without one).
  private var reached: [Set<UInt32>]
  /// The hashes of the names each place counts as reached only because it reaches no gate
  /// of their kind.
  private var assumed: [Set<UInt32>]
  private var visibility: TargetVisibility?

  /// `nil` when no registration of `registrations` is written in a gate: everything is reached.
  init?(
    _ registrations: [ContainerRegistration], mentions: [String: NameMentions], visibility: TargetVisibility?
  ) {
    let gateNames = Set(registrations.compactMap(\.gate?.name))
    guard !gateNames.isEmpty else { return nil }
    let kinds = [true, false].map { isAssembly in
      Set(registrations.compactMap { $0.gate?.isAssembly == isAssembly ? NameMentions.hash($0.gate!.name) : nil })
    }
    // Every gate's name (a gate-shaped function registering nothing may call one that does).
    var gates = Set(gateNames.map(NameMentions.hash))
    for file in mentions.values { for body in file.inside { gates.insert(NameMentions.hash(body.gate)) } }
    let files = mentions.map { (place: visibility?.place(of: $0.key) ?? 0, mentions: $0.value.restricted(to: gates)) }
      .filter { !$0.mentions.outside.isEmpty || !$0.mentions.inside.isEmpty }
    let found = (0..<(visibility?.placeCount ?? 1)).map { place in
      let seen = files.filter { visibility?.answers(site: place, registration: $0.place) ?? true }.map(\.mentions)
      var reached = Set(seen.flatMap(\.outside))
      var bodies: [UInt32: [UInt32]] = [:]
      for file in seen {
        for body in file.inside { bodies[NameMentions.hash(body.gate), default: []] += body.hashes }
      }
      var pending = Array(reached)
      while let name = pending.popLast() {
        for hash in bodies.removeValue(forKey: name) ?? [] where reached.insert(hash).inserted { pending.append(hash) }
      }
      var assumed: Set<UInt32> = []
      for kind in kinds where reached.isDisjoint(with: kind) { assumed.formUnion(kind) }
      return (reached: reached.union(assumed), assumed: assumed)
    }
    reached = found.map(\.reached)
    assumed = found.map(\.assumed)
    self.visibility = visibility
  }

  /// The same names reached and assumed in each place; the targets are the settings', the
  /// same for every reach a builder compares.
  static func == (lhs: GateReach, rhs: GateReach) -> Bool {
    lhs.reached == rhs.reached && lhs.assumed == rhs.assumed
  }

  /// `true` when `registration` runs where `site` is resolved: it is written in no gate, or
  /// in one the site's process reaches.
  func reaches(_ registration: ContainerRegistration, for site: ResolveSite) -> Bool {
    guard let gate = registration.gate else { return true }
    return reached[visibility?.place(of: site.range.file) ?? 0].contains(NameMentions.hash(gate.name))
  }

  /// `true` when some place counts a gate as reached only because it reaches no gate of its
  /// kind.
  var assumesSome: Bool { assumed.contains { !$0.isEmpty } }

  /// Notes for `--verbose`: each gate of `registrations` some process that compiles it counts
  /// as reached only because it reaches no gate of its kind (what dpend cannot decide), at its
  /// first registration.
  func assumedNotes(_ registrations: [ContainerRegistration]) -> [Diagnostic] {
    var seen: Set<String> = []
    return registrations.compactMap { registration in
      guard let gate = registration.gate, !seen.contains(gate.declaration) else { return nil }
      let written = visibility?.place(of: registration.range.file) ?? 0
      let hash = NameMentions.hash(gate.name)
      guard
        assumed.indices.contains(where: { place in
          assumed[place].contains(hash) && (visibility?.answers(site: place, registration: written) ?? true)
        })
      else { return nil }
      seen.insert(gate.declaration)
      let message =
        gate.isAssembly
        ? "counted as reached: '\(gate.declaration)' may be applied where dpend cannot see it (nothing it reads makes any assembly: a list built at run time, an app elsewhere)"
        : "counted as reached: '\(gate.declaration)' may be called where dpend cannot see it (nothing it reads calls any registration function)"
      return Diagnostic(code: .assumedReached, message: message, range: registration.range)
    }
  }

  /// Why `registration` does not run for `site` (``reaches(_:for:)`` is `false`), as a note
  /// says it: `in 'PresentationAssembly.assemble(container:)', which nothing reaches: no
  /// 'PresentationAssembly' is made`.
  static func why(_ gate: RegistrationGate) -> String {
    gate.isAssembly
      ? "in '\(gate.declaration)', which nothing applies: no '\(gate.name)' is made"
      : "in '\(gate.declaration)', which nothing calls"
  }
}

extension GateReach: BinaryCoded {
  init() {
    reached = []
    assumed = []
    visibility = nil
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&reached)
    try coder.code(&assumed)
    try coder.code(&visibility)
  }
}
