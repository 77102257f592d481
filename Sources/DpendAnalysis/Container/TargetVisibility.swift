import DpendModel

/// Whose registrations answer whose resolves, by the build targets compiling their files
/// (SPEC 8.6). A resolve runs in a process: an app, an extension or a test bundle (a *root*)
/// with the libraries it links. It is answered by what is registered in that process:
/// - a root's own file: by the root and what it links; a test bundle links the app it is
///   hosted in, an app does not link the extensions it embeds, so a test's registration
///   never answers the app and an extension sees only its own process;
/// - a library's file: by every app or extension process linking it (test bundles only when
///   nothing else links it).
///
/// What dpend cannot place answers and is answered by everything: a file in no known
/// target, a target named by a folder convention that may be linked from anywhere (a library),
/// a library nothing read links; and a target linking a product dpend does not see links
/// every library.
struct TargetVisibility: Sendable {
  /// Each file's place: the set of targets compiling it, by its index in ``names``.
  private var placeOfFile: [String: Int]
  /// The target names of each place; place 0 is the open one (no name).
  private var names: [[String]]
  /// `answers[site's place][registration's place]`.
  private var answers: [[Bool]]
  /// The platforms the targets of each place build for; empty when one of them builds for
  /// any (its platforms are unknown), and for the open place.
  private var platformsOfPlace: [Set<String>]
  /// Every platform a target builds for, sorted.
  var platforms: [String]
  /// The condition sets the build configurations of each place's targets set (SPEC 10);
  /// empty when one of its targets' are unknown, and for the open place.
  private var conditionsOfPlace: [[Set<String>]] = []
  /// Every condition some target's build configuration sets.
  private var definedConditions: Set<String> = []

  /// `nil` when `map` hides no registration from any resolve and knows no target's
  /// platforms: every registration answers every resolve, as with no map.
  init?(_ map: TargetMap?) {
    guard let map, map.targets.count > 1 else { return nil }
    let targets = Dictionary(map.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let process = Self.processes(map.targets, targets)
    // Linked by an app or an extension: a library only tests link is linked by something
    // dpend does not see too (the app that uses it).
    let linked = Set(
      process.filter { targets[$0.key]!.kind != .library && targets[$0.key]!.kind != .tests }.values.flatMap { $0 })
    // Open: answering and answered by everything.
    let open = Set(
      map.targets.filter { target in
        target.kind == .library && (!target.isRead || !linked.contains(target.name))
          || (target.kind == .other && !target.isRead)
      }.map(\.name))
    // The process a resolve in each target is answered in.
    var answering: [String: Set<String>] = [:]
    for target in map.targets where !open.contains(target.name) {
      if target.kind != .library {
        answering[target.name] = process[target.name] ?? [target.name]
        continue
      }
      let roots = process.filter { $0.value.contains(target.name) && targets[$0.key]!.kind != .library }
      let apps = roots.filter { targets[$0.key]!.kind != .tests }
      answering[target.name] = (apps.isEmpty ? roots : apps).values.reduce(into: Set([target.name])) {
        $0.formUnion($1)
      }
    }
    var names: [[String]] = [[]]
    var placeOf: [[String]: Int] = [[]: 0]
    var placeOfFile: [String: Int] = [:]
    for (file, fileTargets) in map.targetsOfFile {
      let known = Array(Set(fileTargets.filter { targets[$0] != nil && !open.contains($0) })).sorted()
      // A file also in an open target may be compiled anywhere.
      let key = fileTargets.contains(where: open.contains) ? [] : known
      if let place = placeOf[key] {
        placeOfFile[file] = place
      } else {
        placeOf[key] = names.count
        placeOfFile[file] = names.count
        names.append(key)
      }
    }
    let answers = names.map { siteTargets in
      names.map { registrationTargets in
        siteTargets.isEmpty || registrationTargets.isEmpty
          || siteTargets.contains { site in registrationTargets.contains { answering[site]?.contains($0) == true } }
      }
    }
    // Nothing to tell apart: no registration hidden from a resolve, no platform known.
    guard
      answers.contains(where: { $0.contains(false) })
        || map.targets.contains(where: { !$0.platforms.isEmpty || !$0.conditions.isEmpty })
    else { return nil }
    self.placeOfFile = placeOfFile
    self.names = names
    self.answers = answers
    platformsOfPlace = names.map { place in
      let known = place.compactMap { targets[$0] }
      guard !known.isEmpty, known.allSatisfy({ !$0.platforms.isEmpty }) else { return [] }
      return Set(known.flatMap(\.platforms))
    }
    platforms = Set(map.targets.flatMap(\.platforms)).sorted()
    conditionsOfPlace = names.map { place in
      let known = place.compactMap { targets[$0] }
      guard !known.isEmpty, known.allSatisfy({ !$0.conditions.isEmpty }) else { return [] }
      var sets: [Set<String>] = []
      for set in known.flatMap({ $0.conditions.map(Set.init) }) where !sets.contains(set) { sets.append(set) }
      return sets
    }
    definedConditions = Set(map.targets.flatMap { $0.conditions.joined() })
  }

  /// `true` when a file of `place` is compiled in `configuration`: no `os(…)` of it names a
  /// platform none of the file's targets builds for, and some build configuration of one of
  /// them sets exactly the conditions of `conditions` (the names the analysis sets in some
  /// configuration) that the configuration sets, among those a target defines — `APPCLIP`,
  /// set only by an App Clip's target, is never set in a file only the app compiles.
  func compiles(_ place: Int, in configuration: [String], conditions: Set<String>) -> Bool {
    let platforms = platformsOfPlace[place]
    if !platforms.isEmpty {
      for atom in configuration where atom.hasPrefix("os(") && atom.hasSuffix(")") {
        let name = String(atom.dropFirst(3).dropLast())
        if !platforms.contains(name == "OSX" ? "macOS" : name) { return false }
      }
    }
    let sets = conditionsOfPlace.isEmpty ? [] : conditionsOfPlace[place]
    guard !sets.isEmpty else { return true }
    let relevant = definedConditions.intersection(conditions)
    guard !relevant.isEmpty else { return true }
    let wanted = relevant.intersection(configuration)
    return sets.contains { $0.intersection(relevant) == wanted }
  }

  /// How many places there are (the open one, 0, included).
  var placeCount: Int { names.count }

  /// The place of `file`: files the map does not name are open.
  func place(of file: String) -> Int { placeOfFile[file] ?? 0 }

  /// `true` when a registration in a file of `registration`'s place answers a resolve in a
  /// file of `site`'s.
  func answers(site: Int, registration: Int) -> Bool { answers[site][registration] }

  /// The targets compiling the files of `place`, sorted; empty for the open place.
  func targets(of place: Int) -> [String] { names[place] }

  /// `in target 'ShareExtension': ` — how a message names where the file at `file` is compiled;
  /// empty for a file whose target is unknown.
  func scope(of file: String) -> String {
    let targets = names[place(of: file)]
    // One target compiling every file placed: nothing to tell apart.
    guard !targets.isEmpty, Set(names.flatMap { $0 }).count > 1 else { return "" }
    return "in target\(targets.count == 1 ? "" : "s") \(Wording.list(targets.map { "'\($0)'" })): "
  }

  /// Each root's process: the root and every target it links, transitively. A test bundle
  /// links the app it depends on (it is hosted there), and so does a target named by a folder
  /// convention; no other target links an app or an extension it depends on (it embeds them). A target depending on a name no target has
  /// links every library.
  private static func processes(_ list: [TargetMap.Target], _ targets: [String: TargetMap.Target]) -> [String:
    Set<String>]
  {
    let libraries = list.filter { $0.kind == .library }.map(\.name)
    var result: [String: Set<String>] = [:]
    for root in list {
      // A target named by a folder convention may link any library.
      var linked: Set<String> = root.isRead ? [root.name] : Set([root.name] + libraries)
      var pending = Array(linked)
      while let name = pending.popLast() {
        guard let target = targets[name] else { continue }
        for dependency in target.dependencies {
          guard let linkedTarget = targets[dependency] else {
            for library in libraries where linked.insert(library).inserted { pending.append(library) }
            continue
          }
          // A folder convention's target links what it depends on (the convention's app).
          let embeds =
            linkedTarget.kind != .library && !(name == root.name && (root.kind == .tests || !root.isRead))
          if !embeds, linked.insert(dependency).inserted { pending.append(dependency) }
        }
      }
      result[root.name] = linked
    }
    return result
  }
}

extension TargetVisibility: BinaryCoded {
  init() {
    placeOfFile = [:]
    names = []
    answers = []
    platformsOfPlace = []
    platforms = []
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&placeOfFile)
    try coder.code(&names)
    try coder.code(&answers)
    try coder.code(&platformsOfPlace)
    try coder.code(&platforms)
    try coder.code(&conditionsOfPlace)
    try coder.code(&definedConditions)
  }
}
