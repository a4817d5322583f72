//! The real GGUF in this process, through the same `ModelClient` every provider implements.

use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::Arc;

use futures::StreamExt;
use oi_llama::{BuiltinRuntime, EngineOptions};
use oi_model::in_process::InProcessRuntime;
use oi_model::{ChatMessage, ModelClient, ModelError, ModelEvent, ModelRequest, ModelSpec, Role};

use oi_test_support::local_model::text_of;

use super::support::{collect, real_gguf};

/// Options that keep nothing on disk (the prompt cache has its own test).
fn options() -> EngineOptions {
    EngineOptions {
        prompt_cache: None,
        ..EngineOptions::default()
    }
}

fn runtime() -> Arc<BuiltinRuntime> {
    Arc::new(BuiltinRuntime::new(None, options()))
}

fn client_for(runtime: &BuiltinRuntime, model: &str) -> Box<dyn ModelClient> {
    let spec = ModelSpec::resolve(model, None, None, &|_| None);
    runtime.client(&spec).unwrap()
}

fn ask(text: &str) -> ModelRequest {
    ModelRequest {
        model: "qwen".into(),
        system: "You are a terse assistant.".into(),
        messages: vec![ChatMessage::text(Role::User, text)],
        temperature: Some(0.0),
        max_tokens: Some(24),
        ..ModelRequest::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_real_gguf_answers_with_its_own_template_and_context() {
    let rt = runtime();
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    let limits = client.own_limits().await.unwrap().unwrap();
    // Trained for 32768 tokens; the runtime gives it its cap.
    assert_eq!(limits.context_window, Some(oi_llama::CONTEXT_CAP));
    let events = collect(
        client.as_ref(),
        &ask("What is the capital of France? One word."),
    )
    .await
    .unwrap();
    let text = text_of(&events);
    assert!(text.contains("Paris"), "{events:?}");
    assert!(
        !text.contains("<|im_end|>") && !text.contains("<|im_start|>"),
        "{text}"
    );
    let usage = events.iter().find_map(|e| match e {
        ModelEvent::Usage {
            input_tokens,
            output_tokens,
        } => Some((*input_tokens, *output_tokens)),
        _ => None,
    });
    let (input, output) = usage.expect("a usage event");
    assert!(input > 10 && output > 0 && output <= 24, "{usage:?}");
    assert_eq!(
        events.last(),
        Some(&ModelEvent::Done {
            stop_reason: Some("stop".into())
        })
    );
}

/// A request whose last message is the assistant's start: the model continues it (the turn
/// begins a stuck small model's reply as a Python block), as llama.cpp's server does.
#[tokio::test(flavor = "multi_thread")]
async fn a_reply_given_its_start_is_continued_from_there() {
    let rt = runtime();
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    assert!(client.continues_reply());
    let mut request = ask("Write Python code that prints 6 times 7.");
    request.max_tokens = Some(32);
    request
        .messages
        .push(ChatMessage::text(Role::Assistant, "```python\n"));
    let text = text_of(&collect(client.as_ref(), &request).await.unwrap());
    // The code itself, not a reply begun anew with a fence of its own.
    assert!(!text.trim_start().starts_with("```"), "{text}");
    assert!(text.contains("print("), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_conversation_that_grows_gives_the_same_answers_as_a_fresh_one() {
    // The engine keeps the previous prompt's tokens and evaluates only what is new; greedy
    // answers must not depend on what was cached.
    let rt = runtime();
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    let first = ask("Name a prime number between 10 and 20.");
    let answer = text_of(&collect(client.as_ref(), &first).await.unwrap());
    let again = text_of(&collect(client.as_ref(), &first).await.unwrap());
    assert_eq!(answer, again);
    let mut longer = first.clone();
    longer
        .messages
        .push(ChatMessage::text(Role::Assistant, answer.clone()));
    longer
        .messages
        .push(ChatMessage::text(Role::User, "And one between 20 and 30?"));
    let warm = text_of(&collect(client.as_ref(), &longer).await.unwrap());
    let fresh_rt = runtime();
    let fresh = client_for(&fresh_rt, real_gguf().to_str().unwrap());
    let cold = text_of(&collect(fresh.as_ref(), &longer).await.unwrap());
    assert_eq!(warm, cold);
    assert!(!warm.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dropped_stream_stops_and_the_next_request_is_answered() {
    let rt = runtime();
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    let mut long = ask("Count from 1 to 200, one number a line.");
    long.max_tokens = Some(600);
    let mut stream = client.stream(&long).await.unwrap();
    let first = stream.next().await.unwrap().unwrap();
    assert!(matches!(first, ModelEvent::TextDelta(_)), "{first:?}");
    drop(stream);
    let events = collect(client.as_ref(), &ask("Say OK.")).await.unwrap();
    assert!(
        matches!(events.last(), Some(ModelEvent::Done { .. })),
        "{events:?}"
    );
    assert!(text_of(&events).to_lowercase().contains("ok"), "{events:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn tools_are_offered_through_the_gguf_template() {
    // The 0.5B model answers a tool request with a call: native when it writes Qwen's
    // `<tool_call>` tags, else the bare JSON object the engine's text-call shim takes.
    let rt = runtime();
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    let mut request = ask("Run Python code that prints 6*7. Use the execute tool.");
    request.max_tokens = Some(80);
    request.tools = vec![oi_model::ToolSpec {
        name: "execute".into(),
        description: "Runs code on the user's machine and returns its output".into(),
        parameters: serde_json::json!({"type": "object", "properties": {
            "language": {"type": "string"}, "code": {"type": "string"}},
            "required": ["language", "code"]}),
    }];
    let events = collect(client.as_ref(), &request).await.unwrap();
    let native = events.iter().find_map(|e| match e {
        ModelEvent::ToolCall(c) => Some(c.clone()),
        _ => None,
    });
    let text = text_of(&events);
    match native {
        Some(call) => {
            assert_eq!(call.name, "execute", "{events:?}");
            assert!(
                call.arguments["code"].as_str().unwrap_or("").contains("6"),
                "{call:?}"
            );
        }
        None => assert!(
            text.contains("\"execute\"") && text.contains("6"),
            "neither a native call nor a JSON call in: {text}"
        ),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_models_say_what_is_wrong_and_the_runtime_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    let message = |e: ModelError| {
        assert!(matches!(e, ModelError::Builtin { .. }), "{e:?}");
        e.to_string()
    };

    let missing = dir.path().join("missing.gguf");
    let client = client_for(&rt, missing.to_str().unwrap());
    let err = message(collect(client.as_ref(), &ask("hi")).await.unwrap_err());
    assert!(
        err.contains("missing.gguf") && err.contains("No such file"),
        "{err}"
    );

    let not_gguf = dir.path().join("notes.gguf");
    std::fs::write(&not_gguf, "just some text, not a model").unwrap();
    let client = client_for(&rt, not_gguf.to_str().unwrap());
    let err = message(collect(client.as_ref(), &ask("hi")).await.unwrap_err());
    assert!(err.contains("not a GGUF file"), "{err}");

    // A real GGUF cut short: the header is right, the tensors are missing.
    let truncated = dir.path().join("truncated.gguf");
    let size = std::fs::metadata(real_gguf()).unwrap().len();
    let mut head = Vec::new();
    std::fs::File::open(real_gguf())
        .unwrap()
        .take(size / 3)
        .read_to_end(&mut head)
        .unwrap();
    std::fs::write(&truncated, &head).unwrap();
    let client = client_for(&rt, truncated.to_str().unwrap());
    let err = message(collect(client.as_ref(), &ask("hi")).await.unwrap_err());
    assert!(err.contains("could not load it"), "{err}");

    // The real model with its template's key renamed: it loads, but has no chat template.
    let untemplated = dir.path().join("untemplated.gguf");
    std::fs::copy(real_gguf(), &untemplated).unwrap();
    let key = b"tokenizer.chat_template";
    let at = head
        .windows(key.len())
        .position(|w| w == key)
        .expect("the template key in the header");
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(&untemplated)
        .unwrap();
    file.seek(SeekFrom::Start((at + key.len() - 1) as u64))
        .unwrap();
    file.write_all(b"X").unwrap();
    drop(file);
    let client = client_for(&rt, untemplated.to_str().unwrap());
    let err = message(collect(client.as_ref(), &ask("hi")).await.unwrap_err());
    assert!(err.contains("no chat template"), "{err}");

    let err = message(
        client_for(&rt, "builtin/no-such-model")
            .stream(&ask("hi"))
            .await
            .err()
            .unwrap(),
    );
    assert!(err.contains("qwen2.5-coder-0.5b"), "{err}");

    // The same runtime still runs a good model.
    let client = client_for(&rt, real_gguf().to_str().unwrap());
    let events = collect(client.as_ref(), &ask("Say yes.")).await.unwrap();
    assert!(!text_of(&events).is_empty(), "{events:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_named_model_is_taken_from_the_cache_and_never_fetched() {
    let cache = tempfile::tempdir().unwrap();
    let rt = Arc::new(BuiltinRuntime::new(
        Some(cache.path().to_path_buf()),
        options(),
    ));
    let err = client_for(&rt, "builtin/qwen2.5-coder-0.5b")
        .stream(&ask("hi"))
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("not downloaded") && err.contains("interpreter --local"),
        "{err}"
    );
    let model = oi_llama::models::find("qwen2.5-coder-0.5b").unwrap();
    std::os::unix::fs::symlink(real_gguf(), model.path_in(cache.path())).unwrap();
    let client = client_for(&rt, "builtin/qwen2.5-coder-0.5b");
    let events = collect(client.as_ref(), &ask("Say hello.")).await.unwrap();
    assert!(!text_of(&events).is_empty(), "{events:?}");
}

/// A long system prompt and a short question, as a session's first request is.
fn first_request(question: &str) -> ModelRequest {
    let rules = "Answer in as few words as you can. Never explain. Use digits for numbers. ";
    ModelRequest {
        system: format!("You are a terse assistant. {}", rules.repeat(12)),
        ..ask(question)
    }
}

/// What an engine with nothing read before answers.
async fn fresh_answer(gguf: &str, request: &ModelRequest) -> String {
    text_of(
        &collect(client_for(&runtime(), gguf).as_ref(), request)
            .await
            .unwrap(),
    )
}

/// Options that keep the prompt's state in `dir`.
fn keeping_in(dir: &std::path::Path) -> EngineOptions {
    EngineOptions {
        prompt_cache: Some(dir.to_path_buf()),
        ..EngineOptions::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_read_once_is_kept_for_the_next_process_and_a_bad_file_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let kept = keeping_in(dir.path());
    let gguf = real_gguf();
    let gguf = gguf.to_str().unwrap();
    let state_file = || {
        let files: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        files[0].clone()
    };
    // The first process reads the prompt from scratch and keeps it after answering.
    let first = Arc::new(BuiltinRuntime::new(None, kept.clone()));
    let a = collect(
        client_for(&first, gguf).as_ref(),
        &first_request("What is 2+2?"),
    )
    .await
    .unwrap();
    assert!(!text_of(&a).is_empty(), "{a:?}");
    let file = state_file();
    assert!(file.extension().is_some_and(|e| e == "state"), "{file:?}");
    let saved = std::fs::read(&file).unwrap();
    // The next starts from it: the same system prompt is not read again, the file is not
    // written again, and the answer to a new question is the one a fresh engine gives.
    let question = first_request("What is 3+5?");
    let next = Arc::new(BuiltinRuntime::new(None, kept.clone()));
    let warm = text_of(
        &collect(client_for(&next, gguf).as_ref(), &question)
            .await
            .unwrap(),
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        saved,
        "kept once, used after"
    );
    let cold = fresh_answer(gguf, &question).await;
    assert_eq!(warm, cold);
    assert!(!warm.is_empty());
    // A file llama.cpp refuses (cut short) is dropped, the answer comes all the same, and a
    // good file takes its place.
    std::fs::write(&file, &saved[..saved.len() / 3]).unwrap();
    let third = Arc::new(BuiltinRuntime::new(None, kept));
    let again = text_of(
        &collect(client_for(&third, gguf).as_ref(), &question)
            .await
            .unwrap(),
    );
    assert_eq!(again, cold);
    let replaced = std::fs::read(state_file()).unwrap();
    assert!(replaced.len() > saved.len() / 3, "{} bytes", replaced.len());
}

/// A session reads its first prompt while the person types: the prompt is kept before any
/// request (so the next process starts from it too), and the request that follows answers as
/// a fresh engine does.
#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_read_ahead_is_kept_before_any_request_and_the_answer_is_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let kept = keeping_in(dir.path());
    let gguf = real_gguf();
    let gguf = gguf.to_str().unwrap();
    let files = || -> Vec<_> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "state"))
            .collect()
    };
    let rt = Arc::new(BuiltinRuntime::new(None, kept));
    let client = client_for(&rt, gguf);
    // What the session sends at its start: the system prompt and an empty first message.
    client.warm(&first_request(""));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while files().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "nothing kept within 120 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let file = files()[0].clone();
    let saved = std::fs::read(&file).unwrap();
    let question = first_request("What is 3+5?");
    let warm = text_of(&collect(client.as_ref(), &question).await.unwrap());
    let cold = fresh_answer(gguf, &question).await;
    assert_eq!(warm, cold);
    assert!(!warm.is_empty());
    assert_eq!(std::fs::read(&file).unwrap(), saved, "kept once");
}
