//! Harness profiles: the system prompt, the tools offered, how calls are written and read back.
//! Built-in profiles live in `profiles/<id>/` at the repository root and are embedded in the
//! binary; `<config dir>/profiles/<id>/` overrides one.

mod builtin;
mod catalog;
mod interpret;
pub use interpret::Interpreted;
pub(crate) mod one_command;
mod python_api;
mod python_slips;
mod render;
pub mod text_calls;
mod text_tools;
mod tools;

use std::path::Path;

use oi_protocol::{ApprovalPolicy, SandboxInfo};
use serde::Deserialize;

use oi_model::ToolSpec;
use oi_tools::ToolState;

pub use tools::{
    FORMAT_ERROR, SUPERSEDES_ANSWER, ToolDef, UNKNOWN_TOOL, UNREADABLE_CALL, action_for,
    format_error_call,
};

/// How the profile's tool calls are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolStyle {
    /// Native function calling; fenced code blocks with a language also run.
    NativeOrFenced,
    /// Native function calling only (text JSON calls are still recognised).
    Native,
    /// No native tools: a discussion and exactly one fenced command per reply (SWE-agent).
    OneCommand,
}

impl ToolStyle {
    /// How a person reads it in `interpreter --profiles`.
    pub fn describe(self) -> &'static str {
        match self {
            ToolStyle::NativeOrFenced => "tools or code blocks",
            ToolStyle::Native => "native tools",
            ToolStyle::OneCommand => "one command a reply",
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    id: String,
    name: String,
    emulates: String,
    tool_style: ToolStyle,
    tools: Vec<String>,
    system: Vec<String>,
    /// Fragments sent at the start of the first user message (Codex's environment context).
    #[serde(default)]
    context: Vec<String>,
    /// How a tool result travels as text; `{{tool}}` and `{{output}}` are replaced.
    #[serde(default)]
    observation: Option<String>,
    #[serde(default)]
    defaults: ProfileDefaults,
    #[serde(default)]
    computer: ProfileComputer,
}

/// How the harness shows the screen to the model (`[computer]`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileComputer {
    /// Sizes screenshots are scaled to for the model, `[[width, height], …]`: the one closest
    /// to the monitor's aspect ratio is used (default: 1024x768, 1280x800, 1366x768).
    pub screenshot_sizes: Option<Vec<(u32, u32)>>,
}

/// What the profile asks for unless the person says otherwise.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileDefaults {
    pub temperature: Option<f32>,
    pub max_tokens: Option<u32>,
    /// The harness's own approval habit (ask before side effects, or run them).
    pub approval: Option<ApprovalPolicy>,
    /// The sandbox level the harness runs code in (native backend) unless the person chose a
    /// sandbox: read-only, workspace-write, full-access.
    pub sandbox: Option<oi_sandbox::Level>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("no profile named `{0}` (see `interpreter --profiles`)")]
    Unknown(String),
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
}

// No fence around the output: small models copy a fenced result back as a code block to run.
// Measured with the 0.5B model (tests/bench/local_tasks.py): after "If the task needs another
// step, run it. Otherwise answer me…" it answered "The task needs another step."; quoting the
// request ("…with code") made it run the same code again; any mention of an error made it
// say "The output is an error." What it answers from is a plain ask for the answer.
const DEFAULT_OBSERVATION: &str = "Output:\n{{output}}\n\nThat is what your code printed. Now tell me the answer to my question in one sentence.";
/// After a run that failed (the same model needs to be told to fix and run again).
const DEFAULT_ERROR_OBSERVATION: &str =
    "Your code failed:\n{{output}}\n\nFix the code and run it again.";
/// The same for a tool that is not code (an MCP server's tool, a file tool).
const DEFAULT_TOOL_OBSERVATION: &str = "The tool {{tool}} returned:\n{{output}}\n\nIf the task needs another step, take it. Otherwise answer me in plain words.";

/// A loaded profile.
#[derive(Debug, Clone)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub emulates: String,
    pub tool_style: ToolStyle,
    pub tools: Vec<ToolDef>,
    pub defaults: ProfileDefaults,
    pub computer: ProfileComputer,
    /// What the harness's tools remember (files read, the plan, SWE-agent's file window).
    pub tool_state: ToolState,
    system_template: String,
    context_template: String,
    observation: String,
    /// The same after a run that failed.
    error_observation: String,
    /// How the result of a tool that is not code travels as text.
    tool_observation: String,
}

/// Values substituted into a system prompt template.
#[derive(Debug, Clone, Default)]
pub struct PromptContext {
    pub os: String,
    pub cwd: String,
    pub user: String,
    pub date: String,
    pub languages: String,
    /// The session's approval policy, as the harness names it in its prompt.
    pub approval: String,
    /// The sandbox code runs in: a level (`workspace-write`), a policy file, or `none`.
    pub sandbox: String,
    /// The Python kernel's `computer` reaches a screen (a display, and code that runs on this
    /// machine): `{{computer_api}}` then tells the model about it.
    pub computer: bool,
    /// The Python kernel has its line to the engine (code runs on this machine, not in a
    /// container), so `computer.files` reads documents: `{{files_api}}` says so.
    pub files: bool,
    /// The person's system prompt, replacing the profile's (`--system_message`).
    pub system_message: Option<String>,
    /// Appended to the system prompt, after the tools it describes (`--custom_instructions`).
    pub custom_instructions: Option<String>,
}

impl PromptContext {
    /// What this machine and session look like right now.
    pub fn current(cwd: &Path, languages: &[String]) -> Self {
        PromptContext {
            os: format!("{} ({})", std::env::consts::OS, std::env::consts::ARCH),
            cwd: cwd.display().to_string(),
            user: std::env::var("USER").unwrap_or_else(|_| "unknown".into()),
            date: chrono::Local::now().format("%A, %Y-%m-%d").to_string(),
            languages: languages.join(", "),
            approval: "ask".into(),
            sandbox: "none".into(),
            computer: false,
            files: false,
            system_message: None,
            custom_instructions: None,
        }
    }

    /// Whether code can use the screen: a display is there, and the code runs on this machine,
    /// not in a container (`SessionSandbox::container`), so the Python kernel has its line to
    /// the engine.
    pub fn with_computer(mut self, display: bool, in_container: bool) -> Self {
        self.computer = display && !in_container;
        self.files = !in_container;
        self
    }

    /// The person's own system prompt and instructions, when they gave any.
    pub fn with_instructions(
        mut self,
        system_message: Option<String>,
        custom_instructions: Option<String>,
    ) -> Self {
        self.system_message = system_message;
        self.custom_instructions = custom_instructions;
        self
    }

    /// The session's approval policy and sandbox, which some harnesses tell the model.
    pub fn with_policy(mut self, approval: ApprovalPolicy, sandbox: Option<&SandboxInfo>) -> Self {
        self.approval = format!("{approval:?}").to_lowercase();
        self.sandbox = match sandbox {
            Some(info) if info.backend != "none" => info.policy.clone(),
            _ => "none".into(),
        };
        self
    }
}

impl Profile {
    /// Ids of the built-in profiles, default first.
    pub fn builtin_ids() -> Vec<&'static str> {
        builtin::ids()
    }

    /// Every profile id a session can use: the built-in ones in their order, then the person's
    /// own (`<config_dir>/profiles/<id>/profile.toml` with a new id), sorted.
    pub fn available(config_dir: Option<&Path>) -> Vec<String> {
        let mut ids: Vec<String> = Self::builtin_ids().into_iter().map(String::from).collect();
        let mut own: Vec<String> = config_dir
            .and_then(|d| std::fs::read_dir(d.join("profiles")).ok())
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .filter(|e| e.path().join("profile.toml").is_file())
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .filter(|id| !ids.contains(id))
            .collect();
        own.sort();
        ids.extend(own);
        ids
    }

    /// Loads a profile: `<config_dir>/profiles/<id>/` overrides the built-in one.
    pub fn load(id: &str, config_dir: Option<&Path>) -> Result<Profile, ProfileError> {
        if let Some(dir) = config_dir.map(|d| d.join("profiles").join(id))
            && dir.join("profile.toml").is_file()
        {
            return Self::load_dir(&dir);
        }
        Self::load_builtin(id)
    }

    /// The profile shipped in the binary, whatever the config directory holds.
    pub fn load_builtin(id: &str) -> Result<Profile, ProfileError> {
        let (toml_text, fragments) =
            builtin::find(id).ok_or_else(|| ProfileError::Unknown(id.to_string()))?;
        Self::parse(&format!("profiles/{id}/profile.toml"), toml_text, &|name| {
            fragments
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| t.to_string())
        })
    }

    fn load_dir(dir: &Path) -> Result<Profile, ProfileError> {
        let toml_path = dir.join("profile.toml");
        let text = std::fs::read_to_string(&toml_path).map_err(|e| ProfileError::Invalid {
            file: toml_path.display().to_string(),
            message: e.to_string(),
        })?;
        Self::parse(&toml_path.display().to_string(), &text, &|name| {
            std::fs::read_to_string(dir.join(name)).ok()
        })
    }

    fn parse(
        file: &str,
        text: &str,
        fragment: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Profile, ProfileError> {
        let invalid = |message: String| ProfileError::Invalid {
            file: file.to_string(),
            message,
        };
        let parsed = parse_file(text).map_err(invalid)?;
        let join = |field: &str, names: &[String]| -> Result<String, ProfileError> {
            let mut out = String::new();
            for name in names {
                let part = fragment(name).ok_or_else(|| {
                    invalid(format!(
                        "field `{field}`: fragment `{name}` not found beside the profile"
                    ))
                })?;
                if !out.is_empty() {
                    out.push_str("\n\n");
                }
                out.push_str(part.trim_end());
            }
            Ok(out)
        };
        let system_template = join("system", &parsed.system)?;
        let context_template = join("context", &parsed.context)?;
        let tools = parsed
            .tools
            .iter()
            .map(|t| {
                ToolDef::named(t)
                    .ok_or_else(|| invalid(format!("field `tools`: unknown tool `{t}`")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Profile {
            id: parsed.id,
            name: parsed.name,
            emulates: parsed.emulates,
            tool_style: parsed.tool_style,
            tools,
            defaults: parsed.defaults,
            computer: parsed.computer,
            tool_state: ToolState::default(),
            system_template,
            context_template,
            tool_observation: parsed
                .observation
                .clone()
                .unwrap_or_else(|| DEFAULT_TOOL_OBSERVATION.to_string()),
            // A profile's own observation speaks for failed runs too.
            error_observation: parsed
                .observation
                .clone()
                .unwrap_or_else(|| DEFAULT_ERROR_OBSERVATION.to_string()),
            observation: parsed
                .observation
                .unwrap_or_else(|| DEFAULT_OBSERVATION.to_string()),
        })
    }

    fn fill(&self, template: &str, ctx: &PromptContext) -> String {
        template
            .replace("{{os}}", &ctx.os)
            .replace("{{cwd}}", &ctx.cwd)
            .replace("{{user}}", &ctx.user)
            .replace("{{date}}", &ctx.date)
            .replace("{{languages}}", &ctx.languages)
            .replace("{{approval}}", &ctx.approval)
            .replace("{{sandbox}}", &ctx.sandbox)
            .replace(
                "{{computer_api}}",
                if ctx.computer { COMPUTER_API } else { "" },
            )
            .replace("{{files_api}}", if ctx.files { FILES_API } else { "" })
    }

    /// The profile's system prompt, or the person's that replaces it (taken as written).
    pub fn system_prompt(&self, ctx: &PromptContext) -> String {
        self.system_prompt_parts(ctx).0
    }

    /// The system prompt, and where its facts about this session begin: the paragraph that
    /// first names the folder, the user or the date ([`oi_model::ModelRequest::session_facts_at`]).
    /// None for the person's own prompt, and when those facts open the prompt.
    pub(crate) fn system_prompt_parts(&self, ctx: &PromptContext) -> (String, Option<usize>) {
        if let Some(own) = &ctx.system_message {
            return (own.clone(), None);
        }
        let template = &self.system_template;
        let cut = ["{{cwd}}", "{{user}}", "{{date}}"]
            .iter()
            .filter_map(|p| template.find(p))
            .min()
            .and_then(|first| template[..first].rfind("\n\n"))
            .filter(|&cut| cut > 0);
        match cut {
            // Placeholders never straddle a paragraph break: both halves fill as the whole.
            Some(cut) => {
                let stable = self.fill(&template[..cut], ctx);
                let at = stable.len();
                (stable + &self.fill(&template[cut..], ctx), Some(at))
            }
            None => (self.fill(template, ctx), None),
        }
    }

    pub fn tool_specs(&self) -> Vec<ToolSpec> {
        self.tools.iter().map(ToolDef::spec).collect()
    }

    fn tool_names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name).collect()
    }

    pub fn offers(&self, name: &str) -> bool {
        self.tools.iter().any(|t| t.name == name)
    }
}

/// What `{{computer_api}}` says when code can reach the screen (a paragraph of its own).
pub const COMPUTER_API: &str = "\n\nIn Python, a `computer` object is ready (no import) to see and work this computer's screen: \
`computer.display.view()` shows you a screenshot with the block's output; `computer.mouse.click(x, y)` (pixels of that \
screenshot), `computer.keyboard.write(text)`, `computer.keyboard.hotkey(\"ctrl\", \"s\")`, `computer.clipboard.view()`, \
`computer.clipboard.copy(text)`, `computer.clipboard.paste()`. Each action is approved like code; a refused one raises \
`computer.ActionDenied`.";

/// What `{{files_api}}` says when Python's `computer.files` reaches the engine (one line).
pub const FILES_API: &str = "\n- To read a document (PDF, Word, spreadsheet, slides, EPUB), use Python's ready \
`computer.files.read(path, pages=None)`; `computer.files.find(kind=\"pdf\", modified_within=\"7d\")` lists the newest \
here and in Downloads, Desktop and Documents (also `folder=`, `name=`).";

/// profile.toml, with errors that name the field.
fn parse_file(text: &str) -> Result<ProfileFile, String> {
    let de = toml::de::Deserializer::parse(text).map_err(|e| e.to_string())?;
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        if path == "." || path.is_empty() {
            inner
        } else {
            format!("field `{path}`: {inner}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_prompt_names_the_computer_api_only_when_code_can_reach_a_screen() {
        let classic = Profile::load_builtin("classic").unwrap();
        let ctx = PromptContext::current(Path::new("/w"), &[]);
        let shown = |ctx: &PromptContext| classic.system_prompt(ctx);
        assert!(!shown(&ctx).contains("computer.display"));
        assert!(!shown(&ctx.clone().with_computer(false, false)).contains("computer.display"));
        let with = shown(&ctx.clone().with_computer(true, false));
        assert!(with.contains("`computer.display.view()`"), "{with}");
        // Before the session's facts: it is the same in every folder.
        assert!(
            with.contains("`computer.ActionDenied`.\n\nEnvironment:\n"),
            "{with}"
        );
        // In a container (docker, OpenShell) the kernel has no line to the engine.
        assert!(!shown(&ctx.clone().with_computer(true, true)).contains("computer.display"));
        // Documents need no display, only the line.
        assert!(
            shown(&ctx.clone().with_computer(false, false))
                .contains("`computer.files.read(path, pages=None)`")
        );
        assert!(!shown(&ctx.clone().with_computer(true, true)).contains("computer.files"));
        assert!(!shown(&ctx).contains("computer.files"));
    }

    #[test]
    fn every_builtin_loads() {
        for id in Profile::builtin_ids() {
            let p = Profile::load_builtin(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(p.id, id);
            assert!(!p.tools.is_empty(), "{id}");
        }
    }

    #[test]
    fn errors_name_the_field() {
        let err = parse_file("id = \"x\"\nname = \"x\"\nemulates = \"x\"\ntool_style = \"sideways\"\ntools = []\nsystem = []\n")
            .unwrap_err();
        assert!(err.contains("tool_style"), "{err}");
        let err = parse_file("id = \"x\"\nname = \"x\"\nemulates = \"x\"\ntool_style = \"native\"\ntools = []\nsystem = []\n[defaults]\ntemperature = \"hot\"\n")
            .unwrap_err();
        assert!(err.contains("defaults.temperature"), "{err}");
    }
}
