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
        uses_scratch: true,
    }
}

fn encode(request: &Request<'_>) -> std::io::Result<Vec<u8>> {
    let marker = quote(request.marker);
    let report = format!("printf '%s:%s\\n' {marker} \"$__oi_status\"; printf '%s' {marker} >&2\n");
    let Some(scratch) = request.scratch else {
        // A NUL byte would not be counted by `read`: no shell code has one.
        return Ok(encode_inline(&request.code.replace('\0', ""), &report));
    };
    let path = scratch.join(format!("block-{}.sh", request.sequence));
    std::fs::write(&path, request.code)?;
    let path = quote(&path.to_string_lossy());
    // `$?` after `.` is the status of the block's last command. Under a sandbox the scratch
    // dir is read-only to the kernel: the file then goes with the dir when the kernel stops.
    let line =
        format!("{{ . {path}; }} </dev/null; __oi_status=$?; rm -f {path} 2>/dev/null; {report}");
    Ok(line.into_bytes())
}

/// A block for a kernel in a container, which cannot see this machine's files: the code
/// follows the request line on stdin, `read` takes exactly its bytes, and the kernel writes
/// it to a file of its own temp dir to source it (so errors name their line), or `eval`s it
/// when it has no writable temp dir.
fn encode_inline(code: &str, report: &str) -> Vec<u8> {
    let mut bytes = format!(
        "LC_ALL=C IFS= read -r -N {len} __oi_block; \
         if __oi_file=$(mktemp \"${{TMPDIR:-/tmp}}/oi-block-XXXXXX\" 2>/dev/null) \
         && printf '%s' \"$__oi_block\" 2>/dev/null >\"$__oi_file\"; then \
         unset __oi_block; {{ . \"$__oi_file\"; }} </dev/null; __oi_status=$?; rm -f \"$__oi_file\"; \
         else {{ eval \"$__oi_block\"; }} </dev/null; __oi_status=$?; fi; \
         unset __oi_block __oi_file; {report}",
        len = code.len()
    )
    .into_bytes();
    bytes.extend_from_slice(code.as_bytes());
    bytes
}

/// Single-quotes a string for bash.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}
