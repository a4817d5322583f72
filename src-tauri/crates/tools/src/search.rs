//! Finding files and text: Claude Code's `Glob` and `Grep` (ripgrep-like output modes) and
//! DeepSeek-TUI's `grep_files` and `file_search`. Hidden entries and `node_modules` are skipped.

use std::path::{Path, PathBuf};

use glob::{MatchOptions, Pattern};
use regex::{Regex, RegexBuilder};
use serde_json::Value;

use super::{ToolError, Workspace, opt_bool, opt_str, opt_usize, str_arg};

/// Results listed before the output says it was cut.
const MAX_RESULTS: usize = 100;

const GLOB_OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: true,
    require_literal_separator: true,
    require_literal_leading_dot: false,
};

pub(super) fn handles(name: &str) -> bool {
    matches!(name, "Glob" | "Grep" | "grep_files" | "file_search")
}

pub(super) fn run(name: &str, args: &Value, ws: &Workspace) -> Result<String, ToolError> {
    match name {
        "Glob" => glob_files(args, ws),
        "Grep" => grep(args, ws),
        "grep_files" => grep_files(args, ws),
        _ => file_search(args, ws),
    }
}

/// Every file below `root`, sorted by path, the way ripgrep lists them: hidden files and
/// whatever .gitignore, .ignore and the global git excludes name are left out (a .gitignore is
/// honoured outside a git repository too), and so is node_modules.
pub(super) fn walk(root: &Path) -> Vec<PathBuf> {
    if root.is_file() {
        return vec![root.to_path_buf()];
    }
    let mut out: Vec<PathBuf> = ignore::WalkBuilder::new(root)
        .require_git(false)
        .filter_entry(|entry| entry.file_name() != "node_modules")
        .build()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_some_and(|t| t.is_file()))
        .map(ignore::DirEntry::into_path)
        .collect();
    out.sort();
    out
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn pattern(text: &str) -> Result<Pattern, ToolError> {
    Pattern::new(text)
        .map_err(|e| ToolError::Rejected(format!("Invalid glob pattern `{text}`: {e}")))
}

fn glob_matches(p: &Pattern, rel: &str) -> bool {
    // `**/*.rs` also matches files at the top, as in ripgrep and Claude Code.
    p.matches_with(rel, GLOB_OPTIONS)
        || p.as_str()
            .strip_prefix("**/")
            .is_some_and(|rest| Pattern::new(rest).is_ok_and(|r| r.matches_with(rel, GLOB_OPTIONS)))
}

fn glob_files(args: &Value, ws: &Workspace) -> Result<String, ToolError> {
    let pat = pattern(str_arg(args, "pattern")?)?;
    let root = ws.resolve(opt_str(args, "path").unwrap_or("."));
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = walk(&root)
        .into_iter()
        .filter(|p| glob_matches(&pat, &relative(p, &root)))
        .map(|p| {
            (
                p.metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH),
                p,
            )
        })
        .collect();
    if found.is_empty() {
        return Ok("No files found".into());
    }
    // Most recently modified first: what the model touched last is usually what it wants.
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut out: Vec<String> = found
        .iter()
        .take(MAX_RESULTS)
        .map(|(_, p)| p.display().to_string())
        .collect();
    if found.len() > MAX_RESULTS {
        out.push("(Results are truncated. Use a more specific path or pattern.)".into());
    }
    Ok(out.join("\n"))
}

fn regex(
    args: &Value,
    key: &'static str,
    ignore_case: bool,
    multiline: bool,
) -> Result<Regex, ToolError> {
    let text = str_arg(args, key)?;
    RegexBuilder::new(text)
        .case_insensitive(ignore_case)
        .multi_line(true)
        .dot_matches_new_line(multiline)
        .build()
        .map_err(|e| ToolError::Rejected(format!("Invalid regular expression: {e}")))
}

/// Files below `root` that pass an optional glob and file-type filter.
fn candidates(
    root: &Path,
    glob: Option<&str>,
    file_type: Option<&str>,
) -> Result<Vec<PathBuf>, ToolError> {
    let glob = glob.map(pattern).transpose()?;
    Ok(walk(root)
        .into_iter()
        .filter(|p| {
            let rel = relative(p, root);
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            glob.as_ref()
                .is_none_or(|g| glob_matches(g, &rel) || g.matches(&name))
        })
        .filter(|p| {
            file_type.is_none_or(|t| {
                p.extension()
                    .is_some_and(|e| extension_is(t, &e.to_string_lossy()))
            })
        })
        .collect())
}

/// ripgrep's common type names, and plain extensions.
fn extension_is(file_type: &str, ext: &str) -> bool {
    let exts: &[&str] = match file_type {
        "rust" => &["rs"],
        "py" | "python" => &["py", "pyi"],
        "js" => &["js", "mjs", "cjs", "jsx"],
        "ts" => &["ts", "tsx", "mts", "cts"],
        "md" | "markdown" => &["md", "markdown"],
        other => return other == ext,
    };
    exts.contains(&ext)
}

fn grep(args: &Value, ws: &Workspace) -> Result<String, ToolError> {
    let re = regex(
        args,
        "pattern",
        opt_bool(args, "-i"),
        opt_bool(args, "multiline"),
    )?;
    let root = ws.resolve(opt_str(args, "path").unwrap_or("."));
    let files = candidates(&root, opt_str(args, "glob"), opt_str(args, "type"))?;
    let mode = opt_str(args, "output_mode").unwrap_or("files_with_matches");
    let head_limit = opt_usize(args, "head_limit").unwrap_or(usize::MAX);
    let context = opt_usize(args, "-C");
    let before = opt_usize(args, "-B").or(context).unwrap_or(0);
    let after = opt_usize(args, "-A").or(context).unwrap_or(0);
    let numbered = opt_bool(args, "-n");
    let mut lines_out = Vec::new();
    let mut matched_files = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = if root.is_file() {
            file.display().to_string()
        } else {
            relative(&file, ws.cwd)
        };
        let lines: Vec<&str> = text.lines().collect();
        let hits: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| re.is_match(l))
            .map(|(i, _)| i)
            .collect();
        let whole_match = hits.is_empty() && opt_bool(args, "multiline") && re.is_match(&text);
        if hits.is_empty() && !whole_match {
            continue;
        }
        match mode {
            "count" => lines_out.push(format!("{shown}:{}", hits.len().max(1))),
            "content" => {
                let mut shown_lines: Vec<usize> = hits
                    .iter()
                    .flat_map(|&i| {
                        i.saturating_sub(before)..=(i + after).min(lines.len().saturating_sub(1))
                    })
                    .collect();
                shown_lines.dedup();
                for i in shown_lines {
                    let sep = if hits.contains(&i) { ':' } else { '-' };
                    if numbered {
                        lines_out.push(format!("{shown}{sep}{}{sep}{}", i + 1, lines[i]));
                    } else {
                        lines_out.push(format!("{shown}{sep}{}", lines[i]));
                    }
                }
            }
            _ => matched_files.push(shown),
        }
    }
    if mode == "files_with_matches" || (mode != "count" && mode != "content") {
        if matched_files.is_empty() {
            return Ok("No files found".into());
        }
        let total = matched_files.len();
        matched_files.truncate(head_limit);
        return Ok(format!(
            "Found {total} file{}\n{}",
            if total == 1 { "" } else { "s" },
            matched_files.join("\n")
        ));
    }
    if lines_out.is_empty() {
        return Ok("No matches found".into());
    }
    lines_out.truncate(head_limit);
    Ok(lines_out.join("\n"))
}

fn grep_files(args: &Value, ws: &Workspace) -> Result<String, ToolError> {
    let re = regex(args, "pattern", opt_bool(args, "case_insensitive"), false)?;
    let root = ws.resolve(opt_str(args, "path").unwrap_or("."));
    let mut out = Vec::new();
    for file in candidates(&root, opt_str(args, "include"), None)? {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for (i, line) in text.lines().enumerate().filter(|(_, l)| re.is_match(l)) {
            out.push(format!(
                "{}:{}: {}",
                relative(&file, ws.cwd),
                i + 1,
                line.trim_end()
            ));
        }
    }
    if out.is_empty() {
        return Ok("No matches.".into());
    }
    let total = out.len();
    out.truncate(MAX_RESULTS);
    if total > MAX_RESULTS {
        out.push(format!("({} more matches not shown)", total - MAX_RESULTS));
    }
    Ok(out.join("\n"))
}

/// Fuzzy file names: a substring of the path scores best, then the query's letters in order.
fn file_search(args: &Value, ws: &Workspace) -> Result<String, ToolError> {
    let query = str_arg(args, "query")?.trim().to_lowercase();
    let root = ws.resolve(opt_str(args, "path").unwrap_or("."));
    let limit = opt_usize(args, "limit").unwrap_or(20).clamp(1, 200);
    let mut scored: Vec<(u32, String)> = walk(&root)
        .into_iter()
        .filter_map(|p| {
            let rel = relative(&p, ws.cwd);
            let lower = rel.to_lowercase();
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            let score = if name == query {
                0
            } else if name.contains(&query) {
                1
            } else if lower.contains(&query) {
                2
            } else if is_subsequence(&query, &lower) {
                3
            } else {
                return None;
            };
            Some((score, rel))
        })
        .collect();
    scored.sort();
    if scored.is_empty() {
        return Ok(format!("No files match `{query}`."));
    }
    Ok(scored
        .into_iter()
        .take(limit)
        .map(|(_, p)| p)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut chars = hay.chars();
    needle.chars().all(|c| chars.any(|h| h == c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolState;
    use serde_json::json;

    #[test]
    fn glob_and_grep_find_files_and_lines() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("top.rs"), "fn main() {}\n").unwrap();
        std::fs::write(
            dir.path().join("src/lib.rs"),
            "pub fn hello() {}\n// hello again\n",
        )
        .unwrap();
        std::fs::write(dir.path().join(".hidden.rs"), "hello\n").unwrap();
        let mut state = ToolState::default();
        let ws = Workspace::new(dir.path(), &mut state);
        let all = run("Glob", &json!({"pattern": "**/*.rs"}), &ws).unwrap();
        assert_eq!(all.lines().count(), 2, "{all}");
        let top = run("Glob", &json!({"pattern": "*.rs"}), &ws).unwrap();
        assert!(top.ends_with("top.rs") && !top.contains("lib.rs"), "{top}");
        assert_eq!(
            run("Grep", &json!({"pattern": "hello"}), &ws).unwrap(),
            "Found 1 file\nsrc/lib.rs"
        );
        let content = run(
            "Grep",
            &json!({"pattern": "hello", "output_mode": "content", "-n": true}),
            &ws,
        )
        .unwrap();
        assert_eq!(
            content,
            "src/lib.rs:1:pub fn hello() {}\nsrc/lib.rs:2:// hello again"
        );
        assert_eq!(
            run(
                "Grep",
                &json!({"pattern": "hello", "output_mode": "count"}),
                &ws
            )
            .unwrap(),
            "src/lib.rs:2"
        );
        assert_eq!(
            run("file_search", &json!({"query": "lib"}), &ws).unwrap(),
            "src/lib.rs"
        );
    }

    #[test]
    fn ignored_files_are_not_searched_or_listed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("target/debug")).unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join(".gitignore"), "target/\n*.log\n").unwrap();
        std::fs::write(dir.path().join("src/main.rs"), "needle\n").unwrap();
        std::fs::write(dir.path().join("target/debug/out.rs"), "needle\n").unwrap();
        std::fs::write(dir.path().join("run.log"), "needle\n").unwrap();
        let mut state = ToolState::default();
        let ws = Workspace::new(dir.path(), &mut state);
        assert_eq!(
            run("Grep", &json!({"pattern": "needle"}), &ws).unwrap(),
            "Found 1 file\nsrc/main.rs"
        );
        let listed = run("Glob", &json!({"pattern": "**/*"}), &ws).unwrap();
        assert!(
            listed.ends_with("src/main.rs") && listed.lines().count() == 1,
            "{listed}"
        );
    }
}
