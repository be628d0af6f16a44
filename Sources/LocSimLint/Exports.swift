// `InputError` (thrown for every input lint cannot read) lives in LocSimInput, shared with
// LocSim; lint still links neither LocSim nor its simulator.
@_exported import LocSimInput
