//! Local runtimes: discovery and the limits they report (scripted servers speaking Ollama's,
//! llama.cpp's and LM Studio's discovery endpoints), and a session that keeps its requests
//! inside the window the runtime reported.

use oi_core::model::local::{Candidate, LocalModel, discover, probe_client, runtime_limits};
use oi_core::model::{ModelSpec, Provider};
use oi_protocol::{ApprovalPolicy, EventMsg};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse, SessionFixture};
use pretty_assertions::assert_eq;
use serde_json::json;

use super::profiles_sessions::tool_results;

fn notices(events: &[EventMsg]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EventMsg::Notice { message } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn discovery_lists_each_runtime_and_the_limits_come_from_it() {
    let ollama = ScriptedModelServer::start(
        Script::new(vec![])
            .with_models(["qwen2.5-coder:0.5b"])
            .with_context_window(32768),
    )
    .await;
    let llamacpp = ScriptedModelServer::start(
        Script::new(vec![])
            .with_models(["smollm2"])
            .with_context_window(2048),
    )
    .await;
    let lmstudio = ScriptedModelServer::start(
        Script::new(vec![])
            .with_models(["qwen3-4b"])
            .with_context_window(6000),
    )
    .await;
    let closed = oi_test_support::ClosedPort::new();
    let candidates = vec![
        Candidate {
            provider: Provider::Ollama,
            base: ollama.base_url(),
        },
        Candidate {
            provider: Provider::LlamaCpp,
            base: llamacpp.base_url(),
        },
        Candidate {
            provider: Provider::LmStudio,
            base: lmstudio.base_url(),
        },
        Candidate {
            provider: Provider::LmStudio,
            base: closed.url(),
        },
    ];
    let http = probe_client().unwrap();
    let found = discover(&http, &candidates).await;
    let model = |provider, name: &str, api_base: String, context_window| LocalModel {
        provider,
        name: name.into(),
        api_base,
        context_window,
    };
    assert_eq!(
        found.models,
        vec![
            model(
                Provider::Ollama,
                "qwen2.5-coder:0.5b",
                ollama.base_url(),
                None
            ),
            model(
                Provider::LlamaCpp,
                "smollm2",
                format!("{}/v1", llamacpp.base_url()),
                None
            ),
            model(
                Provider::LmStudio,
                "qwen3-4b",
                format!("{}/v1", lmstudio.base_url()),
                Some(6000)
            ),
        ]
    );
    assert_eq!(found.absent, vec![candidates[3].clone()]);

    let limits = |m: &LocalModel| {
        let spec = ModelSpec::resolve(&m.model_string(), Some(&m.api_base), None, &|_| None);
        let http = http.clone();
        async move { runtime_limits(&http, &spec).await.unwrap().unwrap() }
    };
    let l = limits(&found.models[0]).await;
    assert_eq!(
        (l.context_window, l.source),
        (Some(8192), "Ollama /api/show")
    );
    let l = limits(&found.models[1]).await;
    assert_eq!(
        (l.context_window, l.source),
        (Some(2048), "llama.cpp /props")
    );
    let l = limits(&found.models[2]).await;
    assert_eq!(
        (l.context_window, l.source),
        (Some(6000), "LM Studio /api/v0/models")
    );
    for server in [&ollama, &llamacpp, &lmstudio] {
        server.assert_invariants();
    }
}

#[tokio::test]
async fn ollama_is_told_the_window_the_conversation_is_fitted_to() {
    let mut s = SessionFixture::builder(
        Script::new(vec![ScriptedResponse::text("hi")]).with_context_window(32768),
    )
    .model("ollama/scripted-model")
    .start()
    .await;
    s.say("hello");
    let events = s.until_turn_end().await;
    assert_eq!(
        notices(&events),
        vec!["context window 8192 tokens (from Ollama /api/show)".to_string()]
    );
    assert_eq!(
        s.server.model_requests()[0].body["options"]["num_ctx"],
        json!(8192)
    );

    // A window the person set wins, and the runtime is not asked.
    let mut s = SessionFixture::builder(Script::new(vec![ScriptedResponse::text("hi")]))
        .model("ollama/scripted-model")
        .configure(|c| c.context_window = Some(4096))
        .start()
        .await;
    s.say("hello");
    let events = s.until_turn_end().await;
    assert!(notices(&events).is_empty(), "{:?}", notices(&events));
    assert_eq!(
        s.server.model_requests()[0].body["options"]["num_ctx"],
        json!(4096)
    );
    // Asked once: whether the model thinks (its capabilities), not for a window.
    let shows: Vec<_> = s
        .server
        .requests()
        .into_iter()
        .filter(|r| r.path == "/api/show")
        .collect();
    assert_eq!(shows.len(), 1, "{shows:?}");
}

#[tokio::test]
async fn a_small_window_from_props_trims_old_outputs_then_old_exchanges() {
    let run = |code: &str| {
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": code}))
    };
    let mut s = SessionFixture::builder(
        Script::new(vec![
            run("print('a' * 2500)"),
            ScriptedResponse::text("first done"),
            run("print('b' * 2500)"),
            ScriptedResponse::text("second done"),
            ScriptedResponse::text("third done"),
        ])
        .with_context_window(2000),
    )
    .model("llamacpp/scripted-model")
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    let mut seen = Vec::new();
    for question in ["one", "two", "three"] {
        s.say(question);
        seen.extend(s.until_turn_end().await);
    }
    let notices = notices(&seen);
    assert_eq!(
        notices[0],
        "context window 2000 tokens (from llama.cpp /props)"
    );
    let fitted = |n: &&String| n.starts_with("to fit the model's 2000-token context window, ");
    assert!(
        notices
            .iter()
            .filter(fitted)
            .any(|n| !n.contains(", 0 earlier message(s)")),
        "{notices:?}"
    );
    assert!(
        notices
            .iter()
            .filter(fitted)
            .any(|n| !n.contains(" 0 old output(s)")),
        "{notices:?}"
    );
    // The newest output alone nearly fills this window: said before sending, not hidden.
    assert!(
        notices
            .iter()
            .any(|n| n
                .contains("tokens over the model's 2000-token context window even after trimming")),
        "{notices:?}"
    );
    let requests = s.server.model_requests();
    let last = requests.last().unwrap();
    let body = last.body.to_string();
    assert!(
        body.contains("characters left out to fit the context window"),
        "{body}"
    );
    assert_eq!(last.messages().last().unwrap()["content"], json!("three"));
    // Whatever was cut, every tool result still follows its call.
    s.server.assert_invariants();
}

#[tokio::test]
async fn a_broken_json_call_is_explained_to_the_model_which_then_runs_its_code() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(
            r#"{"name": "execute", "arguments": {"language": "python", "code": "print(6 * 7)"#,
        ),
        ScriptedResponse::text("```python\nprint(6 * 7)\n```"),
        ScriptedResponse::text("It is 42."),
    ]))
    .model("llamacpp/scripted-model")
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    s.say("what is 6*7?");
    let events = s.until_turn_end().await;
    let results = tool_results(&events);
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(
        results[0].1
            && results[0]
                .0
                .starts_with("Your tool call could not be read (EOF while parsing"),
        "{results:?}"
    );
    assert_eq!(results[1], ("42\n".to_string(), false));
    let told = &s.server.model_requests()[1];
    assert!(
        told.messages().last().unwrap()["content"]
            .as_str()
            .unwrap()
            .contains("could not be read")
    );
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: oi_protocol::TurnEndReason::Completed,
            ..
        })
    ));
    s.server.assert_invariants();
}

#[tokio::test]
async fn runtime_errors_and_endless_garbage_are_reported_and_the_session_goes_on() {
    let garbage = || {
        ScriptedResponse::text(
            "```json\n{\"name\": \"execute\", \"arguments\": {language: python}}\n```",
        )
    };
    let llama_500 = || ScriptedResponse::error(500, "Failed to parse tool call arguments as JSON");
    let mut turns: Vec<ScriptedResponse> = (0..5).map(|_| llama_500()).collect();
    // Four corrections in a row end a coached turn (three where the harness does not coach).
    turns.extend([
        garbage(),
        garbage(),
        garbage(),
        garbage(),
        ScriptedResponse::text("Back to normal."),
    ]);
    let mut s = SessionFixture::builder(Script::new(turns))
        .model("llamacpp/scripted-model")
        .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
        .start()
        .await;
    s.say("first");
    let events = s.until_turn_end().await;
    let error = events.iter().find_map(|e| match e {
        EventMsg::Error(info) => Some(info.clone()),
        _ => None,
    });
    let error = error.expect("the 500 was reported");
    assert_eq!(error.kind, oi_protocol::ErrorKind::Provider);
    assert!(
        error.message.contains("HTTP 500")
            && error
                .message
                .contains("Failed to parse tool call arguments"),
        "{error:?}"
    );

    s.say("second");
    let events = s.until_turn_end().await;
    let error = events.iter().find_map(|e| match e {
        EventMsg::Error(info) => Some(info.clone()),
        _ => None,
    });
    assert_eq!(
        error.expect("garbage was reported").kind,
        oi_protocol::ErrorKind::ModelOutput
    );
    assert_eq!(tool_results(&events).len(), 4);

    s.say("third");
    let events = s.until_turn_end().await;
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: oi_protocol::TurnEndReason::Completed,
            ..
        })
    ));
    assert_eq!(s.server.remaining(), 0);
}

/// The text of a chat message, whether its content is a string or text parts.
fn content_text(message: &serde_json::Value) -> String {
    match &message["content"] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    }
}

#[tokio::test]
async fn the_shape_of_a_file_the_request_names_goes_to_the_model_with_it() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(
            "```python\nimport csv\nrows = list(csv.DictReader(open('weather.csv')))\nprint(min(rows, key=lambda r: float(r['temp']))['city'])\n```",
        ),
        ScriptedResponse::text("The coldest city is oslo."),
        ScriptedResponse::text("Seven."),
    ]))
    .model("llamacpp/scripted-model")
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    std::fs::write(
        s.workdir.join("weather.csv"),
        "city,temp\noslo,-3.5\nrome,14.0\n",
    )
    .unwrap();
    let asked = "Which city in weather.csv was the coldest?";
    s.say(asked);
    let events = s.until_turn_end().await;
    // The person sees that the model was shown the file, and their message as they wrote it.
    assert!(
        notices(&events).contains(
            &"the shape of `weather.csv` (its columns, keys or first lines) goes to the model with the request".to_string()
        ),
        "{:?}",
        notices(&events)
    );
    let said: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::UserMessage { items } => Some(items.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(said, vec![vec![oi_protocol::InputItem::text(asked)]]);
    assert_eq!(tool_results(&events), vec![("oslo\n".to_string(), false)]);
    let requests = s.server.model_requests();
    let first = content_text(requests[0].messages().last().unwrap());
    assert_eq!(
        first,
        format!(
            "{asked}\n\n(For your code, `weather.csv` has 3 lines; the first is its header, with the columns `city`, `temp`.)"
        )
    );
    // The next turn names no file: the first request keeps its lines, so the conversation the
    // model read is the same (a runtime's cache of it still holds), and the new one gets none.
    std::fs::write(s.workdir.join("weather.csv"), "changed\n").unwrap();
    s.say("What is 3 + 4?");
    s.until_turn_end().await;
    let requests = s.server.model_requests();
    let last = requests.last().unwrap().messages();
    let users: Vec<String> = last
        .iter()
        .filter(|m| m["role"] == "user")
        .map(content_text)
        .collect();
    assert_eq!(users.first(), Some(&first), "{users:?}");
    assert_eq!(users.last().map(String::as_str), Some("What is 3 + 4?"));
    s.server.assert_invariants();
}

#[tokio::test]
async fn a_profile_that_does_not_coach_sends_the_request_as_written() {
    let mut s = SessionFixture::builder(Script::new(vec![ScriptedResponse::text("oslo")]))
        .model("llamacpp/scripted-model")
        .configure(|c| {
            c.approval_policy = ApprovalPolicy::Auto;
            c.profile = "claude-code".into();
        })
        .start()
        .await;
    std::fs::write(s.workdir.join("weather.csv"), "city,temp\noslo,-3.5\n").unwrap();
    let asked = "Which city in weather.csv was the coldest?";
    s.say(asked);
    let events = s.until_turn_end().await;
    assert!(
        !notices(&events)
            .iter()
            .any(|n| n.contains("goes to the model")),
        "{:?}",
        notices(&events)
    );
    let requests = s.server.model_requests();
    assert_eq!(content_text(requests[0].messages().last().unwrap()), asked);
    s.server.assert_invariants();
}

/// Two replies that ran nothing (a made-up tool, twice), then the request asked afresh: on
/// llama.cpp's server, which continues a reply it is given the start of, the request ends
/// with the assistant's "```python\n" and what the server streams is the rest of the block.
#[tokio::test]
async fn a_reply_stuck_on_made_up_tools_is_begun_as_code_where_the_runtime_continues_it() {
    let made_up = r#"```json
{"name": "hi", "arguments": {"hex_bytes": "0x48"}}
```"#;
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(made_up),
        ScriptedResponse::text(made_up),
        // What follows the start the request gave.
        ScriptedResponse::text("print('hi'.encode().hex())\n```"),
        ScriptedResponse::text("The text hi is 6869 as hexadecimal bytes."),
    ]))
    .model("llamacpp/scripted-model")
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    s.say("What is the text hi as hexadecimal bytes? Use code.");
    let events = s.until_turn_end().await;
    assert!(
        notices(&events)
            .contains(&"the model's reply is begun for it as a Python block".to_string()),
        "{:?}",
        notices(&events)
    );
    assert_eq!(
        tool_results(&events).last(),
        Some(&("6869\n".to_string(), false))
    );
    // The reply as the person sees it and the history keeps it: the start, then the rest.
    let replies: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::AssistantMessage { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(replies[2], "```python\nprint('hi'.encode().hex())\n```");
    let requests = s.server.model_requests();
    let third = requests[2].messages();
    assert_eq!(third.last().unwrap()["role"], "assistant");
    assert_eq!(content_text(third.last().unwrap()), "```python\n");
    // Not in the requests before it, nor in the one after the code ran.
    for n in [0, 1, 3] {
        assert_eq!(
            requests[n].messages().last().unwrap()["role"] == "assistant",
            false,
            "{n}"
        );
    }
    s.server.assert_invariants();
}

/// A provider that may answer a trailing assistant message anew is not given a start.
#[tokio::test]
async fn a_provider_that_may_not_continue_a_reply_is_asked_without_a_start() {
    let made_up = r#"{"name": "hi", "arguments": {"hex_bytes": "0x48"}}"#;
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(made_up),
        ScriptedResponse::text(made_up),
        ScriptedResponse::text("```python\nprint('hi'.encode().hex())\n```"),
        ScriptedResponse::text("It is 6869."),
    ]))
    .model("openai/scripted-model")
    .configure(|c| {
        c.approval_policy = ApprovalPolicy::Auto;
        c.profile = "classic".into();
    })
    .start()
    .await;
    s.say("What is the text hi as hexadecimal bytes? Use code.");
    let events = s.until_turn_end().await;
    assert!(
        !notices(&events).iter().any(|n| n.contains("begun for it")),
        "{:?}",
        notices(&events)
    );
    assert_eq!(
        tool_results(&events).last(),
        Some(&("6869\n".to_string(), false))
    );
    let requests = s.server.model_requests();
    assert!(requests.len() >= 3);
    assert!(
        requests
            .iter()
            .all(|r| r.messages().last().unwrap()["role"] != "assistant")
    );
    s.server.assert_invariants();
}

/// The code that printed the answer asked for again, then the answer asked afresh: on
/// llama.cpp's server the request ends with the start of the answer, holding the value the
/// code printed, and the model continues it.
#[tokio::test]
async fn an_answer_asked_afresh_is_begun_with_the_value_the_code_printed() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("```python\nprint(2**40)\n```"),
        ScriptedResponse::text("```python\nprint(2**40)\n```"),
        ScriptedResponse::text(" It is 2 to the 40th."),
    ]))
    .model("llamacpp/scripted-model")
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    s.say("What is 2 to the 40th? Use code.");
    let events = s.until_turn_end().await;
    assert!(
        notices(&events).contains(
            &"the model's answer is begun for it with the value its code printed".to_string()
        ),
        "{:?}",
        notices(&events)
    );
    let last = events
        .iter()
        .rev()
        .find_map(|e| match e {
            EventMsg::AssistantMessage { text, .. } => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(last, "The answer is 1099511627776. It is 2 to the 40th.");
    let requests = s.server.model_requests();
    let asked = requests.last().unwrap().messages();
    assert_eq!(
        content_text(asked.last().unwrap()),
        "The answer is 1099511627776."
    );
    assert_eq!(asked.last().unwrap()["role"], "assistant");
    s.server.assert_invariants();
}
