// One import gives tests the model's values (statuses, platforms, prompts) with the simulator.
@_exported import LocSimModel
// `InputError` and `PlistReader` live in LocSimInput, shared with LocSimLint.
@_exported import LocSimInput
