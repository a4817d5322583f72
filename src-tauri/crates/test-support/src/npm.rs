//! npm packages a test needs (the ACP TypeScript client, MCP servers), installed from the
//! test's own package.json and package-lock.json.

use std::path::Path;
use std::process::Command;

/// `npm ci` in `dir` unless `node_modules/<package>` is there. Test processes run at once under
/// nextest: `flock` keeps two of them from installing in the same folder together.
pub fn ci(dir: &Path, package: &str) {
    let script = format!("test -d node_modules/{package} || npm ci --no-audit --no-fund");
    let status = Command::new("flock")
        .arg(".npm-ci.lock")
        .args(["sh", "-c", &script])
        .current_dir(dir)
        .status();
    assert!(
        matches!(status, Ok(s) if s.success()),
        "npm ci failed in {}: {status:?}",
        dir.display()
    );
}
