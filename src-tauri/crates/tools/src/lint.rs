//! The syntax check behind SWE-agent's edit gate: an edit that breaks a Python file is refused.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const CHECK: &str = "import ast, sys\n\
try:\n    ast.parse(sys.stdin.read(), filename=sys.argv[1])\n\
except SyntaxError as e:\n    print(f'{e.filename}:{e.lineno}:{e.offset}: E999 SyntaxError: {e.msg}')\n    sys.exit(1)\n";

/// The syntax error in `source` as `path:line:col: message`, if it has one. Files that are not
/// Python, and machines without `python3`, pass.
pub(super) fn python_syntax_error(path: &Path, source: &str) -> Option<String> {
    if path.extension().is_none_or(|e| e != "py") {
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", CHECK, &path.display().to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A write error means python exited early; its status says why.
        let _ = stdin.write_all(source.as_bytes());
    }
    let out = child.wait_with_output().ok()?;
    if out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_python_syntax_errors_only() {
        let p = Path::new("m.py");
        assert_eq!(python_syntax_error(p, "x = 1\n"), None);
        let err = python_syntax_error(p, "def f(:\n").unwrap();
        assert!(err.starts_with("m.py:1:"), "{err}");
        assert_eq!(python_syntax_error(Path::new("m.txt"), "def f(:\n"), None);
    }
}
