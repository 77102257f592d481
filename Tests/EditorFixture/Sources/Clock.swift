protocol Clock {}
final class ClockImpl: Clock {}
