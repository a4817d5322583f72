//! The commands through Tauri's real IPC path on the mock runtime (no display): arguments,
//! results, `{code, message}` errors, and a session driven end to end against the scripted model.

use std::time::{Duration, Instant};

use interpreter_gui::state::{AppState, Launch};
use oi_core::SessionConfig;
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};
use tauri::webview::InvokeRequest;
use tauri::{Manager as _, WebviewWindow, WebviewWindowBuilder};

struct Harness {
    app: tauri::App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    data: tempfile::TempDir,
    _work: tempfile::TempDir,
}

fn harness(api_base: Option<String>) -> Harness {
    harness_with(|config| config.api_base = api_base)
}

fn harness_with(adjust: impl FnOnce(&mut SessionConfig)) -> Harness {
    let data = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let mut config = SessionConfig::new(
        "openai/test-model",
        work.path().to_path_buf(),
        data.path().to_path_buf(),
    );
    config.api_key = Some("test-key".into());
    adjust(&mut config);
    let state = AppState::new(
        config,
        Launch {
            initial_prompt: Some("hello".into()),
            ..Default::default()
        },
    );
    let app = interpreter_gui::app_builder(mock_builder(), state)
        .build(mock_context(noop_assets()))
        .unwrap();
    let webview = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    Harness {
        app,
        webview,
        data,
        _work: work,
    }
}

impl Harness {
    fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        get_ipc_response(
            &self.webview,
            InvokeRequest {
                cmd: cmd.into(),
                callback: tauri::ipc::CallbackFn(0),
                error: tauri::ipc::CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body: tauri::ipc::InvokeBody::Json(args),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
        .map(|body| body.deserialize::<Value>().unwrap())
    }

    fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    /// Polls the session log until an event matches (the channel's messages go to a mock webview).
    fn wait_logged(&self, session_id: &str, what: impl Fn(&Value) -> bool) -> Vec<Value> {
        self.wait_logged_after(session_id, 0, what)
    }

    /// Like [`Harness::wait_logged`], for an event after the first `skip` ones.
    fn wait_logged_after(
        &self,
        session_id: &str,
        skip: usize,
        what: impl Fn(&Value) -> bool,
    ) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let events = self.ok("read_session", json!({"sessionId": session_id}));
            let events = events.as_array().unwrap().clone();
            if events.iter().skip(skip).any(|e| what(&e["msg"])) {
                return events;
            }
            assert!(
                Instant::now() < deadline,
                "timed out; log so far: {events:#?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn of_type(t: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == t
}

#[test]
fn app_info_reports_the_defaults_and_profiles() {
    let h = harness(None);
    let info = h.ok("app_info", json!({}));
    assert_eq!(info["model"], "openai/test-model");
    assert_eq!(info["profile"], "classic");
    assert_eq!(info["approval_policy"], "ask");
    assert_eq!(info["initial_prompt"], "hello");
    assert_eq!(info["activity"], "idle");
    assert_eq!(info["cwd"], h._work.path().display().to_string());
    assert_eq!(info["sandbox"], Value::Null);
    assert_eq!(info["safe_mode"], "off");
    assert_eq!(
        info["model_access"],
        json!({"provider": "openai", "api_base": "https://api.openai.com/v1", "local": false,
               "key_env": "OPENAI_API_KEY", "key_set": true})
    );
    assert!(
        info["profiles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "classic"),
        "{info}"
    );
}

#[test]
fn app_info_shows_the_sandbox_and_safe_mode_a_new_session_gets() {
    let h = harness_with(|c| {
        c.sandbox_setup = Some(oi_core::sandbox::SandboxSetup::of(
            oi_core::sandbox::SandboxRequest {
                backend: oi_sandbox::Backend::Native,
                level: oi_sandbox::Level::ReadOnly,
                ..Default::default()
            },
        ));
        c.safe_mode = oi_protocol::SafeMode::Ask;
    });
    let info = h.ok("app_info", json!({}));
    assert_eq!(info["sandbox"]["backend"], "native", "{info}");
    assert_eq!(info["sandbox"]["policy"], "read-only", "{info}");
    assert_eq!(info["safe_mode"], "ask");
}

#[test]
fn app_info_lists_the_persons_own_profiles_after_the_builtin_ones() {
    let config_dir = tempfile::tempdir().unwrap();
    let mine = config_dir.path().join("profiles/mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("profile.toml"), "").unwrap();
    std::fs::create_dir_all(config_dir.path().join("profiles/not-a-profile")).unwrap();
    let h = harness_with(|c| c.config_dir = Some(config_dir.path().to_path_buf()));
    let info = h.ok("app_info", json!({}));
    let mut expected: Vec<Value> = oi_core::profile::Profile::builtin_ids()
        .into_iter()
        .map(Value::from)
        .collect();
    expected.push("mine".into());
    assert_eq!(info["profiles"], Value::Array(expected));
}

#[test]
fn errors_reach_the_ui_as_code_and_message() {
    let h = harness(None);
    let err = h
        .invoke("interrupt", json!({"sessionId": "nope"}))
        .unwrap_err();
    assert_eq!(
        err,
        json!({"code": "unknown_session", "message": "there is no session nope in this window"})
    );
    let err = h
        .invoke("read_image", json!({"path": "/etc/passwd"}))
        .unwrap_err();
    assert_eq!(err["code"], "invalid_request");
    let err = h
        .invoke("read_session", json!({"sessionId": "missing"}))
        .unwrap_err();
    assert_eq!(err["code"], "session_log");
    assert_eq!(h.ok("list_sessions", json!({})), json!([]));
    assert_eq!(h.ok("pause_all", json!({})), json!(0));
}

#[test]
fn a_session_runs_through_the_commands() {
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("Running it.").then_tool_call(
            "execute",
            json!({"language": "python", "code": "print(6 * 7)"}),
        ),
        ScriptedResponse::text("It printed 42."),
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "shell", "code": "echo never"}),
        ),
        ScriptedResponse::text("Fine, not running it."),
    ]));
    let h = harness(Some(server.base_url()));
    let started = h.ok(
        "start_session",
        json!({"options": {}, "onEvent": "__CHANNEL__:7"}),
    );
    let id = started["session_id"].as_str().unwrap().to_string();
    assert!(
        started["log_path"]
            .as_str()
            .unwrap()
            .starts_with(h.data.path().to_str().unwrap())
    );

    h.ok(
        "send_input",
        json!({"sessionId": id, "items": [{"type": "text", "text": "what is 6*7?"}]}),
    );
    let events = h.wait_logged(&id, of_type("approval_requested"));
    let call_id = events
        .iter()
        .find(|e| e["msg"]["type"] == "approval_requested")
        .unwrap()["msg"]["call"]["call_id"]
        .as_str()
        .unwrap()
        .to_string();
    h.ok(
        "decide_approval",
        json!({"sessionId": id, "callId": call_id, "decision": {"type": "approve"}}),
    );
    let events = h.wait_logged(&id, |m| m["type"] == "turn_ended");
    let output: String = events
        .iter()
        .filter(|e| e["msg"]["type"] == "exec_output")
        .map(|e| e["msg"]["chunk"].as_str().unwrap())
        .collect();
    assert_eq!(output, "42\n");

    // Deny: nothing runs and the model hears it.
    h.ok(
        "send_input",
        json!({"sessionId": id, "items": [{"type": "text", "text": "now echo"}]}),
    );
    let events = h.wait_logged(&id, |m| {
        m["type"] == "approval_requested" && m["call"]["call_id"] != call_id.as_str()
    });
    let second = events
        .iter()
        .rev()
        .find(|e| e["msg"]["type"] == "approval_requested")
        .unwrap()["msg"]["call"]["call_id"]
        .clone();
    h.ok(
        "decide_approval",
        json!({"sessionId": id, "callId": second, "decision": {"type": "deny"}}),
    );
    let events = h.wait_logged(&id, |m| {
        m["type"] == "assistant_message" && m["text"] == "Fine, not running it."
    });
    assert_eq!(
        events
            .iter()
            .filter(|e| e["msg"]["type"] == "exec_begin")
            .count(),
        1
    );

    let listed = h.ok("list_sessions", json!({}));
    assert_eq!(listed[0]["id"], id.as_str());
    assert_ne!(listed[0]["status"], "ended", "{listed}");
    h.ok(
        "set_approval_policy",
        json!({"sessionId": id, "policy": "auto"}),
    );
    h.wait_logged(&id, of_type("approval_policy_changed"));
    // The terminal's %undo, %reset and %tokens, as the same Ops.
    h.ok("undo", json!({"sessionId": id}));
    h.wait_logged(&id, |m| m["type"] == "history_undone" && m["removed"] == 1);
    h.ok("reset", json!({"sessionId": id}));
    let logged = h.wait_logged(&id, of_type("history_reset")).len();
    h.ok("report_tokens", json!({"sessionId": id}));
    h.wait_logged_after(&id, logged, of_type("token_usage"));
    h.ok("close_session", json!({"sessionId": id}));
    h.wait_logged(&id, of_type("shutdown_complete"));
}

#[test]
fn a_session_starts_in_the_chosen_folder_which_is_remembered() {
    let h = harness(None);
    assert_eq!(h.ok("recent_folders", json!({})), json!([]));
    let elsewhere = tempfile::tempdir().unwrap();
    let real = elsewhere
        .path()
        .canonicalize()
        .unwrap()
        .display()
        .to_string();
    assert_eq!(
        h.ok(
            "check_folder",
            json!({"path": format!("{}/", elsewhere.path().display())})
        ),
        json!(real)
    );
    let missing = elsewhere.path().join("missing").display().to_string();
    let err = h
        .invoke("check_folder", json!({"path": missing}))
        .unwrap_err();
    assert_eq!(err["code"], "folder", "{err}");
    let err = h
        .invoke(
            "start_session",
            json!({"options": {"cwd": "not/absolute"}, "onEvent": "__CHANNEL__:7"}),
        )
        .unwrap_err();
    assert_eq!(err["code"], "folder", "{err}");

    let started = h.ok(
        "start_session",
        json!({"options": {"cwd": real}, "onEvent": "__CHANNEL__:7"}),
    );
    let id = started["session_id"].as_str().unwrap().to_string();
    let events = h.wait_logged(&id, of_type("session_configured"));
    assert_eq!(events[0]["msg"]["cwd"], json!(real));
    assert_eq!(h.ok("recent_folders", json!({})), json!([real]));
    let listed = h.ok("list_sessions", json!({}));
    assert_eq!(listed[0]["cwd"], json!(real), "{listed}");
    h.ok("close_session", json!({"sessionId": id}));
    h.wait_logged(&id, of_type("shutdown_complete"));
}

#[test]
fn a_second_launchs_session_starts_once_with_its_own_settings() {
    let h = harness(None);
    let state = h.app.state::<AppState>();
    let folder = h._work.path().canonicalize().unwrap().display().to_string();
    let argv: Vec<String> = [
        "interpreter-gui",
        "--model",
        "openai/qwen2.5-coder-32b",
        "--temperature",
        "0.5",
        "-y",
        "hi",
    ]
    .map(String::from)
    .to_vec();
    let mut handover =
        interpreter_gui::args::Handover::parse(&argv, &folder, &state.launch().flags).unwrap();
    state.keep_handover(&mut handover).unwrap();
    // A model named without a profile gets its own harness, as at launch.
    assert_eq!(handover.profile.as_deref(), Some("qwen-code"));
    let options = json!({
        "model": handover.model,
        "profile": handover.profile,
        "approval_policy": "auto",
        "cwd": folder,
        "handover": handover.id,
    });
    let started = h.ok(
        "start_session",
        json!({"options": options, "onEvent": "__CHANNEL__:7"}),
    );
    let id = started["session_id"].as_str().unwrap().to_string();
    let events = h.wait_logged(&id, of_type("session_configured"));
    let info = &events[0]["msg"];
    assert_eq!(info["model"], json!("openai/qwen2.5-coder-32b"), "{info}");
    assert_eq!(info["profile"], json!("qwen-code"), "{info}");
    assert_eq!(info["approval_policy"], json!("auto"), "{info}");
    // Logged where the app lists its sessions.
    assert!(
        h.data
            .path()
            .join("sessions")
            .join(format!("{id}.jsonl"))
            .is_file()
    );
    // Its settings start one session: asked again, they are gone, and nothing starts.
    let err = h
        .invoke(
            "start_session",
            json!({"options": options, "onEvent": "__CHANNEL__:7"}),
        )
        .unwrap_err();
    assert!(
        err["message"].as_str().unwrap().contains("launch it again"),
        "{err}"
    );
    h.ok("close_session", json!({"sessionId": id}));
    h.wait_logged(&id, of_type("shutdown_complete"));
}

#[test]
fn the_sandbox_switches_and_a_saved_conversation_loads_into_another_session() {
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("I will remember kiwi."),
        ScriptedResponse::text("The word was kiwi."),
    ]));
    let h = harness(Some(server.base_url()));
    let start = || {
        let started = h.ok(
            "start_session",
            json!({"options": {}, "onEvent": "__CHANNEL__:7"}),
        );
        started["session_id"].as_str().unwrap().to_string()
    };
    // Chosen before it starts: the session starts in it.
    let chosen = h.ok(
        "start_session",
        json!({"options": {"sandbox": {"backend": "native", "level": "read-only"}}, "onEvent": "__CHANNEL__:7"}),
    );
    let chosen = chosen["session_id"].as_str().unwrap().to_string();
    let events = h.wait_logged(&chosen, of_type("session_configured"));
    assert_eq!(
        events[0]["msg"]["sandbox"]["policy"],
        json!("read-only"),
        "{}",
        events[0]
    );
    h.ok("close_session", json!({"sessionId": chosen}));
    h.wait_logged(&chosen, of_type("shutdown_complete"));
    let err = h
        .invoke(
            "start_session",
            json!({"options": {"sandbox": {"backend": "jail", "level": null}}, "onEvent": "__CHANNEL__:7"}),
        )
        .unwrap_err();
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("unknown sandbox backend"),
        "{err}"
    );

    // Switched while it runs.
    let first = start();
    h.ok(
        "set_sandbox",
        json!({"sessionId": first, "backend": "native", "level": "read-only"}),
    );
    let events = h.wait_logged(&first, of_type("sandbox_changed"));
    let changed = events
        .iter()
        .find(|e| e["msg"]["type"] == "sandbox_changed")
        .unwrap();
    assert_eq!(
        changed["msg"]["sandbox"]["policy"],
        json!("read-only"),
        "{changed}"
    );
    h.ok(
        "send_input",
        json!({"sessionId": first, "items": [{"type": "text", "text": "remember the word kiwi"}]}),
    );
    h.wait_logged(&first, of_type("turn_ended"));

    // Saved where the person says; a path relative to nothing they can see is refused.
    let err = h
        .invoke(
            "save_conversation",
            json!({"sessionId": first, "path": "chat.jsonl"}),
        )
        .unwrap_err();
    assert_eq!(err["code"], "invalid_request", "{err}");
    assert!(
        err["message"].as_str().unwrap().contains("not a full path"),
        "{err}"
    );
    let file = h._work.path().join("chat.jsonl");
    let path = file.display().to_string();
    h.ok(
        "save_conversation",
        json!({"sessionId": first, "path": path}),
    );
    h.wait_logged(&first, of_type("session_saved"));
    assert!(file.is_file());

    // Loaded into another session, which goes on from it.
    let err = h
        .invoke(
            "check_conversation",
            json!({"path": format!("{path}.missing")}),
        )
        .unwrap_err();
    assert!(
        err["message"].as_str().unwrap().contains("is not a file"),
        "{err}"
    );
    assert_eq!(
        h.ok("check_conversation", json!({"path": path})),
        json!(path)
    );
    let second = start();
    h.ok(
        "load_conversation",
        json!({"sessionId": second, "path": path}),
    );
    h.wait_logged(&second, |m| {
        m["type"] == "notice" && m["message"].as_str().unwrap_or("").starts_with("loaded")
    });
    h.ok(
        "send_input",
        json!({"sessionId": second, "items": [{"type": "text", "text": "which word?"}]}),
    );
    h.wait_logged(&second, of_type("turn_ended"));
    let requests = server.model_requests();
    assert_eq!(requests.len(), 2);
    let sent = serde_json::to_string(&requests[1].messages()).unwrap();
    assert!(
        sent.contains("remember the word kiwi") && sent.contains("I will remember kiwi."),
        "{sent}"
    );
    for id in [first, second] {
        h.ok("close_session", json!({"sessionId": id}));
        h.wait_logged(&id, of_type("shutdown_complete"));
    }
}

/// A channel as the ui's would receive it: every event sent, decoded.
fn recording_channel() -> (
    tauri::ipc::Channel<oi_protocol::Event>,
    std::sync::Arc<std::sync::Mutex<Vec<oi_protocol::Event>>>,
) {
    let got = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = got.clone();
    let channel = tauri::ipc::Channel::new(move |body| {
        let tauri::ipc::InvokeResponseBody::Json(text) = body else {
            panic!("events travel as JSON");
        };
        sink.lock()
            .unwrap()
            .push(serde_json::from_str(&text).unwrap());
        Ok(())
    });
    (channel, got)
}

#[test]
fn a_view_attached_mid_session_gets_every_event_once_in_order() {
    use tauri::Manager;
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("First."),
        ScriptedResponse::text("Second."),
    ]));
    let h = harness(Some(server.base_url()));
    let started = h.ok(
        "start_session",
        json!({"options": {}, "onEvent": "__CHANNEL__:7"}),
    );
    let id = started["session_id"].as_str().unwrap().to_string();
    h.ok(
        "send_input",
        json!({"sessionId": id, "items": [{"type": "text", "text": "one"}]}),
    );
    h.wait_logged(&id, of_type("turn_ended"));

    // As the ui does for an editor's session: the log so far, then live.
    let (channel, got) = recording_channel();
    let state = h.app.state::<AppState>();
    state.attach(&id, channel).unwrap();
    h.ok(
        "send_input",
        json!({"sessionId": id, "items": [{"type": "text", "text": "two"}]}),
    );
    let logged = h.wait_logged(&id, |m| {
        m["type"] == "assistant_message" && m["text"] == "Second."
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while got.lock().unwrap().len() < logged.len() {
        assert!(Instant::now() < deadline, "the view fell behind the log");
        std::thread::sleep(Duration::from_millis(20));
    }
    let seqs: Vec<u64> = got.lock().unwrap().iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (0..seqs.len() as u64).collect::<Vec<_>>());
    let texts: Vec<String> = got
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match &e.msg {
            oi_protocol::EventMsg::AssistantMessage { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(texts, ["First.", "Second."]);

    // Only logged sessions can be followed.
    let err = h
        .invoke(
            "attach_session",
            json!({"sessionId": "nope", "onEvent": "__CHANNEL__:8"}),
        )
        .unwrap_err();
    assert_eq!(err["code"], "session_log");
}

/// A session another engine runs (a terminal's) is listed with its status, followed read-only
/// until it ends, and then can go to the trash, where its log is whole.
#[test]
fn another_engines_session_is_followed_then_deleted_to_the_trash() {
    use tauri::Manager;
    let server = ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text(
        "From the terminal.",
    )]));
    let h = harness(Some(server.base_url()));
    let mut config = SessionConfig::new(
        "openai/test-model",
        h.data.path().to_path_buf(),
        h.data.path().to_path_buf(),
    );
    config.api_base = Some(server.base_url());
    config.api_key = Some("test-key".into());
    let other = tauri::async_runtime::block_on(async {
        oi_core::spawn_session(config, oi_core::SessionRequest::new())
    })
    .unwrap();
    let id = other.session_id.clone();
    h.wait_logged(&id, of_type("session_configured"));
    let listed = h.ok("list_sessions", json!({}));
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["status"], "idle", "{listed}");

    let (channel, got) = recording_channel();
    let state = h.app.state::<AppState>();
    assert!(!state.attach(&id, channel).unwrap(), "not run by the app");
    let err = h
        .invoke(
            "send_input",
            json!({"sessionId": id, "items": [{"type": "text", "text": "x"}]}),
        )
        .unwrap_err();
    assert_eq!(err["code"], "unknown_session", "read-only here");
    let err = h
        .invoke("delete_session", json!({"sessionId": id}))
        .unwrap_err();
    assert_eq!(err["code"], "session_log", "{err}");
    assert!(
        err["message"].as_str().unwrap().contains("open elsewhere"),
        "{err}"
    );

    other
        .submissions
        .send(oi_protocol::Submission {
            id: "t1".into(),
            op: oi_protocol::Op::UserInput {
                items: vec![oi_protocol::InputItem::text("hello from the terminal")],
            },
        })
        .unwrap();
    h.wait_logged(&id, of_type("turn_ended"));
    other
        .submissions
        .send(oi_protocol::Submission {
            id: "t2".into(),
            op: oi_protocol::Op::Shutdown,
        })
        .unwrap();
    let logged = h.wait_logged(&id, of_type("shutdown_complete")).len();
    let deadline = Instant::now() + Duration::from_secs(30);
    while got.lock().unwrap().len() < logged {
        assert!(
            Instant::now() < deadline,
            "the follower fell behind the log"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let seqs: Vec<u64> = got.lock().unwrap().iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (0..logged as u64).collect::<Vec<_>>());
    drop(other);
    let deadline = Instant::now() + Duration::from_secs(30);
    let listed = loop {
        let listed = h.ok("list_sessions", json!({}));
        if listed[0]["status"] == "ended" || Instant::now() > deadline {
            break listed;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(listed[0]["status"], "ended", "{listed}");
    assert_eq!(listed[0]["title"], "hello from the terminal");

    let trashed = h.ok("delete_session", json!({"sessionId": id}));
    assert_eq!(h.ok("list_sessions", json!({})), json!([]));
    let trashed = std::path::PathBuf::from(trashed.as_str().unwrap());
    assert!(
        trashed.starts_with(h.data.path().join("trash")),
        "{trashed:?}"
    );
    let kept = std::fs::read_to_string(&trashed).unwrap();
    assert_eq!(
        kept.lines().count(),
        logged,
        "the whole log is in the trash"
    );
}
