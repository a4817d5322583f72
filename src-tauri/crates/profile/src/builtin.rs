//! The profiles shipped in the binary: `profiles/<id>/` at the repository root.

/// A built-in profile: id, profile.toml, and its fragments (file name, text).
type BuiltinProfile = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

macro_rules! profile {
    ($id:literal, [$($fragment:literal),*]) => {
        (
            $id,
            include_str!(concat!("../../../../profiles/", $id, "/profile.toml")),
            &[$(($fragment, include_str!(concat!("../../../../profiles/", $id, "/", $fragment)))),*],
        )
    };
}

const BUILTIN: &[BuiltinProfile] = &[
    profile!("classic", ["system.md"]),
    profile!("claude-code", ["system.md", "environment.md"]),
    profile!("codex", ["system.md", "environment_context.md"]),
    profile!("deepseek-tui", ["system.md"]),
    profile!("qwen-code", ["system.md", "environment.md"]),
    profile!("swe-agent", ["system.md"]),
    profile!("minimal", ["system.md"]),
    profile!("os", ["system.md"]),
];

pub(super) fn ids() -> Vec<&'static str> {
    BUILTIN.iter().map(|(id, _, _)| *id).collect()
}

pub(super) fn find(id: &str) -> Option<(&'static str, &'static [(&'static str, &'static str)])> {
    BUILTIN
        .iter()
        .find(|(bid, _, _)| *bid == id)
        .map(|(_, toml, fragments)| (*toml, *fragments))
}
