import DpendModel
import Testing

@testable import DpendAnalysis

/// The container check runs its named checks from one list (`ContainerChecks`), each with its
/// own code: what a resolve some registration answers is checked for, in order, and the
/// first check that reports a key nothing registers tells what it is.
@Suite struct ContainerChecksTests {
  @Test func theListsNameEachCheckOnceInTheOrderTheyRun() {
    #expect(
      ContainerChecks.answered.map { type(of: $0).code } == [
        .argumentCountMismatch, .argumentTypeMismatch, .impossibleCast,
      ])
    #expect(
      ContainerChecks.unanswered.map { type(of: $0).code } == [
        .registeredAsConcreteType, .unregisteredOptionalResolve, .missingDependency,
      ])
    #expect(ContainerChecks.unseen.map { "\(type(of: $0))" } == ["TargetNote", "InstanceNote", "ReachNote"])
  }

  @Test func aProtocolRegisteredAsItsTypeAndResolvedOptionallyIsTheFirstChecksFinding() throws {
    let files = [
      "Assembly.swift": """
      import Swinject

      protocol Store {}
      final class StoreImpl: Store {}
      protocol Clock {}

      func assemble(_ c: Container) {
        c.register(StoreImpl.self) { _ in StoreImpl() }
        _ = c.resolve(Store.self)
        _ = c.resolve(Clock.self)
      }

      """
    ]
    let graph = ContainerViewsTests.graph([], files)
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue): \($0.message)" } == [
        "registered-as-concrete-type: 'StoreImpl' is registered as 'StoreImpl', not as 'Store', which is resolved",
        "unregistered-optional-resolve: nothing registers 'Clock': the optional resolve always yields nil",
      ])
  }

  /// A cast is checked against the registrations the resolve reaches: Swinject finds those
  /// taking its runtime arguments, so the one taking none (which makes a `Cache`) does not
  /// make the cast possible.
  @Test func aCastIsCheckedAgainstTheRegistrationsTakingTheResolvesArguments() throws {
    let files = [
      "Assembly.swift": """
      import Swinject

      protocol Service {}
      protocol Cache {}
      final class CachingService: Service, Cache {}
      final class PlainService: Service { init(size: Int) {} }

      func assemble(_ c: Container) {
        c.register(Service.self) { _ in CachingService() }
        c.register(Service.self) { _, size in PlainService(size: size) }
        _ = c.resolve(Service.self) as? Cache
        _ = c.resolve(Service.self, argument: 4) as? Cache
      }

      """
    ]
    let graph = ContainerViewsTests.graph([], files)
    #expect(
      graph.diagnostics.map { "\($0.range.start.line): \($0.message) \($0.notes.map(\.range.start.line))" } == [
        "12: 'Service' is registered as 'PlainService', which does not conform to 'Cache': the cast always fails [10]"
      ])
  }
}
