//! `--local`: find the local runtimes that run, let the person choose one of their models, and
//! remember the choice in config.toml.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use oi_config as config;
use oi_model::local::{self, LocalModel};

use crate::args::SessionFlags;
use crate::{builtin, picker};

/// How the person can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asking {
    /// The terminal front end: a picker (arrow keys on a terminal, a numbered list otherwise).
    Person,
    /// `exec`: nobody to ask.
    Nobody,
}

/// What `--local` and the first-run screen can start with.
#[derive(Debug, Clone)]
enum Choice {
    /// A model a running runtime serves.
    Served(LocalModel),
    /// A recommended model for the built-in runtime.
    Builtin(builtin::Offer),
}

impl Choice {
    fn model_string(&self) -> String {
        match self {
            Choice::Served(m) => m.model_string(),
            Choice::Builtin(o) => o.model_string(),
        }
    }

    fn label(&self) -> String {
        match self {
            Choice::Served(m) => label(m),
            Choice::Builtin(o) => o.label(),
        }
    }
}

/// Fills `flags.model`/`flags.api_base` with a local model (unless `--model` already names one)
/// and remembers it. Returns false when the person cancelled.
pub async fn choose(flags: &mut SessionFlags, config_path: &Path, asking: Asking) -> Result<bool> {
    if flags.settings.model.is_some() {
        return Ok(true);
    }
    choose_among(flags, config_path, asking, None).await
}

/// A fresh machine: no model chosen, no key, stdin a terminal. Says in one screen what can be
/// used (a key, a running runtime, the built-in one with its download size) and starts with the
/// person's choice.
pub async fn first_run(flags: &mut SessionFlags, config_path: &Path) -> Result<bool> {
    let intro = "No model is set up yet. Open Interpreter can use:\n\
                 \x20 - a hosted model: set OPENAI_API_KEY or ANTHROPIC_API_KEY (or pass --api_key) and run again;\n\
                 \x20 - a model on this machine, offline: one a local runtime serves, or the built-in runtime";
    choose_among(flags, config_path, Asking::Person, Some(intro)).await
}

/// Whether this is a fresh machine's first run: nothing names a model and no key is set.
pub fn is_first_run(flags: &SessionFlags, config_path: &Path) -> bool {
    let configured = config::load(config_path)
        .map(|c| c.model.is_some() || c.api_key.is_some())
        .unwrap_or(true);
    let key = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"]
        .iter()
        .any(|k| std::env::var_os(k).is_some_and(|v| !v.is_empty()));
    flags.settings.model.is_none() && flags.settings.api_key.is_none() && !configured && !key
}

async fn choose_among(
    flags: &mut SessionFlags,
    config_path: &Path,
    asking: Asking,
    intro: Option<&str>,
) -> Result<bool> {
    let env = |k: &str| std::env::var(k).ok();
    let candidates = local::candidates(&env)?;
    let http = local::probe_client()?;
    let found = local::discover(&http, &candidates).await;
    let mut choices: Vec<Choice> = found.models.iter().cloned().map(Choice::Served).collect();
    // Nobody can agree to a download in `exec`: only models already in the cache count there.
    choices.extend(
        builtin::offers()
            .into_iter()
            .filter(|o| asking == Asking::Person || o.is_present())
            .map(Choice::Builtin),
    );
    let mut situation = String::new();
    for c in &found.empty {
        situation.push_str(&format!(
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
        situation.push_str(&format!("\n(Nothing answered at: {}.)", tried.join(", ")));
    }
    if choices.is_empty() {
        let mut message = intro.map(|i| format!("{i}.\n\n")).unwrap_or_default();
        message.push_str(local::start_instructions());
        message.push_str(&situation);
        bail!(message);
    }
    let remembered = config::load(config_path).ok().and_then(|c| c.model);
    let remembered_index = choices
        .iter()
        .position(|m| Some(m.model_string()) == remembered);
    let initial = remembered_index.unwrap_or(0);
    let labels: Vec<String> = choices.iter().map(Choice::label).collect();
    let index = match asking {
        Asking::Nobody if choices.len() == 1 => 0,
        Asking::Nobody if remembered_index.is_some() => initial,
        Asking::Nobody => bail!(
            "--local found several models and `exec` cannot ask which; pass one with --model:\n  {}",
            choices
                .iter()
                .map(Choice::model_string)
                .collect::<Vec<_>>()
                .join("\n  ")
        ),
        Asking::Person => {
            let mut out = std::io::stdout();
            if let Some(intro) = intro {
                writeln!(out, "{intro}:")?;
            }
            if found.models.is_empty() {
                writeln!(
                    out,
                    "{}{situation}\nOr run a model in this process, with no server: the built-in runtime (llama.cpp).",
                    local::start_instructions()
                )?;
            }
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
    let chosen = &choices[index];
    let api_base = match chosen {
        Choice::Served(m) => Some(m.api_base.clone()),
        Choice::Builtin(offer) => {
            offer.ensure().await?;
            None
        }
    };
    let remembered_base = match chosen {
        Choice::Served(m) if !m.is_default_base() => Some(m.api_base.as_str()),
        _ => None,
    };
    config::remember(
        config_path,
        &[
            ("model", Some(&chosen.model_string())),
            ("api_base", remembered_base),
        ],
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
    flags.settings.api_base = api_base;
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
