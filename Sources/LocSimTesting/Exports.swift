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
