// The exhaustive test store comes with the exploration helpers; a suite that needs only the store
// imports `LocSimTestStore`, which links the model alone.
@_exported import LocSimTestStore
// The `CL…` names, so that app code under test creates `CLLocationManager()` on the simulated
// device an exploration or the `.simulatedDevice` trait installs.
@_exported import LocSimCoreLocation
// What an exploration's adapter conforms to and what it reports, without the rest of the
// app-model explorer.
@_exported import protocol LocSimExplorer.ExplorationApp
@_exported import struct LocSimExplorer.ExplorationFinding
@_exported import struct LocSimExplorer.ExplorationVerdict
@_exported import struct LocSimExplorer.AcceptedFinding
@_exported import enum LocSimExplorer.FindingKind
// The simulator's names an exploration test spells, so that a test imports `LocSimTesting` and the
// app's module and nothing else: `import LocSim` would also bring `LocationManager`, which clashes
// with the app class of that name so many apps have ("'LocationManager' is ambiguous").
@_exported import struct LocSimModel.Platform
@_exported import struct LocSimModel.AppDescription
@_exported import struct LocSimModel.DeviceParameters
@_exported import enum LocSimModel.PurposeKey
@_exported import enum LocSimModel.PromptButton
@_exported import enum LocSimModel.AuthorizationStatus
@_exported import struct LocSim.PromptChoice
@_exported import struct LocSimModel.Coordinate
@_exported import class LocSim.SimulatedApp
@_exported import class LocSim.SimulatedDevice
