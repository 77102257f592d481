import DpendRuntime
import Testing

// The SPEC 1.2 example, compiled against DpendRuntime as users write it.

public enum Bar: DependencyTag {}

protocol FooService: AnyObject {}
protocol BarService: AnyObject { var fooService: FooService { get } }
protocol BazService: AnyObject { var barService: BarService { get } }

final class DefaultFooService: FooService {}
final class DefaultBarService: BarService {
  let fooService: FooService
  init(fooService: FooService) { self.fooService = fooService }
}
final class DefaultBazService: BazService {
  let barService: BarService
  init(barService: BarService) { self.barService = barService }
}

class FooConfiguration: DependencyConfiguration {
  func fooService() -> DependencyRegistration<FooService> {
    DependencyRegistration(tag: Bar.self, scope: .singleton) { DefaultFooService() }
  }
  func barService(fooService: Tagged<FooService, Bar>) -> DependencyRegistration<BarService> {
    DependencyRegistration { DefaultBarService(fooService: fooService.dependency) }
  }
  func bazService(barService: BarService) -> DependencyRegistration<BazService> {
    DependencyRegistration { DefaultBazService(barService: barService) }
  }
}

struct SpecExampleTests {
  let configuration = FooConfiguration()

  @Test func registrationCarriesTagAndScope() throws {
    let registration = configuration.fooService()
    #expect(registration.tagName == "Bar")
    #expect(registration.scope == .singleton)
    #expect(try registration.makeInstance() is DefaultFooService)
  }

  @Test func defaultsAreUntaggedAndUnique() throws {
    let registration = configuration.bazService(barService: DefaultBarService(fooService: DefaultFooService()))
    #expect(registration.tag == nil)
    #expect(registration.tagName == nil)
    #expect(registration.scope == .unique)
  }

  @Test func taggedWrapsTheResolvedInstance() throws {
    let foo = DefaultFooService()
    let bar = try configuration.barService(fooService: Tagged(foo)).makeInstance()
    #expect(bar.fooService === foo)
    #expect(Tagged<FooService, Bar>.tagName == "Bar")
  }

  @Test func makeInstanceRunsTheFactoryEachTime() throws {
    let registration = configuration.fooService()
    #expect(try registration.makeInstance() !== registration.makeInstance())
  }

  @Test func scopesHaveDipsNames() {
    #expect(
      DependencyScope.allCases.map(\.rawValue) == ["unique", "shared", "singleton", "eagerSingleton", "weakSingleton"])
  }

  @Test func factoryErrorsPropagate() {
    struct Failure: Error {}
    let registration = DependencyRegistration<Int> { throw Failure() }
    #expect(throws: Failure.self) { try registration.makeInstance() }
  }
}
