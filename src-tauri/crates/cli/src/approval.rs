//! The terminal's approval prompt: `Run this code? [y]es [n]o [e]dit [a]lways … [p]roject …`.

use std::io::Write;

use anyhow::{Context, Result};
use oi_protocol::{ApprovalDecision, ApprovalScope, ToolAction, ToolCall};

use crate::reader::{Line, LineReader};
use crate::render::Renderer;

pub async fn ask(
    call: &ToolCall,
    reader: &LineReader,
    renderer: &mut Renderer,
    out: &mut dyn Write,
) -> Option<ApprovalDecision> {
    renderer.break_line(out);
    let what = match &call.action {
        ToolAction::RunCode { .. } => "Run this code?",
        ToolAction::EditFiles { .. } => "Make this change?",
        ToolAction::Computer { .. } => "Do this on the screen?",
        _ => "Allow this?",
    };
    // "Always" remembers a command prefix for shell code (never a program name alone), and
    // the whole tool for anything else, for this session only.
    let prefix = match &call.action {
        ToolAction::RunCode { language, code } if oi_core::rules::is_shell(language) => {
            oi_core::rules::CommandPattern::suggest(code).map(|p| p.to_string())
        }
        _ => None,
    };
    let shell_code = matches!(&call.action, ToolAction::RunCode { language, .. } if oi_core::rules::is_shell(language));
    let options = match &prefix {
        Some(p) => {
            format!("[y]es [n]o [e]dit [a]lways `{p}` this session, [p]roject: always `{p}` here")
        }
        None if shell_code => "[y]es [n]o [e]dit".to_string(),
        None => "[y]es [n]o [e]dit [a]lways (this session)".to_string(),
    };
    let _ = out.flush();
    loop {
        let prompt = format!("{what} {options} ");
        match reader.read(&prompt, false).await {
            Line::Interrupted | Line::Eof => return None,
            Line::Text(answer) => match answer.trim().to_lowercase().as_str() {
                "y" | "yes" | "" => return Some(ApprovalDecision::Approve),
                "n" | "no" => return Some(ApprovalDecision::Deny),
                "a" | "always" if prefix.is_some() || !shell_code => {
                    let scope = match &prefix {
                        Some(p) => ApprovalScope::CommandPrefix { prefix: p.clone() },
                        None => ApprovalScope::Session,
                    };
                    return Some(ApprovalDecision::ApproveAlways { scope });
                }
                "p" | "project" if prefix.is_some() => {
                    let prefix = prefix.clone().unwrap_or_default();
                    return Some(ApprovalDecision::ApproveAlways {
                        scope: ApprovalScope::ProjectCommandPrefix { prefix },
                    });
                }
                "e" | "edit" => {
                    let ToolAction::RunCode { language, code } = &call.action else {
                        let _ = writeln!(out, "only code can be edited");
                        continue;
                    };
                    match edit_in_editor(language, code) {
                        Ok(edited) => {
                            renderer.show_code(language, &edited, out);
                            return Some(ApprovalDecision::ApproveEdited { code: edited });
                        }
                        Err(e) => {
                            let _ = writeln!(out, "could not edit: {e:#}");
                        }
                    }
                }
                other => {
                    let _ = writeln!(out, "answer one of {options} (not `{other}`)");
                }
            },
        }
    }
}

fn extension(language: &str) -> &'static str {
    match language {
        "python" | "py" => "py",
        "javascript" | "js" | "node" => "js",
        "ruby" => "rb",
        "r" => "R",
        _ => "sh",
    }
}

/// Opens $VISUAL/$EDITOR (else nano, else vi) on the code and returns what was saved.
fn edit_in_editor(language: &str, code: &str) -> Result<String> {
    let file = tempfile::Builder::new()
        .prefix("oi-edit-")
        .suffix(&format!(".{}", extension(language)))
        .tempfile()
        .context("cannot create a temporary file")?;
    std::fs::write(file.path(), code).context("cannot write the temporary file")?;
    let editor = std::env::var("VISUAL")
        .or_else(|_| std::env::var("EDITOR"))
        .unwrap_or_else(|_| {
            if which("nano") {
                "nano".into()
            } else {
                "vi".into()
            }
        });
    // The editor string may carry arguments (`code --wait`).
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("editor")
        .arg(file.path())
        .status()
        .with_context(|| format!("cannot start the editor `{editor}`"))?;
    anyhow::ensure!(
        status.success(),
        "the editor `{editor}` exited with {status}"
    );
    let edited = std::fs::read_to_string(file.path()).context("cannot read the edited code")?;
    Ok(edited.trim_end_matches('\n').to_string())
}

fn which(program: &str) -> bool {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|p| p.join(program).is_file()))
        .unwrap_or(false)
}
