import Swinject

/// The app's first screen, from the container its assembly fills at launch.
func start() -> ProfileRouter {
  let assembler = Assembler([AppAssembly()])
  return ProfileRouter(resolver: assembler.resolver)
}
