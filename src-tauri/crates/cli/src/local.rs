//! `--local`: find the local runtimes that run, let the person choose one of their models, and
//! remember the choice in config.toml.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use oi_config as config;
use oi_model::local::{self, LocalModel};

use crate::args::SessionFlags;
use crate::picker;

/// How the person can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asking {
    /// The terminal front end: a picker (arrow keys on a terminal, a numbered list otherwise).
    Person,
    /// `exec`: nobody to ask.
    Nobody,
}

/// Fills `flags.model`/`flags.api_base` with a local model (unless `--model` already names one)
/// and remembers it. Returns false when the person cancelled.
pub async fn choose(flags: &mut SessionFlags, config_path: &Path, asking: Asking) -> Result<bool> {
    if flags.settings.model.is_some() {
        return Ok(true);
    }
    let env = |k: &str| std::env::var(k).ok();
    let candidates = local::candidates(&env)?;
    let http = local::probe_client()?;
    let found = local::discover(&http, &candidates).await;
    if found.models.is_empty() {
        let mut message = local::start_instructions().to_string();
        for c in &found.empty {
            message.push_str(&format!(
                "\n{} runs at {} but serves no model yet.",
                c.provider, c.base
            ));
        }
        let tried: Vec<String> = found
            .absent
            .iter()
            .map(|c| format!("{} {}", c.provider, c.base))
            .collect();
        if !tried.is_empty() {
            message.push_str(&format!("\n(Nothing answered at: {}.)", tried.join(", ")));
        }
        bail!(message);
    }
    let remembered = config::load(config_path).ok().and_then(|c| c.model);
    let remembered_index = found
        .models
        .iter()
        .position(|m| Some(m.model_string()) == remembered);
    let initial = remembered_index.unwrap_or(0);
    let labels: Vec<String> = found.models.iter().map(label).collect();
    let index = match asking {
        Asking::Nobody if found.models.len() == 1 => 0,
        Asking::Nobody if remembered_index.is_some() => initial,
        Asking::Nobody => bail!(
            "--local found several models and `exec` cannot ask which; pass one with --model:\n  {}",
            found
                .models
                .iter()
                .map(LocalModel::model_string)
                .collect::<Vec<_>>()
                .join("\n  ")
        ),
        Asking::Person => {
            let title = "Choose a local model";
            let picked = if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
                let labels = labels.clone();
                tokio::task::spawn_blocking(move || picker::pick_with_keys(title, &labels, initial))
                    .await??
            } else {
                let labels = labels.clone();
                tokio::task::spawn_blocking(move || {
                    picker::pick_numbered(
                        title,
                        &labels,
                        initial,
                        &mut std::io::stdin().lock(),
                        &mut std::io::stdout(),
                    )
                })
                .await??
            };
            match picked {
                Some(i) => i,
                None => return Ok(false),
            }
        }
    };
    let chosen = &found.models[index];
    let base = (!chosen.is_default_base()).then_some(chosen.api_base.as_str());
    config::remember(
        config_path,
        &[("model", Some(&chosen.model_string())), ("api_base", base)],
    )
    .with_context(|| "could not remember the chosen model")?;
    if asking == Asking::Person {
        let mut out = std::io::stdout();
        writeln!(
            out,
            "Using {} (remembered in {}).",
            chosen.model_string(),
            config_path.display()
        )?;
    }
    flags.settings.model = Some(chosen.model_string());
    flags.settings.api_base = Some(chosen.api_base.clone());
    Ok(true)
}

fn label(m: &LocalModel) -> String {
    let window = m
        .context_window
        .map(|w| format!(", {w} tokens"))
        .unwrap_or_default();
    format!(
        "{:<9} {}  ({}{window})",
        m.provider.to_string(),
        m.name,
        m.api_base
    )
}
