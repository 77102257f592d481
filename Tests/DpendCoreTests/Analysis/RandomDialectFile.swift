import DpendTestSupport

/// The kinds of file ``DialectWorkspace`` writes: the services every container constructs, one
/// kind for each dialect dpend reads, and the app's own ways to its container. A file's path
/// names its kind (`Sources/Dip2.swift`).
enum DialectKind: String, CaseIterable, Hashable {
  /// Protocols `S0`…`S5` and classes `Impl0`…`Impl5`, whose initializers take `S`s.
  case services = "Services"
  /// `final class AssemblyN: Assembly` registering on `container`, resolves on a `Resolver`.
  case swinject = "Swinject"
  /// `let dipN = DependencyContainer { c in … }`, resolves on `dipN` and `dip0`; a factory
  /// returning `ImplK.first`, a static member the services declare, `implKFirst`, a global
  /// they declare, or `ImplK.shared.sameFirst`, a property reached through a static member
  /// (each typed like the initializer's first parameter, changed by a declaration edit, else
  /// `ImplK`).
  case dip = "Dip"
  /// `extension Resolver { static func registerN() { … } }`, `@Injected` and `@OptionalInjected`.
  case resolver = "Resolver"
  /// `extension Container { var sK: Factory<SK> { self { … } } }`, `@Injected(\.sK)`.
  case factory = "Factory"
  /// `DependencyContainer("CN") { Dependency(…) } requires: { Requirement(…) }`, `@Injected`.
  case stitcher = "Stitcher"
  /// `struct DepsN` of members, `belumN.setup { registrar in registrar.register(…) }`, reads.
  case belum = "Belum"
  /// The app's helpers: a global `container`, `extension Container { func registerShared }`,
  /// `DI.resolve` that force-unwraps and an `@Inject` wrapper, inferred from their bodies.
  case helpers = "Helpers"
  /// Files that never import a library, registering and resolving through the helpers and
  /// the global container.
  case app = "App"
  /// A locator `.dpend.json` names (``DialectWorkspace/collection``): `Locator.register`,
  /// `locate` and `@Locate`.
  case locator = "Locator"

  /// The kinds holding registrations and resolves.
  static let containers: [DialectKind] = [.swinject, .dip, .resolver, .factory, .stitcher, .belum, .app, .locator]

  /// The kind of the file at `path`.
  init?(path: String) {
    let name = path.split(separator: "/").last.map { $0.prefix { !$0.isNumber } } ?? ""
    self.init(rawValue: String(name))
  }

  /// How many forms of registration and of resolve ``DialectWorkspace`` writes.
  var formCounts: (registrations: Int, uses: Int) {
    switch self {
    case .swinject: (4, 2)
    case .dip: (4, 2)
    case .resolver: (4, 3)
    case .factory: (5, 4)
    case .stitcher: (6, 4)
    case .belum: (2, 1)
    case .app: (2, 3)
    case .locator: (2, 3)
    case .services, .helpers: (0, 0)
    }
  }

  /// How many scopes its registrations are written with (the first: none).
  var scopeCount: Int {
    switch self {
    case .swinject: 4
    case .dip: 6
    case .resolver: 5
    case .factory: 7
    case .stitcher: 3
    case .app: 2
    default: 1
    }
  }

  /// `true` when its registrations and resolves can be named (tags, names).
  var names: Bool { [.swinject, .dip, .resolver, .app, .locator].contains(self) }
}

/// What a registration resolves while it constructs: the key `S<key>` (`Impl<key>` when
/// `concrete`), perhaps named, perhaps optional, or typed by the initializer parameter it is
/// passed to.
struct DialectNeed: Hashable {
  var key: Int
  var concrete = false
  var name: Int?
  var optional = false
  var byParameter = false
}

/// A registration of the key `S<key>` (`Impl<key>` when `concrete`) constructing `Impl<impl>`;
/// `form`, `scope` and `extra` choose among the forms its dialect reads.
struct DialectRegistration: Hashable {
  var key: Int
  var concrete = false
  var impl: Int
  var name: Int?
  var needs: [DialectNeed] = []
  var form = 0
  var scope = 0
  /// Dialect-specific additions: a runtime argument, `.implements`, property injection.
  var extra = 0
}

/// A resolve of `S<key>` (`Impl<key>`) outside any registration.
struct DialectUse: Hashable {
  var key: Int
  var concrete = false
  var name: Int?
  var optional = false
  var form = 0
  var arguments = 0
}

enum DialectItem: Hashable {
  case registration(DialectRegistration)
  case use(DialectUse)

  var registration: DialectRegistration? {
    if case .registration(let registration) = self { return registration }
    return nil
  }
}

/// One registration or resolve of a file, perhaps under `#if DEBUG` (with an `#else` of its own).
struct DialectEntry: Hashable {
  /// Stable across edits: cycles made are broken through it.
  var id: Int
  var item: DialectItem
  var condition = DialectCondition.none
  /// A blank line before it: what follows moves, nothing else changes.
  var padded = false
}

enum DialectCondition: Hashable {
  case none
  case debug
  /// `#if DEBUG` the entry `#else` this one.
  case debugElse(DialectItem)
}

/// A protocol `S<index>` (inheriting `S<conformance>`), a class `Impl<index>` conforming to
/// `S<conformance>` whose initializer takes `a0: S<parameters[0]>, …`, or a typealias
/// `A<index> = S<conformance>`; `renamed` appends `Renamed` to its name.
struct DialectTypeDeclaration: Hashable {
  var isProtocol: Bool
  var isAlias = false
  var index: Int
  var renamed = false
  var conformance: Int?
  var parameters: [Int] = []
}

/// A file's declarations besides its entries.
struct DialectHeader: Hashable {
  /// Services: the types declared.
  var types: [DialectTypeDeclaration] = []
  /// Belum: the members struct's properties by key, 0 `S!`, 1 `S?`, 2 a default value.
  var members: [Int: Int] = [:]
  /// Belum: the registrations are made on a `Belum<Deps0>.Registrar` (the struct elsewhere).
  var external = false
  /// Swinject: an `Assembler` made of the file's assembly; Resolver: `registerAllServices`
  /// calls the file's function. Reaching one gate makes the others unreached.
  var gate = false
  /// Factory: 0 `Container`, 1 `AppContainer`.
  var root = 0
  /// Helpers: the global container (0 Swinject, 1 Dip, 2 none), `DI.resolve` (0 forced,
  /// 1 optional, 2 renamed, 3 reaching nothing), `@Inject` (0 through `DI`, 1 through the
  /// container, 2 resolving nothing), `registerShared` (0, 1 none, 2 taking a name).
  var helpers = [0, 0, 0, 0]
  /// Comment lines at the top: the whole file moves, nothing else changes.
  var padding = 0
}

struct DialectFileModel: Hashable {
  var kind: DialectKind
  var index: Int
  var header = DialectHeader()
  var entries: [DialectEntry] = []

  var path: String { "Sources/\(kind.rawValue)\(index).swift" }
}

/// The edits ``DialectWorkspace`` makes; each step makes one.
enum DialectEdit: String, CaseIterable, Hashable {
  case addRegistration, editRegistration, removeRegistration, addResolve, removeResolve
  case makeCycle, breakCycle, removeNeeded, restoreNeeded, duplicate
  case renameType, changeConformance, addFile, removeFile, halfType, changeHelper, changeDeclaration
  case toggleCondition
  /// Lines added or removed above code, which moves and does not change.
  case moveText
  /// The settings changed (the implicit filter, or what the collection names): the caller's.
  case changeSettings

  /// How often each is chosen.
  var weight: Int {
    switch self {
    case .addRegistration, .editRegistration, .addResolve: 3
    // Made twice as often as broken or restored: there is mostly one to break or restore.
    case .removeRegistration, .removeResolve, .toggleCondition, .makeCycle, .removeNeeded, .changeHelper: 2
    default: 1
    }
  }
}

/// A random workspace of every dialect dpend reads, as a model its edits change and its files
/// are written from: registrations and resolves over the keys `S0`…`S5` (and `Impl0`…`Impl5`),
/// services declaring them, the app's helpers. One seed gives one sequence of edits.
struct DialectWorkspace {
  static let keyCount = 6
  /// The keys `A0` and `A1`, typealiases of `S`s: numbered `keyCount` and `keyCount + 1`.
  static let aliasCount = 2

  /// The locator `.dpend.json` would name (SPEC 7.4).
  static let registerFunctions = ["Locator.register"]
  static let resolveFunctions = ["locate"]
  static let injectWrappers = ["Locate"]

  private(set) var files: [String: DialectFileModel] = [:]
  /// Removed files, which ``DialectEdit/addFile`` may bring back as they were.
  private var removed: [DialectFileModel] = []
  /// The needs added to make a cycle: the entry and the need ``DialectEdit/breakCycle`` removes.
  private var cycles: [[(path: String, id: Int, need: DialectNeed)]] = []
  /// Registrations removed although something needed them, with where they were.
  private var removedNeeded: [(path: String, position: Int, entry: DialectEntry)] = []
  private var random: SplitMix64
  private var nextID = 0
  private var deck: [DialectEdit] = []
  private var kinds: [DialectKind] = []
  private var nextIndex: [DialectKind: Int] = [:]

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    for index in 0..<2 { add(services(index: index)) }
    // The helpers' global container and `dip0` are two: each resolve is answered by its own
    // container's registrations.
    for kind in DialectKind.containers + [.helpers] { add(newFile(kind)) }
  }

  // MARK: Text

  /// The text of the file at `path`.
  func text(of path: String) -> String { Self.render(files[path]!) }

  /// Every file's path, sorted.
  var paths: [String] { files.keys.sorted() }

  // MARK: Edits

  /// Makes one random edit; returns what it did and the paths whose text changed (a path
  /// no longer in ``files`` was removed). ``DialectEdit/halfType`` changes nothing in the
  /// model: the caller cuts the text; ``DialectEdit/changeSettings`` neither: the caller
  /// changes them.
  mutating func edit() -> (edit: DialectEdit, paths: [String]) {
    // Dealt from a shuffled deck holding each edit `weight` times: every edit comes every
    // few dozen steps.
    if deck.isEmpty {
      deck = DialectEdit.allCases.flatMap { Array(repeating: $0, count: $0.weight) }.shuffled(using: &random)
    }
    if let done = apply(deck.removeLast()) { return done }
    // What could not be made (nothing to remove): a registration added instead.
    return apply(.addRegistration)!
  }

  private mutating func apply(_ edit: DialectEdit) -> (edit: DialectEdit, paths: [String])? {
    switch edit {
    case .addRegistration:
      let kind = randomContainerKind()
      guard var file = randomFile(of: kind) else { return addFile(kind: kind) }
      let registration = randomRegistration(file)
      // A full file loses one (a small workspace parses fast).
      if file.entries.count >= 5 { file.entries.remove(at: random.below(file.entries.count)) }
      file.entries.insert(entry(.registration(registration)), at: random.below(file.entries.count + 1))
      return store(file, edit)
    case .editRegistration:
      guard case (var file, let index, let registration)? = randomRegistrationEntry() else { return nil }
      file.entries[index].item = .registration(edited(registration, in: file))
      return store(file, edit)
    case .removeRegistration:
      guard case (var file, let index, _)? = randomRegistrationEntry() else { return nil }
      file.entries.remove(at: index)
      return store(file, edit)
    case .addResolve:
      let kind = randomContainerKind()
      guard var file = randomFile(of: kind), let use = randomUse(file) else { return nil }
      if file.entries.count >= 5 { file.entries.remove(at: random.below(file.entries.count)) }
      file.entries.insert(entry(.use(use)), at: random.below(file.entries.count + 1))
      return store(file, edit)
    case .removeResolve:
      let uses = entries(ofKind: randomContainerKind()) { if case .use = $0.item { true } else { false } }
      guard let (path, index) = uses.isEmpty ? nil : uses[random.below(uses.count)] else { return nil }
      files[path]!.entries.remove(at: index)
      return (edit, [path])
    case .makeCycle: return makeCycle()
    case .breakCycle: return breakCycle()
    case .removeNeeded: return removeNeeded()
    case .restoreNeeded:
      while let (path, position, entry) = removedNeeded.popLast() {
        guard var file = files[path] else { continue }
        file.entries.insert(entry, at: min(position, file.entries.count))
        return store(file, edit)
      }
      return nil
    case .duplicate:
      guard case (var file, let index, let registration)? = randomRegistrationEntry() else { return nil }
      // The same key under the same condition: one configuration has both.
      var copy = entry(.registration(registration))
      copy.condition = file.entries[index].condition
      file.entries.insert(copy, at: index + 1)
      return store(file, edit)
    case .renameType:
      guard case (var file, let index)? = randomType() else { return nil }
      file.header.types[index].renamed.toggle()
      return store(file, edit)
    case .changeConformance:
      if random.below(3) > 0, let made = conformingToWhatIsResolved() { return made }
      guard case (var file, let index)? = randomType() else { return nil }
      if file.header.types[index].isAlias {
        file.header.types[index].conformance = random.below(Self.keyCount)
      } else if file.header.types[index].isProtocol {
        file.header.types[index].conformance =
          file.header.types[index].conformance == nil ? random.below(Self.keyCount) : nil
      } else {
        let current = file.header.types[index].conformance
        file.header.types[index].conformance =
          random.below(3) == 0 ? (current == nil ? random.below(Self.keyCount) : nil) : random.below(Self.keyCount)
      }
      return store(file, edit)
    case .addFile:
      if !removed.isEmpty, random.below(2) == 0 {
        let file = removed.remove(at: random.below(removed.count))
        guard files[file.path] == nil, file.kind != .helpers || count(of: .helpers) == 0 else { return nil }
        add(file)
        return (edit, [file.path])
      }
      // One helpers file at most: two declaring the same helpers would not compile, and are
      // read by chance (see `twoDeclarationsOfOneHelperAreReadTheSameWayEveryTime`). A kind
      // with no file left comes back first.
      var kinds = DialectKind.containers + [.services] + (count(of: .helpers) == 0 ? [.helpers] : [])
      let missing = kinds.filter { count(of: $0) == 0 }
      if !missing.isEmpty, random.below(3) > 0 { kinds = missing }
      return addFile(kind: kinds[random.below(kinds.count)])
    case .removeFile:
      // Mostly a kind's second file: the workspace keeps every kind.
      var candidates = paths.filter { !$0.hasSuffix("Services0.swift") }
      let spare = candidates.filter { count(of: files[$0]!.kind) > 1 }
      if !spare.isEmpty, random.below(4) > 0 { candidates = spare }
      let path = candidates[random.below(candidates.count)]
      removed.append(files.removeValue(forKey: path)!)
      return (edit, [path])
    case .halfType:
      let candidates = paths
      return (edit, [candidates[random.below(candidates.count)]])
    case .changeHelper:
      guard var file = randomFile(of: .helpers) else { return addFile(kind: .helpers) }
      let which = random.below(4)
      let choices = [5, 4, 3, 3][which]
      file.header.helpers[which] = (file.header.helpers[which] + 1 + random.below(choices - 1)) % choices
      return store(file, edit)
    case .changeDeclaration: return changeDeclaration()
    case .moveText:
      var file = files[paths[random.below(paths.count)]]!
      if file.entries.isEmpty || random.below(2) == 0 {
        file.header.padding = (file.header.padding + 1) % 3
      } else {
        file.entries[random.below(file.entries.count)].padded.toggle()
      }
      return store(file, edit)
    case .changeSettings: return (edit, [])
    case .toggleCondition:
      let all = entries(ofKind: randomContainerKind()) { _ in true }
      guard let (path, index) = all.isEmpty ? nil : all[random.below(all.count)] else { return nil }
      var file = files[path]!
      switch file.entries[index].condition {
      case .none: file.entries[index].condition = .debug
      case .debug:
        file.entries[index].condition = .debugElse(alternative(to: file.entries[index].item, in: file))
      case .debugElse: file.entries[index].condition = .none
      }
      return store(file, edit)
    }
  }

  private mutating func store(_ file: DialectFileModel, _ edit: DialectEdit) -> (edit: DialectEdit, paths: [String]) {
    files[file.path] = file
    return (edit, [file.path])
  }

  private mutating func add(_ file: DialectFileModel) { files[file.path] = file }

  private mutating func addFile(kind: DialectKind) -> (edit: DialectEdit, paths: [String]) {
    let file = kind == .services ? services(index: newIndex(.services)) : newFile(kind)
    add(file)
    return (.addFile, [file.path])
  }

  /// A cycle through two registrations of one file: each needs the other.
  private mutating func makeCycle() -> (edit: DialectEdit, paths: [String])? {
    let kind = randomContainerKind()
    guard var file = randomFile(of: kind) else { return nil }
    var withNeeds = file.entries.indices.filter { index in
      file.entries[index].item.registration.map { Self.writesNeeds($0, kind) } ?? false
    }
    while withNeeds.count < 2 {
      var registration = randomRegistration(file)
      registration.form = Self.formWritingNeeds(kind, &random)
      // Another key than the other's: one registration needing itself is a cycle too, rarer.
      if let other = withNeeds.first.flatMap({ file.entries[$0].item.registration }) {
        registration.key = (other.key + 1 + random.below(Self.keyCount - 1)) % Self.keyCount
        registration.name = other.name
      }
      file.entries.append(entry(.registration(registration)))
      withNeeds.append(file.entries.count - 1)
    }
    let chosen = withNeeds.shuffled(using: &random).prefix(2)
    let first = chosen.first!
    let second = chosen.last!
    var made: [(path: String, id: Int, need: DialectNeed)] = []
    for (from, to) in [(first, second), (second, first)] {
      let target = file.entries[to].item.registration!
      let need = Self.need(hitting: target, kind)
      var registration = file.entries[from].item.registration!
      if !registration.needs.contains(need) { registration.needs.append(need) }
      file.entries[from].item = .registration(registration)
      made.append((file.path, file.entries[from].id, need))
    }
    cycles.append(made)
    // The two under the same condition, so that one configuration has both.
    file.entries[second].condition = file.entries[first].condition
    return store(file, .makeCycle)
  }

  /// The needs the last cycle made still there, removed.
  private mutating func breakCycle() -> (edit: DialectEdit, paths: [String])? {
    while let made = cycles.popLast() {
      guard var file = files[made[0].path] else { continue }
      var removed = false
      for (_, id, need) in made {
        guard let index = file.entries.firstIndex(where: { $0.id == id }),
          var registration = file.entries[index].item.registration, let at = registration.needs.firstIndex(of: need)
        else { continue }
        registration.needs.remove(at: at)
        file.entries[index].item = .registration(registration)
        removed = true
      }
      if removed { return store(file, .breakCycle) }
    }
    return nil
  }

  /// A registration whose key another entry of its kind needs or resolves, removed.
  private mutating func removeNeeded() -> (edit: DialectEdit, paths: [String])? {
    var candidates: [(path: String, index: Int)] = []
    for path in paths {
      let file = files[path]!
      for (index, entry) in file.entries.enumerated() {
        guard let registration = entry.item.registration else { continue }
        let need = Self.need(hitting: registration, file.kind)
        let needed = files.values.filter { $0.kind == file.kind }.contains { other in
          other.entries.contains { entry in
            switch entry.item {
            case .registration(let registration): registration.needs.contains { $0.key == need.key }
            case .use(let use): use.key == need.key
            }
          }
        }
        if needed { candidates.append((path, index)) }
      }
    }
    guard !candidates.isEmpty else { return nil }
    let kind = randomContainerKind()
    if candidates.contains(where: { files[$0.path]!.kind == kind }) {
      candidates = candidates.filter { files[$0.path]!.kind == kind }
    }
    let (path, index) = candidates[random.below(candidates.count)]
    var file = files[path]!
    removedNeeded.append((path, index, file.entries.remove(at: index)))
    return store(file, .removeNeeded)
  }

  private mutating func changeDeclaration() -> (edit: DialectEdit, paths: [String])? {
    let kinds: [DialectKind] = [.services, .belum, .factory, .swinject, .resolver]
    guard var file = randomFile(of: kinds[random.below(kinds.count)]) else { return nil }
    switch file.kind {
    case .services:
      let classes = file.header.types.indices.filter {
        !file.header.types[$0].isProtocol && !file.header.types[$0].isAlias
      }
      guard let index = classes.isEmpty ? nil : classes[random.below(classes.count)] else { return nil }
      file.header.types[index].parameters = randomParameters()
    case .belum:
      if random.below(4) == 0 {
        file.header.external.toggle()
      } else {
        let key = random.below(Self.keyCount)
        let style = random.below(4)
        file.header.members[key] = style == 3 ? nil : style
      }
    case .factory: file.header.root = 1 - file.header.root
    default: file.header.gate.toggle()
    }
    return store(file, .changeDeclaration)
  }

  // MARK: Choices

  /// A kind holding registrations, dealt from a shuffled deck so that each gets its share of
  /// the edits; Factory three times, Belum, the locator and the app twice (fewer of their
  /// edits change a finding: Factory reports no missing definition, Belum reads only its own
  /// file, a locator's registrations answer any resolve and its resolves any registration).
  private mutating func randomContainerKind() -> DialectKind {
    if kinds.isEmpty {
      kinds = (DialectKind.containers + [.factory, .factory, .belum, .locator, .app]).shuffled(using: &random)
    }
    return kinds.removeLast()
  }

  /// A class registered under its own type made to conform to a protocol some resolve of the
  /// same kind asks for: `registered-as-concrete-type` when nothing registers the protocol.
  private mutating func conformingToWhatIsResolved() -> (edit: DialectEdit, paths: [String])? {
    var pairs: [(registered: Int, resolved: Int)] = []
    for file in files.values where DialectKind.containers.contains(file.kind) {
      let registered = file.entries.compactMap { $0.item.registration }.filter { $0.concrete && $0.key < Self.keyCount }
        .map(\.key)
      let resolved = files.values.filter { $0.kind == file.kind }.flatMap(\.entries).compactMap { entry -> Int? in
        if case .use(let use) = entry.item, !use.concrete, use.key < Self.keyCount { return use.key }
        return nil
      }
      for key in registered { pairs += resolved.map { (key, $0) } }
    }
    guard !pairs.isEmpty else { return nil }
    let (registered, resolved) = pairs.sorted { ($0.0, $0.1) < ($1.0, $1.1) }[random.below(pairs.count)]
    for path in paths where files[path]!.kind == .services {
      guard
        let index = files[path]!.header.types.firstIndex(where: {
          !$0.isProtocol && !$0.isAlias && $0.index == registered
        })
      else { continue }
      files[path]!.header.types[index].conformance = resolved
      return (.changeConformance, [path])
    }
    return nil
  }

  private func count(of kind: DialectKind) -> Int { files.values.filter { $0.kind == kind }.count }

  private mutating func randomFile(of kind: DialectKind) -> DialectFileModel? {
    let candidates = paths.filter { files[$0]!.kind == kind }
    return candidates.isEmpty ? nil : files[candidates[random.below(candidates.count)]]
  }

  private func entries(where matches: (DialectEntry) -> Bool) -> [(path: String, index: Int)] {
    paths.flatMap { path in
      files[path]!.entries.indices.filter { matches(files[path]!.entries[$0]) }.map { (path, $0) }
    }
  }

  /// The entries of files of `kind` that match, or of any file when none of `kind` does.
  private func entries(ofKind kind: DialectKind, where matches: (DialectEntry) -> Bool) -> [(
    path: String, index: Int
  )] {
    let all = entries(where: matches)
    let found = all.filter { files[$0.path]!.kind == kind }
    return found.isEmpty ? all : found
  }

  private mutating func randomRegistrationEntry() -> (DialectFileModel, Int, DialectRegistration)? {
    let kind = randomContainerKind()
    var found = entries { $0.item.registration != nil }.filter { files[$0.path]!.kind == kind }
    if found.isEmpty { found = entries { $0.item.registration != nil } }
    guard !found.isEmpty else { return nil }
    let (path, index) = found[random.below(found.count)]
    let file = files[path]!
    return (file, index, file.entries[index].item.registration!)
  }

  private mutating func randomType() -> (DialectFileModel, Int)? {
    guard let file = randomFile(of: .services), !file.header.types.isEmpty else { return nil }
    return (file, random.below(file.header.types.count))
  }

  private mutating func entry(_ item: DialectItem) -> DialectEntry {
    nextID += 1
    return DialectEntry(id: nextID, item: item)
  }

  private mutating func newIndex(_ kind: DialectKind) -> Int {
    defer { nextIndex[kind, default: 0] += 1 }
    return nextIndex[kind, default: 0]
  }

  private mutating func services(index: Int) -> DialectFileModel {
    var file = DialectFileModel(kind: .services, index: index)
    nextIndex[.services] = max(nextIndex[.services] ?? 0, index + 1)
    if index < 2 {
      // The first two declare every protocol and class, shared between them.
      for key in 0..<Self.keyCount where key % 2 == index {
        file.header.types.append(DialectTypeDeclaration(isProtocol: true, index: key))
        file.header.types.append(
          DialectTypeDeclaration(
            isProtocol: false, index: (key + 1) % Self.keyCount, conformance: (key + 1) % Self.keyCount,
            parameters: randomParameters()))
      }
      // A typealias each, keys are written through: following it is the container check's.
      file.header.types.append(
        DialectTypeDeclaration(isProtocol: false, isAlias: true, index: index, conformance: random.below(Self.keyCount))
      )
      file.header.types.shuffle(using: &random)
    } else {
      // A later one declares a few again: the first file in path order has them.
      for _ in 0..<(1 + random.below(2)) {
        file.header.types.append(
          DialectTypeDeclaration(
            isProtocol: false, index: random.below(Self.keyCount), conformance: random.below(Self.keyCount),
            parameters: randomParameters()))
      }
    }
    return file
  }

  private mutating func newFile(_ kind: DialectKind) -> DialectFileModel {
    var file = DialectFileModel(kind: kind, index: newIndex(kind))
    switch kind {
    case .belum:
      for key in 0..<Self.keyCount where random.below(4) > 0 { file.header.members[key] = random.below(3) }
      file.header.external = file.index > 0 && random.below(3) == 0
    case .factory: file.header.root = random.below(4) == 0 ? 1 : 0
    case .swinject, .resolver: file.header.gate = random.below(5) == 0
    // Any of the container values (``helpers(_:)``) from the start.
    case .helpers: file.header.helpers[0] = random.below(5)
    default: break
    }
    guard kind != .helpers else { return file }
    for _ in 0..<(1 + random.below(3)) { file.entries.append(entry(.registration(randomRegistration(file)))) }
    for _ in 0..<random.below(3) {
      if let use = randomUse(file) { file.entries.append(entry(.use(use))) }
    }
    for index in file.entries.indices where random.below(8) == 0 {
      file.entries[index].condition =
        random.below(2) == 0 ? .debug : .debugElse(alternative(to: file.entries[index].item, in: file))
    }
    return file
  }

  /// What the `#else` of `item` holds: another registration, or another resolve.
  private mutating func alternative(to item: DialectItem, in file: DialectFileModel) -> DialectItem {
    if item.registration == nil, let use = randomUse(file) { return .use(use) }
    return .registration(randomRegistration(file))
  }

  /// A protocol's key, now and then a typealias's.
  private mutating func randomKey() -> Int {
    random.below(6) == 0 ? Self.keyCount + random.below(Self.aliasCount) : random.below(Self.keyCount)
  }

  private mutating func randomParameters() -> [Int] {
    (0..<random.below(3)).map { _ in random.below(Self.keyCount) }
  }

  private mutating func randomName(_ kind: DialectKind) -> Int? {
    kind.names && random.below(4) == 0 ? random.below(2) : nil
  }

  /// A need of a registration in `file`: half of them what the file registers (so that
  /// registrations need each other), the others any key.
  private mutating func randomNeed(_ file: DialectFileModel) -> DialectNeed {
    let kind = file.kind
    let registered = file.entries.compactMap(\.item.registration)
    var need: DialectNeed
    if !registered.isEmpty, random.below(2) == 0 {
      need = Self.need(hitting: registered[random.below(registered.count)], kind)
    } else {
      need = DialectNeed(key: randomKey())
      need.concrete = random.below(6) == 0
      need.name = kind == .stitcher ? (random.below(2) == 0 ? 0 : nil) : randomName(kind)
    }
    need.optional = kind != .belum && kind != .factory && random.below(6) == 0
    need.byParameter = [.dip, .resolver].contains(kind) && random.below(5) == 0
    return need
  }

  private mutating func randomRegistration(_ file: DialectFileModel) -> DialectRegistration {
    let kind = file.kind
    let key = randomKey()
    var registration = DialectRegistration(
      key: key, concrete: random.below(5) == 0,
      impl: random.below(3) == 0 || key >= Self.keyCount ? random.below(Self.keyCount) : key)
    registration.name = randomName(kind)
    registration.form = random.below(kind.formCounts.registrations)
    // Factory's unread body, rarer.
    if kind == .factory, registration.form == 4, random.below(3) > 0 { registration.form = 0 }
    registration.scope = random.below(3) == 0 ? random.below(kind.scopeCount) : 0
    // A runtime argument, property injection, a computed name.
    registration.extra =
      (random.below(4) == 0 ? 1 : 0) + (random.below(6) == 0 ? 2 : 0) + (random.below(8) == 0 ? 4 : 0)
    if Self.writesNeeds(registration, kind) {
      registration.needs = (0..<random.below(3)).map { _ in randomNeed(file) }
      // Mostly not itself: a cycle of one, rarer.
      registration.needs.removeAll { $0.key == registration.key && random.below(4) > 0 }
    }
    return registration
  }

  private mutating func randomUse(_ file: DialectFileModel) -> DialectUse? {
    let kind = file.kind
    var use = DialectUse(key: randomKey())
    if kind == .belum {
      // A read of a member the file's struct declares.
      let members = file.header.external ? [] : file.header.members.keys.sorted()
      guard !members.isEmpty else { return nil }
      use.key = members[random.below(members.count)]
      return use
    }
    use.concrete = random.below(6) == 0
    use.name = kind == .stitcher ? (random.below(3) == 0 ? 0 : nil) : randomName(kind)
    // A locator's resolve is answered by any registration: named, it asks for less.
    if kind == .locator, random.below(2) == 0 { use.name = random.below(2) }
    // Half of them resolve what the file registers.
    let registered = file.entries.compactMap(\.item.registration)
    if !registered.isEmpty, random.below(2) == 0 {
      let need = Self.need(hitting: registered[random.below(registered.count)], kind)
      (use.key, use.concrete, use.name) = (need.key, need.concrete, need.name)
    }
    use.optional = random.below(4) == 0
    use.form = random.below(kind.formCounts.uses)
    use.arguments = kind == .swinject && random.below(2) == 0 ? 1 : 0
    return use
  }

  private mutating func edited(_ registration: DialectRegistration, in file: DialectFileModel)
    -> DialectRegistration
  {
    var registration = registration
    let kind = file.kind
    switch random.below(7) {
    case 0: registration.key = randomKey()
    case 1: registration.name = registration.name == nil ? random.below(2) : nil
    case 2: registration.scope = random.below(kind.scopeCount)
    case 3: registration.impl = random.below(Self.keyCount)
    case 4:
      registration.form = random.below(kind.formCounts.registrations)
      if !Self.writesNeeds(registration, kind) { registration.needs = [] }
    case 5: registration.concrete.toggle()
    default:
      if !registration.needs.isEmpty, random.below(2) == 0 {
        registration.needs.remove(at: random.below(registration.needs.count))
      } else if Self.writesNeeds(registration, kind) {
        registration.needs.append(randomNeed(file))
      } else {
        registration.extra = random.below(4)
      }
    }
    if !kind.names { registration.name = nil }
    return registration
  }

  // MARK: Keys

  /// `S3`, or `Impl3` for a concrete key; `A0` for the first typealias's.
  static func type(_ key: Int, concrete: Bool) -> String {
    key >= keyCount ? "A\(key - keyCount)" : concrete ? "Impl\(key)" : "S\(key)"
  }

  /// `true` when `registration`'s form writes its needs (not an initializer reference, a
  /// promise, an unread body, or `$0…` typed by the initializer).
  static func writesNeeds(_ registration: DialectRegistration, _ kind: DialectKind) -> Bool {
    switch kind {
    case .swinject: registration.form != 1
    case .dip: registration.form == 0 || registration.form == 2
    case .factory: registration.form < 3
    case .stitcher: registration.form >= 2
    case .locator: registration.form == 0
    default: true
    }
  }

  private static func formWritingNeeds(_ kind: DialectKind, _ random: inout SplitMix64) -> Int {
    switch kind {
    case .dip: [0, 2][random.below(2)]
    case .factory: random.below(3)
    case .stitcher: 2 + random.below(4)
    case .swinject: [0, 2, 3][random.below(3)]
    default: 0
    }
  }

  /// A need that `registration` answers.
  static func need(hitting registration: DialectRegistration, _ kind: DialectKind) -> DialectNeed {
    switch kind {
    case .stitcher:
      switch registration.form {
      case 2, 3: DialectNeed(key: registration.key, name: 0)
      case 0, 5: DialectNeed(key: registration.impl, concrete: true)
      default: DialectNeed(key: registration.key, concrete: registration.concrete)
      }
    case .belum: DialectNeed(key: registration.key)
    case .factory: DialectNeed(key: registration.key, concrete: registration.concrete)
    case .resolver where registration.form == 3 && registration.name != nil:
      DialectNeed(key: registration.impl, concrete: true)
    default: DialectNeed(key: registration.key, concrete: registration.concrete, name: registration.name)
    }
  }
}

// MARK: - Rendering

extension DialectWorkspace {
  /// The text of `file`.
  static func render(_ file: DialectFileModel) -> String {
    String(repeating: "// Moved by an edit above.\n", count: file.header.padding) + body(file)
  }

  private static func body(_ file: DialectFileModel) -> String {
    switch file.kind {
    case .services: services(file)
    case .swinject: swinject(file)
    case .dip: dip(file)
    case .resolver: resolver(file)
    case .factory: factory(file)
    case .stitcher: stitcher(file)
    case .belum: belum(file)
    case .helpers: helpers(file)
    case .app: app(file)
    case .locator: locator(file)
    }
  }

  /// The entries of `file` written by `item` (`nil` for an item not written there), each
  /// line indented by `indent`, `#if DEBUG` / `#else` around those under a condition.
  private static func lines(
    _ file: DialectFileModel, indent: String, where included: (DialectItem) -> Bool,
    _ write: (DialectItem, Int) -> String?
  ) -> String {
    var text = ""
    func add(_ written: String) {
      for line in written.split(separator: "\n", omittingEmptySubsequences: false) {
        text += indent + "  " + line + "\n"
      }
    }
    for (position, entry) in file.entries.enumerated() where included(entry.item) {
      guard let written = write(entry.item, position) else { continue }
      if entry.padded { text += "\n" }
      switch entry.condition {
      case .none:
        text += written.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 + "\n" }.joined()
      case .debug:
        text += indent + "#if DEBUG\n"
        add(written)
        text += indent + "#endif\n"
      case .debugElse(let other):
        text += indent + "#if DEBUG\n"
        add(written)
        text += indent + "#else\n"
        if included(other), let alternative = write(other, position + 1000) { add(alternative) }
        text += indent + "#endif\n"
      }
    }
    return text
  }

  private static func isRegistration(_ item: DialectItem) -> Bool { item.registration != nil }
  private static func isUse(_ item: DialectItem) -> Bool { item.registration == nil }
  /// Stitcher's `Requirement(…)`, written in the container's `requires:` builder.
  private static func isRequirement(_ item: DialectItem) -> Bool {
    if case .use(let use) = item { use.form == 3 } else { false }
  }
  /// Stitcher's `@Injected` properties.
  private static func isInjected(_ item: DialectItem) -> Bool { isUse(item) && !isRequirement(item) }

  private static func construct(_ impl: Int, _ arguments: [String]) -> String {
    "Impl\(impl)(" + arguments.enumerated().map { "a\($0.offset): \($0.element)" }.joined(separator: ", ") + ")"
  }

  private static func name(_ name: Int?, label: String = "name") -> String {
    name.map { ", \(label): \"n\($0)\"" } ?? ""
  }

  // MARK: Services

  private static func services(_ file: DialectFileModel) -> String {
    var text = ""
    for type in file.header.types {
      let suffix = type.renamed ? "Renamed" : ""
      if type.isAlias {
        text += "typealias A\(type.index)\(suffix) = S\(type.conformance ?? 0)\n"
      } else if type.isProtocol {
        text += "protocol S\(type.index)\(suffix)\(type.conformance.map { ": S\($0)" } ?? "") {}\n"
      } else {
        text += "final class Impl\(type.index)\(suffix)\(type.conformance.map { ": S\($0)" } ?? "") {\n"
        let parameters = type.parameters.enumerated().map { "a\($0.offset): S\($0.element)" }
        text += "  init(\(parameters.joined(separator: ", "))) {}\n"
        // A static member, a property and a global typed like the first parameter, else the
        // class: a Dip factory's value (form 1 with the fourth extra), whose key a declaration
        // edit changes.
        let first = type.parameters.first.map { "S\($0)" } ?? "Impl\(type.index)\(suffix)"
        text += "  static var first: \(first) { fatalError() }\n"
        text += "  static var shared: Impl\(type.index)\(suffix) { fatalError() }\n"
        text += "  var sameFirst: \(first) { fatalError() }\n"
        text += "}\n"
        text += "var impl\(type.index)First: \(first) { fatalError() }\n"
      }
    }
    return text
  }

  // MARK: Swinject

  private static func swinjectNeed(_ need: DialectNeed, arrow: Bool) -> String {
    let type = Self.type(need.key, concrete: need.concrete) + ".self"
    if arrow, !need.optional {
      return need.name.map { "r ~> (\(type), name: \"n\($0)\")" } ?? "r ~> \(type)"
    }
    return "r.resolve(\(type)\(name(need.name)))" + (need.optional ? "" : "!")
  }

  /// `container.register(P.self) { r in … }` and its forms; `register` is the function called
  /// (an app's helper).
  static func swinjectRegistration(
    _ registration: DialectRegistration, receiver: String = "container", register: String = "register"
  ) -> String {
    let key = type(registration.key, concrete: registration.concrete)
    let named = name(registration.name)
    var text: String
    if registration.form == 1, register == "register" {
      text = "\(receiver).autoregister(\(key).self\(named), initializer: Impl\(registration.impl).init)"
    } else {
      let parameters = registration.extra & 1 == 1 ? "(r, id: String)" : "r"
      let needs = registration.needs.map { swinjectNeed($0, arrow: registration.form == 2 && register == "register") }
      text = "\(receiver).\(register)(\(key).self\(named)) { \(parameters) in \(construct(registration.impl, needs)) }"
    }
    text +=
      ["", ".inObjectScope(.container)", ".inObjectScope(.transient)", ".inObjectScope(.weak)"][
        registration.scope % 4]
    if registration.extra & 2 != 0 {
      text += "\n  .initCompleted { r, _ in _ = r.resolve(S\((registration.key + 1) % keyCount).self)! }"
    }
    return text
  }

  private static func swinject(_ file: DialectFileModel) -> String {
    var text = "import Swinject\n\nfinal class Assembly\(file.index): Assembly {\n"
    text += "  func assemble(container: Container) {\n"
    text += lines(file, indent: "    ", where: isRegistration) { item, _ in
      item.registration.map { swinjectRegistration($0) }
    }
    text += "  }\n}\n\nfunc use\(file.index)(_ r: Resolver) {\n"
    text += lines(file, indent: "  ", where: isUse) { item, _ in
      guard case .use(let use) = item else { return nil }
      let arguments = use.arguments > 0 ? ", argument: \"id\"" : ""
      let call = "r.resolve(\(type(use.key, concrete: use.concrete)).self\(name(use.name))\(arguments))"
      // A conditional cast, which fails when what is registered does not conform.
      if use.form == 1 { return "_ = \(call) as? S\((use.key + 1) % keyCount)" }
      return "_ = \(call)" + (use.optional ? "" : "!")
    }
    text += "}\n"
    if file.header.gate { text += "\nlet assembler\(file.index) = Assembler([Assembly\(file.index)()])\n" }
    return text
  }

  // MARK: Dip

  private static func dipNeed(_ need: DialectNeed) -> String {
    if need.byParameter { return "try c.resolve()" }
    let tag = need.name.map { "tag: \"n\($0)\"" } ?? ""
    let type = type(need.key, concrete: need.concrete)
    return need.optional ? "try? c.resolve(\(tag)) as \(type)?" : "try c.resolve(\(tag)) as \(type)"
  }

  private static func dip(_ file: DialectFileModel) -> String {
    var text = "import Dip\n\nlet dip\(file.index) = DependencyContainer { c in\n"
    text += lines(file, indent: "  ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let key = type(registration.key, concrete: registration.concrete)
      let scope = ["", ".unique", ".shared", ".singleton", ".eagerSingleton", ".weakSingleton"][registration.scope % 6]
      let tag = registration.name.map { "tag: \"n\($0)\"" } ?? ""
      let impl = "Impl\(registration.impl)"
      var text: String
      switch registration.form {
      case 1 where registration.extra & 4 == 0:
        let arguments = [scope, "type: \(key).self", tag, "factory: \(impl).init"].filter { !$0.isEmpty }
        text = "c.register(\(arguments.joined(separator: ", ")))"
      case 1:
        // The registered type is the static member's, the global's or the property's, declared
        // in a services file.
        let arguments = [scope, tag].filter { !$0.isEmpty }
        let values = ["\(impl).first", "impl\(registration.impl)First", "\(impl).shared.sameFirst"]
        let value = values[(registration.scope + registration.impl) % 3]
        text = "c.register\(arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))") { \(value) }"
      case 2:
        let arguments = [scope, tag].filter { !$0.isEmpty }
        let parameters = registration.needs.enumerated().map { index, need in
          "a\(index): \(type(need.key, concrete: need.concrete))\(need.optional ? "?" : "")"
        }
        let call = construct(registration.impl, registration.needs.indices.map { "a\($0)" })
        text = "c.register\(arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))") { "
        text += "(\(parameters.joined(separator: ", "))) -> \(key) in \(call) }"
      default:
        let arguments = [scope, tag].filter { !$0.isEmpty }
        let call =
          registration.form == 3
          ? construct(registration.impl, (0..<(registration.extra % 3)).map { "$\($0)" })
          : construct(registration.impl, registration.needs.map(dipNeed))
        text = "c.register\(arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))") { \(call) as \(key) }"
      }
      if registration.extra & 1 == 1 { text += ".implements(S\((registration.key + 2) % keyCount).self)" }
      if registration.extra & 2 != 0 {
        text += "\n  .resolvingProperties { c, _ in _ = try c.resolve() as S\((registration.key + 1) % keyCount) }"
      }
      return text
    }
    text += "}\n\nfunc dipUse\(file.index)() throws {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      let container = use.form == 1 ? "dip0" : "dip\(file.index)"
      let tag = use.name.map { "tag: \"n\($0)\"" } ?? ""
      let key = type(use.key, concrete: use.concrete)
      return use.optional
        ? "let u\(position): \(key)? = try? \(container).resolve(\(tag))"
        : "let u\(position) = try \(container).resolve(\(tag)) as \(key)"
    }
    return text + "}\n"
  }

  // MARK: Resolver

  private static func resolverNeed(_ need: DialectNeed) -> String {
    if need.byParameter { return "resolve()" }
    let named = need.name.map { "name: \"n\($0)\"" } ?? ""
    let key = type(need.key, concrete: need.concrete)
    return need.optional ? "optional(\(named)) as \(key)?" : "resolve(\(named)) as \(key)"
  }

  private static func resolver(_ file: DialectFileModel) -> String {
    var text = "import Resolver\n\nextension Resolver {\n  static func register\(file.index)() {\n"
    text += lines(file, indent: "    ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let key = type(registration.key, concrete: registration.concrete)
      let call = construct(registration.impl, registration.needs.map(resolverNeed))
      let literal = registration.name.map { registration.extra & 4 != 0 ? ".computed" : "\"n\($0)\"" }
      let named = literal.map { "(name: \($0))" } ?? ""
      var text: String
      switch registration.form {
      case 1: text = "register(\(key).self\(literal.map { ", name: \($0)" } ?? "")) { \(call) }"
      case 2: text = "register\(named) { () -> \(key) in \(call) }"
      case 3: text = "register { \(call) }.implements(\(key).self\(literal.map { ", name: \($0)" } ?? ""))"
      default: text = "register\(named) { \(call) as \(key) }"
      }
      text +=
        ["", ".scope(.application)", ".scope(.cached)", ".scope(.graph)", ".scope(.unique)"][
          registration.scope % 5]
      if registration.extra & 2 != 0 {
        text += "\n  .resolveProperties { _, _ in _ = optional() as S\((registration.key + 1) % keyCount)? }"
      }
      return text
    }
    text += "  }\n}\n\nfinal class Screen\(file.index) {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      let key = type(use.key, concrete: use.concrete)
      let named = use.name.map { "(name: \"n\($0)\")" } ?? ""
      if use.optional { return "@OptionalInjected\(named) var u\(position): \(key)?" }
      switch use.form {
      case 1: return "@LazyInjected\(named) var u\(position): \(key)"
      case 2: return "let u\(position): \(key) = Resolver.resolve(\(use.name.map { "name: \"n\($0)\"" } ?? ""))"
      default: return "@Injected\(named) var u\(position): \(key)"
      }
    }
    text += "}\n"
    if file.header.gate {
      text += "\nextension Resolver: ResolverRegistering {\n"
      text += "  public static func registerAllServices() {\n    register\(file.index)()\n  }\n}\n"
    }
    return text
  }

  // MARK: Factory

  private static func factory(_ file: DialectFileModel) -> String {
    let root = file.header.root == 0 ? "Container" : "AppContainer"
    var text = "import Factory\n\nextension \(root) {\n"
    text += lines(file, indent: "  ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let definition = (registration.concrete ? "i" : "s") + "\(registration.key)"
      let key = type(registration.key, concrete: registration.concrete)
      let needs = registration.needs.map { need in
        let name = (need.concrete ? "i" : "s") + "\(need.key)"
        if need.byParameter || need.name != nil { return "\(root).shared.\(name)()" }
        return need.optional ? "self.\(name).resolve()" : "self.\(name)()"
      }
      let call = construct(registration.impl, needs)
      let scope = ["", ".singleton", ".cached", ".shared", ".graph", ".scope(.session)", ".unique"][
        registration.scope % 7]
      switch registration.form {
      case 1: return "var \(definition): Factory<\(key)> { Factory(self) { \(call) }\(scope) }"
      case 2: return "var \(definition): ParameterFactory<String, \(key)> { self { _ in \(call) }\(scope) }"
      case 3: return "var \(definition): Factory<\(key)> { self.promised() }"
      case 4: return "var \(definition): Factory<\(key)> { makeFactory(\(registration.impl)) }"
      default: return "var \(definition): Factory<\(key)> { self { \(call) }\(scope) }"
      }
    }
    text += "}\n\nfinal class FactoryModel\(file.index) {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      let definition = (use.concrete ? "i" : "s") + "\(use.key)"
      switch use.form {
      case 1: return "@LazyInjected(\\\(root).\(definition)) var u\(position)"
      case 2: return "let u\(position) = \(root).shared.\(definition)()"
      case 3: return "let u\(position): \(type(use.key, concrete: use.concrete)) = resolve(\\\(root).\(definition))"
      default:
        return root == "Container"
          ? "@Injected(\\.\(definition)) var u\(position)" : "@Injected(\\\(root).\(definition)) var u\(position)"
      }
    }
    return text + "}\n"
  }

  // MARK: Stitcher

  private static func stitcherNeed(_ need: DialectNeed) -> String {
    let call =
      need.name != nil
      ? "DependencyGraph.active.inject(named: \"s\(need.key)\")"
      : "DependencyGraph.active.inject(byType: \(type(need.key, concrete: need.concrete)).self)"
    return (need.optional ? "try? " : "try! ") + call
  }

  private static func stitcher(_ file: DialectFileModel) -> String {
    var text = "import Stitcher\n\nlet stitch\(file.index) = DependencyContainer(\"C\(file.index)\") {\n"
    text += lines(file, indent: "  ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let key = type(registration.key, concrete: registration.concrete)
      let impl = "Impl\(registration.impl)"
      let call = construct(registration.impl, registration.needs.map(stitcherNeed))
      let scope = ["", ".scope(.singleton)", ".scope(.instance)"][(registration.scope + registration.impl) % 3]
      switch registration.form {
      case 0: return "Dependency(\(impl).init)\(scope)"
      case 1: return "Dependency(implementing: \(key).self, \(impl).init)\(scope)"
      case 2: return "Dependency(\"s\(registration.key)\") { \(call) }\(scope)"
      case 3: return "Dependency(named: \"s\(registration.key)\") { \(call) }\(scope)"
      case 4: return "Dependency(conformingTo: \(key).self) { \(call) }\(scope)"
      default: return call
      }
    }
    text += "} requires: {\n"
    text += lines(file, indent: "  ", where: isRequirement) { item, _ in
      guard case .use(let use) = item else { return nil }
      return use.name != nil
        ? "Requirement(.name(\"s\(use.key)\"))" : "Requirement(.type(\(type(use.key, concrete: use.concrete)).self))"
    }
    text += "}\n\nfinal class StitchModel\(file.index) {\n"
    text += lines(file, indent: "  ", where: isInjected) { item, position in
      guard case .use(let use) = item else { return nil }
      let key = type(use.key, concrete: use.concrete) + (use.optional ? "?" : "")
      guard use.name != nil else { return "@Injected var u\(position): \(key)" }
      return use.form == 2
        ? "@Injected(name: \"s\(use.key)\") var u\(position): \(key)"
        : "@Injected(\"s\(use.key)\") var u\(position): \(key)"
    }
    return text + "}\n"
  }

  // MARK: Belum

  private static func belum(_ file: DialectFileModel) -> String {
    var text = "import Belum\n\n"
    let registrations = lines(file, indent: file.header.external ? "  " : "    ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let root = registration.form == 1 ? (file.header.external ? "Deps0" : "Deps\(file.index)") : ""
      let needs = registration.needs.map { "\\.m\($0.key)" }
      let dependencies = needs.isEmpty ? "" : ", dependencies: " + needs.joined(separator: ", ")
      return
        "registrar.register({ Impl\(registration.impl)(deps: $0) }, for: \\\(root).m\(registration.key)\(dependencies))"
    }
    if file.header.external {
      text += "func wire\(file.index)(_ registrar: Belum<Deps0>.Registrar) {\n"
      return text + registrations + "}\n"
    }
    text += "struct Deps\(file.index) {\n"
    for (key, style) in file.header.members.sorted(by: { $0.key < $1.key }) {
      text +=
        ["  var m\(key): S\(key)!\n", "  var m\(key): S\(key)?\n", "  var m\(key): S\(key) = Impl\(key)()\n"][style]
    }
    text += "  init() {}\n}\n\nlet belum\(file.index) = Belum(Deps\(file.index)())\n\n"
    text += "func wire\(file.index)() {\n  belum\(file.index).setup { registrar in\n" + registrations + "  }\n}\n\n"
    text += "func read\(file.index)() {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      return "let u\(position) = belum\(file.index).m\(use.key)"
    }
    return text + "}\n"
  }

  // MARK: The app's helpers

  private static func helpers(_ file: DialectFileModel) -> String {
    let flags = file.header.helpers
    var text = "import Swinject\n" + (flags[0] == 1 ? "import Dip\n" : "") + "\n"
    // The container value, through a typealias (read as a container once the vocabulary has
    // it), or beside a `Vault` whose `container` is none (what `Vault.shared.container` reads).
    text +=
      [
        "let container = Container()\n\n", "let container = DependencyContainer()\n\n", "",
        "typealias AppContainer = Container\n\nlet container = AppContainer()\n\n",
        "let container = Container()\n\nfinal class Shelf {\n  func resolve(_ t: Any.Type) -> Any? { nil }\n}\n\n"
          + "final class Vault {\n  static let shared = Vault()\n  let container = Shelf()\n}\n\n",
      ][flags[0]]
    if flags[3] != 1 {
      let name = flags[3] == 2 ? ", name: String? = nil" : ""
      text += "extension Container {\n  @discardableResult\n"
      text += "  func registerShared<S>(_ t: S.Type\(name), factory: @escaping (Resolver) -> S) -> ServiceEntry<S> {\n"
      text += "    register(t\(flags[3] == 2 ? ", name: name" : ""), factory: factory).inObjectScope(.container)\n"
      text += "  }\n}\n\n"
    }
    text += "enum DI {\n"
    text +=
      [
        "  static func resolve<S>(_ t: S.Type) -> S { container.resolve(t)! }\n",
        "  static func resolve<S>(_ t: S.Type) -> S? { container.resolve(t) }\n",
        "  static func make<S>(_ t: S.Type) -> S { container.resolve(t)! }\n",
        "  static func resolve<S>(_ t: S.Type) -> S { fatalError() }\n",
      ][flags[1]]
    text += "}\n\n@propertyWrapper struct Inject<Value> {\n"
    text +=
      [
        "  let wrappedValue: Value\n  init() { wrappedValue = DI.resolve(Value.self) }\n",
        "  let wrappedValue: Value\n  init() { wrappedValue = container.resolve(Value.self)! }\n",
        "  var wrappedValue: Value\n  init(wrappedValue: Value) { self.wrappedValue = wrappedValue }\n",
      ][flags[2]]
    return text + "}\n"
  }

  private static func app(_ file: DialectFileModel) -> String {
    var text = "func setUpApp\(file.index)() {\n"
    text += lines(file, indent: "  ", where: isRegistration) { item, _ in
      guard var registration = item.registration else { return nil }
      if registration.form == 1 {
        registration.name = nil
        return swinjectRegistration(registration, register: "registerShared")
      }
      registration.form = 0
      return swinjectRegistration(registration)
    }
    text += "}\n\nfinal class AppScreen\(file.index) {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      let key = type(use.key, concrete: use.concrete)
      switch use.form {
      case 1: return "let u\(position) = DI.resolve(\(key).self)"
      case 2:
        // `Vault.shared.container` is a container by its name alone: typed by the helpers' file.
        let receiver = position % 2 == 1 ? "Vault.shared.container" : "container"
        return "let u\(position) = \(receiver).resolve(\(key).self\(name(use.name)))" + (use.optional ? "" : "!")
      default: return "@Inject var u\(position): \(key)\(use.optional ? "?" : "")"
      }
    }
    return text + "}\n"
  }

  private static func locator(_ file: DialectFileModel) -> String {
    var text = "enum Boot\(file.index) {\n  static func start() {\n"
    text += lines(file, indent: "    ", where: isRegistration) { item, _ in
      guard let registration = item.registration else { return nil }
      let key = type(registration.key, concrete: registration.concrete)
      if registration.form == 1 {
        return "Locator.register(\(key).self\(name(registration.name)), instance: Impl\(registration.impl)())"
      }
      let needs = registration.needs.map { need in
        (need.optional ? "try? " : "") + "locate(\(type(need.key, concrete: need.concrete)).self\(name(need.name)))"
      }
      return "Locator.register(\(key).self\(name(registration.name))) { \(construct(registration.impl, needs)) }"
    }
    text += "  }\n}\n\nfinal class Located\(file.index) {\n"
    text += lines(file, indent: "  ", where: isUse) { item, position in
      guard case .use(let use) = item else { return nil }
      let key = type(use.key, concrete: use.concrete)
      switch use.form {
      case 1: return "let u\(position): \(key)\(use.optional ? "?" : "") = locate(\(name(use.name).dropFirst(2)))"
      case 2: return "let u\(position) = locate(\(key).self\(name(use.name)))"
      default: return "@Locate var u\(position): \(key)\(use.optional ? "?" : "")"
      }
    }
    return text + "}\n"
  }
}
