//! Local model runtimes (Ollama, llama.cpp's server and llamafile, LM Studio): finding the ones
//! that run and the models they serve (`interpreter --local`), and asking a runtime for the
//! context window and output limit it actually uses.

use std::time::Duration;

use futures::future::join_all;
use serde_json::{Value, json};

use super::{ModelError, ModelSpec, Provider};

/// Where `--local` looks for one runtime. `base` is the server root, without `/v1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub provider: Provider,
    pub base: String,
}

/// The runtimes `--local` tries: `OI_LOCAL_RUNTIMES` (`ollama=URL,llamacpp=URL,lmstudio=URL`)
/// when set, otherwise each runtime's default port (Ollama honours `OLLAMA_HOST`).
pub fn candidates(env: &dyn Fn(&str) -> Option<String>) -> Result<Vec<Candidate>, ModelError> {
    if let Some(list) = env("OI_LOCAL_RUNTIMES").filter(|l| !l.trim().is_empty()) {
        return list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|entry| {
                let (name, url) = entry.split_once('=').ok_or_else(|| bad_entry(entry))?;
                let provider = match name.trim() {
                    "ollama" => Provider::Ollama,
                    "llamacpp" | "llama.cpp" | "llamafile" => Provider::LlamaCpp,
                    "lmstudio" => Provider::LmStudio,
                    _ => return Err(bad_entry(entry)),
                };
                Ok(Candidate {
                    provider,
                    base: root_of(url.trim()),
                })
            })
            .collect();
    }
    let ollama = ModelSpec::resolve("ollama/x", None, None, env).api_base;
    Ok(vec![
        Candidate {
            provider: Provider::Ollama,
            base: root_of(&ollama),
        },
        Candidate {
            provider: Provider::LlamaCpp,
            base: root_of(Provider::LlamaCpp.default_base()),
        },
        Candidate {
            provider: Provider::LmStudio,
            base: root_of(Provider::LmStudio.default_base()),
        },
    ])
}

fn bad_entry(entry: &str) -> ModelError {
    ModelError::Internal(format!(
        "OI_LOCAL_RUNTIMES: `{entry}` is not RUNTIME=URL with RUNTIME one of ollama, llamacpp, lmstudio"
    ))
}

/// `http://h:p/v1/` → `http://h:p`.
fn root_of(url: &str) -> String {
    url.trim_end_matches('/')
        .trim_end_matches("/v1")
        .trim_end_matches('/')
        .to_string()
}

/// One model a running runtime serves.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalModel {
    pub provider: Provider,
    /// The runtime's name for the model.
    pub name: String,
    /// What `--api_base` must be for this runtime (Ollama: the root; others: `…/v1`).
    pub api_base: String,
    /// The context window the runtime reported in its listing, when it did.
    pub context_window: Option<u32>,
}

impl LocalModel {
    /// `provider/name`, as `--model` takes it.
    pub fn model_string(&self) -> String {
        format!("{}/{}", self.provider, self.name)
    }

    /// Whether `api_base` is the one `--model provider/NAME` would pick by itself.
    pub fn is_default_base(&self) -> bool {
        let default = ModelSpec::resolve(&self.model_string(), None, None, &|_| None).api_base;
        root_of(&default) == root_of(&self.api_base)
    }
}

/// What probing found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Discovery {
    pub models: Vec<LocalModel>,
    /// Runtimes that answered but serve no model.
    pub empty: Vec<Candidate>,
    /// Runtimes that did not answer.
    pub absent: Vec<Candidate>,
}

/// A client for local probes: no proxy (the runtimes are on this machine), short timeouts.
pub fn probe_client() -> Result<reqwest::Client, ModelError> {
    reqwest::Client::builder()
        .no_proxy()
        .connect_timeout(Duration::from_millis(800))
        .timeout(Duration::from_secs(5))
        .build()
        .map_err(|e| ModelError::Internal(e.to_string()))
}

/// Asks every candidate, in parallel, for its models.
pub async fn discover(http: &reqwest::Client, candidates: &[Candidate]) -> Discovery {
    let answers = join_all(candidates.iter().map(|c| list_models(http, c))).await;
    let mut found = Discovery::default();
    for (candidate, answer) in candidates.iter().zip(answers) {
        match answer {
            Some(models) if models.is_empty() => found.empty.push(candidate.clone()),
            Some(models) => found.models.extend(models),
            None => found.absent.push(candidate.clone()),
        }
    }
    found
}

async fn get_json(http: &reqwest::Client, url: &str) -> Option<Value> {
    let resp = http.get(url).send().await.ok()?;
    if !resp.status().is_success() {
        return None;
    }
    resp.json().await.ok()
}

async fn list_models(http: &reqwest::Client, c: &Candidate) -> Option<Vec<LocalModel>> {
    let model = |name: &str, api_base: String, context_window: Option<u32>| LocalModel {
        provider: c.provider,
        name: name.to_string(),
        api_base,
        context_window,
    };
    match c.provider {
        Provider::Ollama => {
            let tags = get_json(http, &format!("{}/api/tags", c.base)).await?;
            let list = tags.get("models")?.as_array()?;
            Some(
                list.iter()
                    .filter_map(|m| m.get("name").or_else(|| m.get("model"))?.as_str())
                    .map(|n| model(n, c.base.clone(), None))
                    .collect(),
            )
        }
        Provider::LlamaCpp | Provider::LmStudio => {
            let listing = get_json(http, &format!("{}/v1/models", c.base)).await?;
            let data = listing.get("data")?.as_array()?;
            // LM Studio's own API says which models are language models and their windows.
            let lmstudio = if c.provider == Provider::LmStudio {
                get_json(http, &format!("{}/api/v0/models", c.base)).await
            } else {
                None
            };
            let mut models = Vec::new();
            for entry in data {
                let Some(id) = entry.get("id").and_then(Value::as_str) else {
                    continue;
                };
                let details = lmstudio.as_ref().and_then(|l| lmstudio_entry(l, id));
                if details.and_then(|d| d.get("type")).and_then(Value::as_str) == Some("embeddings")
                {
                    continue;
                }
                let window = match details {
                    Some(d) => lmstudio_window(d),
                    None => as_u32(entry.pointer("/meta/n_ctx")),
                };
                models.push(model(id, format!("{}/v1", c.base), window));
            }
            Some(models)
        }
        Provider::OpenAi | Provider::Anthropic | Provider::Builtin => None,
    }
}

fn lmstudio_entry<'a>(listing: &'a Value, id: &str) -> Option<&'a Value> {
    listing
        .get("data")?
        .as_array()?
        .iter()
        .find(|m| m.get("id").and_then(Value::as_str) == Some(id))
}

/// The window LM Studio runs the model with: the loaded one, else what it loads by default.
fn lmstudio_window(details: &Value) -> Option<u32> {
    as_u32(details.get("loaded_context_length")).or_else(|| {
        as_u32(details.get("max_context_length")).map(|m| m.min(LMSTUDIO_DEFAULT_CONTEXT))
    })
}

/// LM Studio loads a model with this context length unless told otherwise.
const LMSTUDIO_DEFAULT_CONTEXT: u32 = 4096;
/// Ollama runs a model with a small window unless the request sets `num_ctx`; we set it, to this
/// much at most unless the person asks for more (larger windows cost memory the machine may lack).
pub const OLLAMA_DEFAULT_CONTEXT_CAP: u32 = 8192;

fn as_u32(v: Option<&Value>) -> Option<u32> {
    v?.as_u64()
        .filter(|n| *n > 0)
        .map(|n| n.min(u64::from(u32::MAX)) as u32)
}

/// The limits a runtime works with, and where they came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimeLimits {
    /// Tokens of prompt plus answer the model runs with.
    pub context_window: Option<u32>,
    /// Most tokens of one answer, when the runtime caps it.
    pub max_output: Option<u32>,
    /// E.g. "llama.cpp /props".
    pub source: &'static str,
}

/// Asks the runtime behind `spec` for its limits. Remote providers publish none: `Ok(None)`.
pub async fn runtime_limits(
    http: &reqwest::Client,
    spec: &ModelSpec,
) -> Result<Option<RuntimeLimits>, ModelError> {
    let root = root_of(&spec.api_base);
    let unreachable = |e: reqwest::Error, url: &str| ModelError::Transport {
        endpoint: url.to_string(),
        message: e.to_string(),
    };
    match spec.provider {
        Provider::Ollama => {
            let url = format!("{root}/api/show");
            let resp = http
                .post(&url)
                .json(&json!({"model": spec.name}))
                .send()
                .await
                .map_err(|e| unreachable(e, &url))?;
            let status = resp.status().as_u16();
            let text = resp.text().await.map_err(|e| unreachable(e, &url))?;
            if status != 200 {
                return Err(super::error::classify_http(&url, &spec.name, status, &text));
            }
            let show: Value = serde_json::from_str(&text).map_err(|e| ModelError::Malformed {
                endpoint: url.clone(),
                message: e.to_string(),
            })?;
            Ok(Some(ollama_limits(&show)))
        }
        Provider::LlamaCpp => {
            let url = format!("{root}/props");
            let Some(props) = get_json(http, &url).await else {
                // llamafile and older servers have no /props: no limits known.
                return Ok(None);
            };
            let settings = props.get("default_generation_settings");
            let n_predict = settings.and_then(|s| {
                s.pointer("/params/n_predict")
                    .or_else(|| s.get("n_predict"))
            });
            Ok(Some(RuntimeLimits {
                context_window: as_u32(settings.and_then(|s| s.get("n_ctx"))),
                max_output: n_predict
                    .and_then(Value::as_i64)
                    .filter(|n| *n > 0)
                    .map(|n| n as u32),
                source: "llama.cpp /props",
            }))
        }
        Provider::LmStudio => {
            let Some(listing) = get_json(http, &format!("{root}/api/v0/models")).await else {
                return Ok(None);
            };
            Ok(lmstudio_entry(&listing, &spec.name).map(|d| RuntimeLimits {
                context_window: lmstudio_window(d),
                max_output: None,
                source: "LM Studio /api/v0/models",
            }))
        }
        Provider::OpenAi | Provider::Anthropic | Provider::Builtin => Ok(None),
    }
}

/// `/api/show`: the Modelfile's `num_ctx`/`num_predict` when set (what runs), else the model's
/// trained length capped at [`OLLAMA_DEFAULT_CONTEXT_CAP`] (what we will ask for).
fn ollama_limits(show: &Value) -> RuntimeLimits {
    let parameter = |key: &str| -> Option<u32> {
        show.get("parameters")?
            .as_str()?
            .lines()
            .find_map(|line| {
                let mut words = line.split_whitespace();
                (words.next() == Some(key))
                    .then(|| words.next()?.parse::<i64>().ok())
                    .flatten()
            })
            .filter(|n| *n > 0)
            .map(|n| n as u32)
    };
    let trained = show
        .get("model_info")
        .and_then(Value::as_object)
        .and_then(|info| {
            info.iter()
                .find(|(k, _)| k.ends_with(".context_length"))
                .and_then(|(_, v)| as_u32(Some(v)))
        });
    RuntimeLimits {
        context_window: parameter("num_ctx").or(trained.map(|t| t.min(OLLAMA_DEFAULT_CONTEXT_CAP))),
        max_output: parameter("num_predict"),
        source: "Ollama /api/show",
    }
}

/// How to start each runtime, for "nothing runs" messages.
pub fn start_instructions() -> &'static str {
    "No local model runtime is running. Start one, then run `interpreter --local` again:\n\
     \x20 Ollama     ollama serve          (then: ollama pull qwen2.5-coder:1.5b)   listens on 127.0.0.1:11434\n\
     \x20 llama.cpp  llama-server -m MODEL.gguf --jinja --port 8080                  listens on 127.0.0.1:8080\n\
     \x20 llamafile  ./MODEL.llamafile --server --port 8080\n\
     \x20 LM Studio  lms server start      (and load a model: lms load MODEL)       listens on 127.0.0.1:1234\n\
     Or name one directly: --model ollama/NAME, --model llamacpp/NAME, --model lmstudio/NAME (with --api_base URL for another port)."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_come_from_defaults_or_the_environment() {
        let none = |_: &str| None;
        let c = candidates(&none).unwrap();
        assert_eq!(
            c[0],
            Candidate {
                provider: Provider::Ollama,
                base: "http://127.0.0.1:11434".into()
            }
        );
        assert_eq!(c[1].base, "http://127.0.0.1:8080");
        assert_eq!(c[2].base, "http://127.0.0.1:1234");
        let env = |k: &str| {
            (k == "OI_LOCAL_RUNTIMES")
                .then(|| "llamacpp=http://127.0.0.1:9/v1/, ollama=http://h:1".to_string())
        };
        let c = candidates(&env).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(
            (c[0].provider, c[0].base.as_str()),
            (Provider::LlamaCpp, "http://127.0.0.1:9")
        );
        let bad = |k: &str| (k == "OI_LOCAL_RUNTIMES").then(|| "vllm=http://x".to_string());
        assert!(
            candidates(&bad)
                .unwrap_err()
                .to_string()
                .contains("`vllm=http://x`")
        );
    }

    #[test]
    fn ollama_limits_prefer_the_modelfile_then_cap_the_trained_length() {
        let show = json!({"parameters": "stop \"<|im_end|>\"\nnum_ctx 16384\nnum_predict 512",
                          "model_info": {"qwen2.context_length": 32768}});
        let l = ollama_limits(&show);
        assert_eq!((l.context_window, l.max_output), (Some(16384), Some(512)));
        let l = ollama_limits(&json!({"model_info": {"llama.context_length": 131072}}));
        assert_eq!(
            (l.context_window, l.max_output),
            (Some(OLLAMA_DEFAULT_CONTEXT_CAP), None)
        );
        assert_eq!(ollama_limits(&json!({})).context_window, None);
    }

    #[test]
    fn a_default_port_needs_no_api_base() {
        let m = |provider, base: &str| LocalModel {
            provider,
            name: "m".into(),
            api_base: base.into(),
            context_window: None,
        };
        assert!(m(Provider::Ollama, "http://127.0.0.1:11434").is_default_base());
        assert!(m(Provider::LlamaCpp, "http://127.0.0.1:8080/v1").is_default_base());
        assert!(!m(Provider::LmStudio, "http://127.0.0.1:9999/v1").is_default_base());
    }

    #[test]
    fn lmstudio_window_is_the_loaded_one() {
        assert_eq!(
            lmstudio_window(&json!({"loaded_context_length": 8000, "max_context_length": 32768})),
            Some(8000)
        );
        assert_eq!(
            lmstudio_window(&json!({"max_context_length": 32768})),
            Some(4096)
        );
    }
}
