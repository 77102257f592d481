protocol Analytics {}
protocol Clock {}
protocol FeedbackRepository {}
protocol HUDPresenting {}
protocol Haptics {}
protocol Storage {}

final class ConsoleAnalytics: Analytics {}
final class SystemClock: Clock {}
final class RemoteFeedback: FeedbackRepository {}
final class HUD: HUDPresenting {}
final class SimulatedHaptics: Haptics {}
final class DiskStorage: Storage {}
