//! The TypeScript types of the app's own commands and signals (`ui/src/bindings/app`), generated
//! from the Rust ones with ts-rs as the protocol's are: the ui writes none of them by hand. The
//! test fails when they drift; `UPDATE_BINDINGS=1 cargo test -p interpreter-gui bindings`
//! rewrites them.

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    use ts_rs::TS;

    /// The `.ts` files directly in `dir`, by name.
    fn ts_files(dir: &Path) -> BTreeMap<String, String> {
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ts") {
                let name = entry.file_name().to_string_lossy().into_owned();
                files.insert(name, std::fs::read_to_string(&path).unwrap_or_default());
            }
        }
        files
    }

    fn committed_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/src/bindings/app")
    }

    #[test]
    fn typescript_bindings_match_the_app_types() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cfg = ts_rs::Config::new().with_out_dir(tmp.path());
        let exported = [
            crate::commands::app::AppInfo::export_all(&cfg),
            crate::commands::session::StartOptions::export_all(&cfg),
            crate::commands::session::StartedSession::export_all(&cfg),
            crate::state::AppSignal::export_all(&cfg),
            crate::error::Shown::export_all(&cfg),
        ];
        for result in exported {
            result.unwrap_or_else(|e| panic!("{e}"));
        }
        // The protocol's types they use land beside them, in the protocol's own folder.
        let generated = ts_files(&tmp.path().join("app"));
        for name in [
            "Activity.ts",
            "AppInfo.ts",
            "AppSignal.ts",
            "CommandError.ts",
            "ErrorCode.ts",
            "Handover.ts",
            "ModelAccess.ts",
            "SandboxChoice.ts",
            "StartOptions.ts",
            "StartedSession.ts",
        ] {
            assert!(
                generated.contains_key(name),
                "{name}: {:?}",
                generated.keys()
            );
        }
        let dir = committed_dir();
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
            for old in ts_files(&dir).keys() {
                std::fs::remove_file(dir.join(old)).unwrap_or_else(|e| panic!("{e}"));
            }
            for (name, text) in &generated {
                std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        let committed = ts_files(&dir);
        pretty_assertions::assert_eq!(
            committed.keys().collect::<Vec<_>>(),
            generated.keys().collect::<Vec<_>>(),
            "ui/src/bindings/app is out of date: run `UPDATE_BINDINGS=1 cargo test -p interpreter-gui bindings`"
        );
        for (name, text) in &generated {
            pretty_assertions::assert_eq!(
                committed.get(name),
                Some(text),
                "ui/src/bindings/app/{name} is out of date: run `UPDATE_BINDINGS=1 cargo test -p interpreter-gui bindings`"
            );
        }
    }
}
