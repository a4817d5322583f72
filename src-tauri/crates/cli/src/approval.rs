//! The terminal's approval prompt: `Run this code? [y]es [n]o [e]dit [1-2] always`, the
//! "always" answers being exactly the scopes the engine offered, numbered in its order.

use std::io::Write;

use anyhow::{Context, Result};
use oi_protocol::{ApprovalDecision, Remembered, ScopeOffer, ToolAction, ToolCall};

use crate::reader::{Line, LineReader};
use crate::render::Renderer;

pub async fn ask(
    call: &ToolCall,
    scopes: &[ScopeOffer],
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
    let _ = write!(out, "{}", scope_list(scopes));
    let options = options(scopes);
    let _ = out.flush();
    loop {
        let prompt = format!("{what} {options} ");
        match reader.read(&prompt, false).await {
            Line::Interrupted | Line::Eof => return None,
            Line::Text(answer) => match answer.trim().to_lowercase().as_str() {
                "y" | "yes" | "" => return Some(ApprovalDecision::Approve),
                "n" | "no" => return Some(ApprovalDecision::Deny),
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
                other => match always(other, scopes) {
                    Some(scope) => return Some(ApprovalDecision::ApproveAlways { scope }),
                    None => {
                        let _ = writeln!(out, "answer one of {options} (not `{other}`)");
                    }
                },
            },
        }
    }
}

/// The offered scopes, one a line, numbered as the prompt takes them.
fn scope_list(scopes: &[ScopeOffer]) -> String {
    if scopes.is_empty() {
        return String::new();
    }
    let mut text = "always, from now on without asking:\n".to_string();
    for (i, offer) in scopes.iter().enumerate() {
        text.push_str(&format!("  [{}] {}\n", i + 1, offer.label));
    }
    text
}

fn options(scopes: &[ScopeOffer]) -> String {
    match scopes.len() {
        0 => "[y]es [n]o [e]dit".to_string(),
        1 => "[y]es [n]o [e]dit [1] always".to_string(),
        n => format!("[y]es [n]o [e]dit [1-{n}] always"),
    }
}

/// The scope an "always" answer picks: its number, `a` for the first, `p` for the first kept
/// in the project.
fn always(answer: &str, scopes: &[ScopeOffer]) -> Option<oi_protocol::ApprovalScope> {
    let offer = match answer {
        "a" | "always" => scopes.first(),
        "p" | "project" => scopes.iter().find(|o| remembered(o) == Remembered::Project),
        number => number
            .parse::<usize>()
            .ok()
            .and_then(|n| scopes.get(n.checked_sub(1)?)),
    };
    offer.map(|o| o.scope.clone())
}

fn remembered(offer: &ScopeOffer) -> Remembered {
    oi_policy::scopes::ScopeKey::of(&offer.scope).map_or(Remembered::Session, |(_, r)| r)
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

#[cfg(test)]
mod tests {
    use super::*;
    use oi_policy::scopes::ScopeKey;

    /// The engine's offer of a command prefix.
    fn offer(prefix: &str, remembered: Remembered) -> ScopeOffer {
        let command = oi_policy::rules::CommandPattern::parse(prefix).unwrap();
        ScopeKey::CommandPrefix { command }.offer(remembered, std::path::Path::new("/w"))
    }

    #[test]
    fn always_answers_are_exactly_the_offered_scopes() {
        let scopes = [
            offer("git status", Remembered::Session),
            offer("git status", Remembered::Project),
        ];
        assert_eq!(
            scope_list(&scopes),
            "always, from now on without asking:\n  [1] commands starting `git status`, this session\n  [2] commands starting `git status`, in this project, across sessions\n"
        );
        assert_eq!(options(&scopes), "[y]es [n]o [e]dit [1-2] always");
        assert_eq!(always("1", &scopes), Some(scopes[0].scope.clone()));
        assert_eq!(always("a", &scopes), Some(scopes[0].scope.clone()));
        assert_eq!(always("2", &scopes), Some(scopes[1].scope.clone()));
        assert_eq!(always("p", &scopes), Some(scopes[1].scope.clone()));
        for nothing in ["0", "3", "x", "-1"] {
            assert_eq!(always(nothing, &scopes), None, "{nothing}");
        }
        // Nothing offered: no "always" at all.
        assert_eq!(scope_list(&[]), "");
        assert_eq!(options(&[]), "[y]es [n]o [e]dit");
        assert_eq!(always("a", &[]), None);
        assert_eq!(always("p", &scopes[..1]), None);
    }
}
