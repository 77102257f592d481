import Resolver

final class ProfileViewModel {
  @Injected var service: ProfileService
  @LazyInjected var analytics: Analytics
  @OptionalInjected var logger: Logger?
  @OptionalInjected var crashes: CrashReporter?
}
