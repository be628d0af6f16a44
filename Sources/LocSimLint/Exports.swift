// `InputError` (thrown for every input lint cannot read) and `PlistReader` live in LocSimInput,
// shared with LocSim; lint still links neither LocSim nor its simulator.
@_exported import LocSimInput
