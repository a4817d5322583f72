use std::fmt;

/// Which wire format and defaults a model string selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Ollama,
    LmStudio,
    LlamaCpp,
    /// llama.cpp in this process on a GGUF file (the `local-runtime` build of the CLI).
    Builtin,
}

impl Provider {
    pub fn default_base(self) -> &'static str {
        match self {
            Provider::OpenAi => "https://api.openai.com/v1",
            Provider::Anthropic => "https://api.anthropic.com",
            Provider::Ollama => "http://127.0.0.1:11434",
            Provider::LmStudio => "http://127.0.0.1:1234/v1",
            Provider::LlamaCpp => "http://127.0.0.1:8080/v1",
            Provider::Builtin => "in-process",
        }
    }

    /// The environment variable holding this provider's key, if it takes one.
    pub fn key_env(self) -> Option<&'static str> {
        match self {
            Provider::OpenAi => Some("OPENAI_API_KEY"),
            Provider::Anthropic => Some("ANTHROPIC_API_KEY"),
            _ => None,
        }
    }

    pub fn is_local(self) -> bool {
        matches!(
            self,
            Provider::Ollama | Provider::LmStudio | Provider::LlamaCpp | Provider::Builtin
        )
    }

    /// How to start this runtime, for "nothing answers" errors.
    pub fn start_hint(self) -> Option<&'static str> {
        match self {
            Provider::Ollama => Some("is Ollama running? `ollama serve`"),
            Provider::LmStudio => Some("is LM Studio's server running? `lms server start`"),
            Provider::LlamaCpp => {
                Some("is llama.cpp's server running? `llama-server -m MODEL.gguf --jinja`")
            }
            Provider::OpenAi | Provider::Anthropic | Provider::Builtin => None,
        }
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Provider::OpenAi => "openai",
            Provider::Anthropic => "anthropic",
            Provider::Ollama => "ollama",
            Provider::LmStudio => "lmstudio",
            Provider::LlamaCpp => "llamacpp",
            Provider::Builtin => "builtin",
        })
    }
}

/// A resolved model: provider, the provider's name for it, endpoint and key.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelSpec {
    pub provider: Provider,
    pub name: String,
    /// Base URL without a trailing slash.
    pub api_base: String,
    pub api_key: Option<String>,
}

impl ModelSpec {
    /// Whether the model runs on this machine: a local runtime's provider, or an API base on a
    /// loopback address (a llama.cpp or vLLM server behind `openai/…`). It needs no key, and
    /// no proxy is used to reach it.
    pub fn is_on_this_machine(&self) -> bool {
        self.provider.is_local() || is_loopback(&self.api_base)
    }

    /// Parses `openai/gpt-4o`, `anthropic/claude-…`, `ollama/qwen2.5`, `lmstudio/…`, `llamacpp/…`,
    /// `builtin/NAME` or a path to a `.gguf` file (both run in this process); a bare name goes to the OpenAI-compatible default. `api_base`/`api_key` override the
    /// defaults; the usual environment variables fill in what is missing.
    pub fn resolve(
        model: &str,
        api_base: Option<&str>,
        api_key: Option<&str>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> ModelSpec {
        let (provider, name) = match model.split_once('/') {
            _ if is_gguf_path(model) => (Provider::Builtin, model),
            Some(("builtin", rest)) => (Provider::Builtin, rest),
            Some(("openai", rest)) => (Provider::OpenAi, rest),
            Some(("anthropic", rest)) => (Provider::Anthropic, rest),
            Some(("ollama" | "ollama_chat", rest)) => (Provider::Ollama, rest),
            Some(("lmstudio" | "lm_studio", rest)) => (Provider::LmStudio, rest),
            Some(("llamacpp" | "llama.cpp" | "llamafile", rest)) => (Provider::LlamaCpp, rest),
            _ if model.starts_with("claude-") => (Provider::Anthropic, model),
            _ => (Provider::OpenAi, model),
        };
        let base = match api_base {
            Some(b) => b.to_string(),
            None => match provider {
                Provider::Ollama => env("OLLAMA_HOST")
                    .map(|h| normalize_ollama_host(&h))
                    .unwrap_or_else(|| provider.default_base().to_string()),
                Provider::OpenAi => env("OPENAI_BASE_URL")
                    .or_else(|| env("OPENAI_API_BASE"))
                    .unwrap_or_else(|| provider.default_base().to_string()),
                Provider::Anthropic => {
                    env("ANTHROPIC_BASE_URL").unwrap_or_else(|| provider.default_base().to_string())
                }
                _ => provider.default_base().to_string(),
            },
        };
        let key = api_key
            .map(str::to_string)
            .or_else(|| provider.key_env().and_then(env))
            .filter(|k| !k.is_empty());
        ModelSpec {
            provider,
            name: name.to_string(),
            api_base: base.trim_end_matches('/').to_string(),
            api_key: key,
        }
    }

    /// `provider/name` as a person would write it.
    pub fn display_name(&self) -> String {
        if self.provider == Provider::Builtin && is_gguf_path(&self.name) {
            return self.name.clone();
        }
        format!("{}/{}", self.provider, self.name)
    }
}

/// `--model /path/to/model.gguf` names a file for the built-in runtime.
pub fn is_gguf_path(model: &str) -> bool {
    // Bytes, not a str slice: five bytes from the end may fall inside a character.
    let bytes = model.as_bytes();
    bytes.len() > 5 && bytes[bytes.len() - 5..].eq_ignore_ascii_case(b".gguf")
}

/// OLLAMA_HOST may be `host:port`, `0.0.0.0`, or a full URL.
fn normalize_ollama_host(host: &str) -> String {
    let with_scheme = if host.starts_with("http://") || host.starts_with("https://") {
        host.to_string()
    } else {
        format!("http://{host}")
    };
    let with_scheme = with_scheme.replace("://0.0.0.0", "://127.0.0.1");
    let after_scheme = with_scheme.split_once("://").map(|(_, r)| r).unwrap_or("");
    if after_scheme.contains(':') {
        with_scheme
    } else {
        format!("{}:11434", with_scheme.trim_end_matches('/'))
    }
}

/// Whether a base URL points at this machine.
fn is_loopback(url: &str) -> bool {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after_scheme.split('/').next().unwrap_or("");
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
    };
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_bases_are_recognised() {
        for url in [
            "http://127.0.0.1:8080/v1",
            "http://localhost:11434",
            "http://[::1]:1234/v1",
            "http://127.5.0.1",
        ] {
            assert!(super::is_loopback(url), "{url}");
        }
        for url in [
            "https://api.openai.com/v1",
            "http://10.0.0.2:8080",
            "http://localhost.example.com",
        ] {
            assert!(!super::is_loopback(url), "{url}");
        }
    }

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn prefixes_select_providers_and_defaults() {
        let s = ModelSpec::resolve("ollama/qwen2.5-coder:0.5b", None, None, &no_env);
        assert_eq!(s.provider, Provider::Ollama);
        assert_eq!(s.name, "qwen2.5-coder:0.5b");
        assert_eq!(s.api_base, "http://127.0.0.1:11434");
        let s = ModelSpec::resolve("gpt-4o", None, None, &no_env);
        assert_eq!(s.provider, Provider::OpenAi);
        assert_eq!(s.api_base, "https://api.openai.com/v1");
        let s = ModelSpec::resolve("llamacpp/x", Some("http://127.0.0.1:9/v1/"), None, &no_env);
        assert_eq!(
            (s.provider, s.api_base.as_str()),
            (Provider::LlamaCpp, "http://127.0.0.1:9/v1")
        );
        let s = ModelSpec::resolve("anthropic/claude-sonnet-4", None, None, &no_env);
        assert_eq!(s.provider, Provider::Anthropic);
        let s = ModelSpec::resolve("/m/Qwen.Q4_K_M.GGUF", None, None, &no_env);
        assert_eq!(
            (s.provider, s.name.as_str(), s.display_name().as_str()),
            (
                Provider::Builtin,
                "/m/Qwen.Q4_K_M.GGUF",
                "/m/Qwen.Q4_K_M.GGUF"
            )
        );
        let s = ModelSpec::resolve("builtin/qwen2.5-coder-0.5b", None, None, &no_env);
        assert_eq!(
            (s.provider, s.display_name().as_str()),
            (Provider::Builtin, "builtin/qwen2.5-coder-0.5b")
        );
        // A name ending in a multi-byte character is not cut inside it.
        let s = ModelSpec::resolve("ollama/éabcd", None, None, &no_env);
        assert_eq!(s.provider, Provider::Ollama);
    }

    #[test]
    fn environment_fills_keys_and_ollama_host() {
        let env = |k: &str| match k {
            "OPENAI_API_KEY" => Some("sk-test".to_string()),
            "OLLAMA_HOST" => Some("0.0.0.0".to_string()),
            _ => None,
        };
        assert_eq!(
            ModelSpec::resolve("openai/gpt-4o", None, None, &env)
                .api_key
                .as_deref(),
            Some("sk-test")
        );
        assert_eq!(
            ModelSpec::resolve("ollama/x", None, None, &env).api_base,
            "http://127.0.0.1:11434"
        );
        assert_eq!(
            ModelSpec::resolve("openai/gpt-4o", None, Some("flag"), &env)
                .api_key
                .as_deref(),
            Some("flag")
        );
    }
}
