//! The shell kernel: one `bash` reading commands from its stdin. Each block is written to a
//! file in the kernel's scratch directory and sourced in the kernel's own shell, so `cd`
//! and `export` persist; the block's stdin is /dev/null so it cannot eat the next request.

use crate::kernel::{KernelSpec, Request};
use crate::language::Language;

pub(crate) fn spec() -> KernelSpec {
    KernelSpec {
        language: Language::Shell,
        args: vec!["--noprofile".into(), "--norc".into(), "-s".into()],
        // Pagers would wait for a keypress that never comes.
        env: &[("PAGER", "cat"), ("GIT_PAGER", "cat")],
        encode,
    }
}

fn encode(request: &Request<'_>) -> std::io::Result<Vec<u8>> {
    let path = request
        .scratch
        .join(format!("block-{}.sh", request.sequence));
    std::fs::write(&path, request.code)?;
    let path = quote(&path.to_string_lossy());
    let marker = quote(request.marker);
    // `$?` after `.` is the status of the block's last command.
    let line = format!(
        "{{ . {path}; }} </dev/null; __oi_status=$?; rm -f {path}; \
         printf '%s:%s\\n' {marker} \"$__oi_status\"; printf '%s' {marker} >&2\n"
    );
    Ok(line.into_bytes())
}

/// Single-quotes a string for bash.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}
