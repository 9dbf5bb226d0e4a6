internal import CLibYAML

/// The linked libyaml.
public enum YAMLLibrary {
    /// libyaml's version as the library reports it, e.g. `0.2.5`.
    public static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        yaml_get_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
