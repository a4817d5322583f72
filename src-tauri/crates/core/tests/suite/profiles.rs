//! Harness profiles: what each sends first (snapshots), loading and overrides, and switching
//! profile in the middle of a conversation.

use oi_core::profile::{Profile, PromptContext, ToolStyle};
use oi_protocol::{EventMsg, Op};
use oi_test_support::ScriptedResponse;
use pretty_assertions::assert_eq;
use serde_json::{Value, json};

use super::profiles_sessions::{session, turn};

/// The first request's body with the machine- and run-specific parts replaced.
fn redacted_first_request(body: &Value, workdir: &std::path::Path) -> String {
    let languages: Vec<String> = oi_exec::available_languages()
        .into_iter()
        .filter(|l| l.installed)
        .map(|l| l.name.to_string())
        .collect();
    let ctx = PromptContext::current(workdir, &languages);
    let mut body = body.clone();
    // Languages and the user name are short common words: replace them only in the system prompt.
    if let Some(system) = body["messages"][0]["content"].as_str() {
        // Every profile introduces the list after a colon ("installed here: …",
        // "languages: …"); the list itself is this machine's, tested on its own below.
        let system = system
            .replace(&format!(": {}", ctx.languages), ": [LANGUAGES]")
            .replace(&format!("User: {}\n", ctx.user), "User: [USER]\n")
            // Said only when a display is there (tested on its own): as without one.
            .replace(oi_core::profile::COMPUTER_API, "");
        body["messages"][0]["content"] = Value::String(system);
    }
    serde_json::to_string_pretty(&sorted_keys(&body))
        .unwrap_or_default()
        .replace(&ctx.cwd, "[CWD]")
        .replace(&ctx.date, "[DATE]")
        .replace(&ctx.os, "[OS]")
}

/// The same value with object keys in sorted order, whether or not serde_json preserves
/// insertion order (a workspace build can turn `preserve_order` on through another crate).
fn sorted_keys(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted_keys(&map[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted_keys).collect()),
        other => other.clone(),
    }
}

#[tokio::test]
async fn first_requests_match_their_snapshots() {
    for id in Profile::builtin_ids() {
        let done = ScriptedResponse::text("DISCUSSION\nNothing to do.\n\n```\nsubmit\n```");
        let mut s = session(id, vec![done]).await;
        turn(&mut s, "List the files here.").await;
        let first = &s.server.model_requests()[0];
        let shown = redacted_first_request(&first.body, &s.workdir);
        insta::assert_snapshot!(format!("first_request_{id}"), shown);
    }
}

/// The prompt names the languages this machine has, whatever they are: R when `Rscript` is
/// on PATH, and not when it is not (each case made explicitly, not read off this machine).
#[test]
fn prompts_name_the_languages_found_on_path() {
    use std::os::unix::fs::PermissionsExt;
    let bin = tempfile::tempdir().unwrap();
    for program in ["bash", "python3", "Rscript"] {
        let path = bin.path().join(program);
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let installed = |path: &std::path::Path| -> Vec<String> {
        oi_exec::available_languages_on(Some(&path.as_os_str().to_owned()))
            .into_iter()
            .filter(|l| l.installed)
            .map(|l| l.name.to_string())
            .collect()
    };
    let with_r = installed(bin.path());
    assert_eq!(with_r, ["shell", "python", "R"]);
    std::fs::remove_file(bin.path().join("Rscript")).unwrap();
    let without_r = installed(bin.path());
    assert_eq!(without_r, ["shell", "python"]);

    let dir = std::path::Path::new("/work");
    for (id, shown) in [("os", "(languages: "), ("classic", "installed here: ")] {
        let profile = Profile::load(id, None).unwrap();
        let prompt = profile.system_prompt(&PromptContext::current(dir, &with_r));
        assert!(
            prompt.contains(&format!("{shown}shell, python, R")),
            "{id}: {prompt}"
        );
        let prompt = profile.system_prompt(&PromptContext::current(dir, &without_r));
        assert!(
            prompt.contains(&format!("{shown}shell, python")),
            "{id}: {prompt}"
        );
        assert!(
            !prompt.contains(&format!("{shown}shell, python, R")),
            "{id}: {prompt}"
        );
    }
}

#[test]
fn the_builtins_are_listed_with_what_they_emulate() {
    let listed: Vec<(String, ToolStyle, usize)> = Profile::builtin_ids()
        .into_iter()
        .map(|id| {
            let p = Profile::load(id, None).unwrap();
            assert!(!p.emulates.is_empty() && !p.name.is_empty(), "{id}");
            (p.id, p.tool_style, p.tools.len())
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            ("classic".into(), ToolStyle::NativeOrFenced, 1),
            ("claude-code".into(), ToolStyle::Native, 8),
            ("codex".into(), ToolStyle::Native, 3),
            ("deepseek-tui".into(), ToolStyle::Native, 9),
            ("qwen-code".into(), ToolStyle::Native, 8),
            ("swe-agent".into(), ToolStyle::OneCommand, 10),
            ("minimal".into(), ToolStyle::NativeOrFenced, 1),
            ("os".into(), ToolStyle::Native, 2),
        ]
    );
    let swe = Profile::load("swe-agent", None).unwrap();
    assert_eq!(
        swe.defaults.approval,
        Some(oi_protocol::ApprovalPolicy::Ask)
    );
    assert_eq!(
        Profile::load("codex", None).unwrap().defaults.sandbox,
        Some(oi_sandbox::Level::WorkspaceWrite)
    );
}

#[test]
fn a_broken_override_names_file_and_field_and_builtins_still_load() {
    let config = tempfile::tempdir().unwrap();
    let dir = config.path().join("profiles/claude-code");
    std::fs::create_dir_all(&dir).unwrap();
    let good = "id = \"claude-code\"\nname = \"Mine\"\nemulates = \"x\"\ntool_style = \"native\"\ntools = [\"Bash\"]\nsystem = [\"system.md\"]\n";
    std::fs::write(
        dir.join("profile.toml"),
        good.replace("\"native\"", "\"telepathy\""),
    )
    .unwrap();
    let err = Profile::load("claude-code", Some(config.path()))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&dir.join("profile.toml").display().to_string()),
        "{err}"
    );
    assert!(err.contains("field `tool_style`"), "{err}");
    // Every other profile, and the built-in claude-code itself, still load.
    for id in Profile::builtin_ids()
        .into_iter()
        .filter(|id| *id != "claude-code")
    {
        Profile::load(id, Some(config.path())).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    assert_eq!(Profile::load_builtin("claude-code").unwrap().tools.len(), 8);

    std::fs::write(dir.join("profile.toml"), good).unwrap();
    let err = Profile::load("claude-code", Some(config.path()))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("field `system`: fragment `system.md` not found"),
        "{err}"
    );
    std::fs::write(dir.join("system.md"), "Be brief in {{cwd}}.").unwrap();
    std::fs::write(
        dir.join("profile.toml"),
        good.replace("[\"Bash\"]", "[\"Bash\", \"Teleport\"]"),
    )
    .unwrap();
    let err = Profile::load("claude-code", Some(config.path()))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("field `tools`: unknown tool `Teleport`"),
        "{err}"
    );
    std::fs::write(dir.join("profile.toml"), good).unwrap();
    let mine = Profile::load("claude-code", Some(config.path())).unwrap();
    assert_eq!(mine.name, "Mine");
    assert_eq!(
        mine.system_prompt(&PromptContext {
            cwd: "/w".into(),
            ..Default::default()
        }),
        "Be brief in /w."
    );
}

fn text_of(message: &Value) -> String {
    match &message["content"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[tokio::test]
async fn switching_profile_re_renders_the_conversation() {
    let mut s = session(
        "claude-code",
        vec![
            ScriptedResponse::tool_call("Bash", json!({"command": "echo from-claude"})),
            ScriptedResponse::text("Done in Claude Code."),
            ScriptedResponse::text("DISCUSSION\nList.\n\n```\necho from-swe\n```"),
            ScriptedResponse::text("DISCUSSION\nDone.\n\n```\nsubmit\n```"),
            ScriptedResponse::text("Back in Claude Code."),
            ScriptedResponse::text("Classic now."),
        ],
    )
    .await;
    turn(&mut s, "first").await;

    s.submit(Op::SetProfile {
        profile: "swe-agent".into(),
    });
    s.wait_for(|m| matches!(m, EventMsg::ProfileChanged { .. }))
        .await;
    let t = turn(&mut s, "second").await;
    assert_eq!(t.result_texts()[0], "from-swe\n");
    let requests = s.server.model_requests();
    let swe = &requests[2];
    assert!(
        swe.body
            .get("tools")
            .is_none_or(|t| t.as_array().is_some_and(|a| a.is_empty()))
    );
    let roles: Vec<&str> = swe
        .messages()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(
        roles,
        vec!["system", "user", "assistant", "user", "assistant", "user"]
    );
    // Claude Code's native Bash call reads as a SWE-agent command, its result as an observation.
    assert_eq!(text_of(&swe.messages()[2]), "```\necho from-claude\n```");
    assert_eq!(text_of(&swe.messages()[3]), "OBSERVATION:\nfrom-claude\n");
    assert!(text_of(&swe.messages()[0]).contains("DISCUSSION"));

    s.submit(Op::SetProfile {
        profile: "claude-code".into(),
    });
    s.wait_for(|m| matches!(m, EventMsg::ProfileChanged { .. }))
        .await;
    turn(&mut s, "third").await;
    let claude = &s.server.model_requests()[4];
    let msgs = claude.messages();
    // Its own native call is native again; SWE-agent's text command stays text.
    assert_eq!(msgs[2]["tool_calls"][0]["function"]["name"], json!("Bash"));
    assert_eq!(msgs[3]["role"], json!("tool"));
    let swe_turn: Vec<String> = msgs[5..].iter().map(text_of).collect();
    assert!(
        swe_turn[1].contains("```\necho from-swe\n```"),
        "{swe_turn:?}"
    );
    assert!(
        swe_turn[2].contains("Result of bash:\nfrom-swe\n"),
        "{swe_turn:?}"
    );

    s.submit(Op::SetProfile {
        profile: "classic".into(),
    });
    s.wait_for(|m| matches!(m, EventMsg::ProfileChanged { .. }))
        .await;
    turn(&mut s, "fourth").await;
    let classic = &s.server.model_requests()[5];
    let msgs = classic.messages();
    assert_eq!(
        classic.body["tools"][0]["function"]["name"],
        json!("execute")
    );
    // Classic has no Bash tool: the call shows as a fenced shell block, the result as text.
    assert_eq!(text_of(&msgs[2]), "```shell\necho from-claude\n```");
    assert!(
        text_of(&msgs[3]).starts_with("Output:\nfrom-claude\n"),
        "{}",
        text_of(&msgs[3])
    );
    assert!(msgs.iter().all(|m| m["role"] != json!("tool")));
    s.server.assert_invariants();
}

#[tokio::test]
async fn profiles_keep_each_wire_format_valid_across_switches() {
    for model in ["anthropic/claude-scripted", "ollama/qwen-scripted"] {
        let mut s = oi_test_support::SessionFixture::builder(oi_test_support::Script::new(vec![
            ScriptedResponse::text("Reading.").then_tool_call("Read", json!({"file_path": "a.txt"})),
            ScriptedResponse::tool_call("Edit", json!({"file_path": "a.txt", "old_string": "one", "new_string": "two"})),
            ScriptedResponse::text("Edited."),
            ScriptedResponse::text("DISCUSSION\nLook.\n\n```\nopen a.txt\n```"),
            ScriptedResponse::text("DISCUSSION\nDone.\n\n```\nsubmit\n```"),
            ScriptedResponse::tool_call("apply_patch", json!({"input": "*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+three\n*** End Patch"})),
            ScriptedResponse::text("Patched."),
        ]))
        .model(model)
        .configure(|c| {
            c.profile = "claude-code".into();
            c.approval_policy = oi_protocol::ApprovalPolicy::Auto;
        })
        .start()
        .await;
        std::fs::write(s.workdir.join("a.txt"), "one\n").unwrap();
        turn(&mut s, "change one to two").await;
        for (profile, say) in [("swe-agent", "look at it"), ("codex", "now three")] {
            s.submit(Op::SetProfile {
                profile: profile.into(),
            });
            s.wait_for(|m| matches!(m, EventMsg::ProfileChanged { .. }))
                .await;
            let t = turn(&mut s, say).await;
            assert!(
                t.results().iter().all(|(_, is_error)| !is_error),
                "{model} {profile}: {:?}",
                t.results()
            );
        }
        assert_eq!(
            std::fs::read_to_string(s.workdir.join("a.txt")).unwrap(),
            "three\n",
            "{model}"
        );
        assert_eq!(s.server.model_requests().len(), 7, "{model}");
        s.server.assert_invariants();
    }
}

#[tokio::test]
async fn what_the_tools_remember_survives_a_switch() {
    let mut s = session(
        "claude-code",
        vec![
            ScriptedResponse::tool_call("Read", json!({"file_path": "a.txt"})),
            ScriptedResponse::text("Read it."),
            ScriptedResponse::tool_call(
                "Edit",
                json!({"file_path": "a.txt", "old_string": "one", "new_string": "two"}),
            ),
            ScriptedResponse::text("Edited."),
        ],
    )
    .await;
    std::fs::write(s.workdir.join("a.txt"), "one\n").unwrap();
    turn(&mut s, "read a.txt").await;
    for profile in ["minimal", "claude-code"] {
        s.submit(Op::SetProfile {
            profile: profile.into(),
        });
        s.wait_for(|m| matches!(m, EventMsg::ProfileChanged { .. }))
            .await;
    }
    let t = turn(&mut s, "now edit it").await;
    assert!(!t.results()[0].1, "{:?}", t.results());
    assert_eq!(
        std::fs::read_to_string(s.workdir.join("a.txt")).unwrap(),
        "two\n"
    );
}
