// One import gives tests the model's values (statuses, platforms, prompts) with the simulator.
@_exported import LocSimModel
// `InputError` lives in LocSimInput, shared with LocSimLint.
@_exported import LocSimInput
