// The typed YAML reader (`YAMLValue`) scenario and app-model parsers share.
@_exported import LocSimYAML
