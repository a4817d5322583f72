//! Discovery endpoints, unknown paths, and the `oi-scripted-model` binary.

use std::io::BufRead;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

async fn get(url: String) -> (u16, Value) {
    let response = reqwest::get(url).await.expect("GET");
    let status = response.status().as_u16();
    (status, response.json().await.expect("JSON"))
}

#[tokio::test]
async fn discovery_reports_the_scripted_models_and_context_window() {
    let server = ScriptedModelServer::start(
        Script::default()
            .with_models(["gpt-4o", "llama3.2"])
            .with_context_window(8192),
    )
    .await;
    let base = server.base_url();
    let (status, models) = get(format!("{base}/v1/models")).await;
    assert_eq!(status, 200);
    assert_eq!(models["object"], "list");
    let ids: Vec<&str> = models["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|m| m["id"].as_str().expect("id"))
        .collect();
    assert_eq!(ids, ["gpt-4o", "llama3.2"]);
    assert_eq!(models["data"][0]["object"], "model");

    let anthropic: Value = reqwest::Client::new()
        .get(format!("{base}/v1/models"))
        .header("anthropic-version", "2023-06-01")
        .send()
        .await
        .expect("GET")
        .json()
        .await
        .expect("JSON");
    assert_eq!(anthropic["data"][0]["type"], "model");
    assert_eq!(anthropic["has_more"], false);

    let (_, tags) = get(format!("{base}/api/tags")).await;
    assert_eq!(tags["models"][1]["name"], "llama3.2:latest");
    assert_eq!(tags["models"][1]["details"]["format"], "gguf");

    let show: Value = reqwest::Client::new()
        .post(format!("{base}/api/show"))
        .json(&json!({"model": "llama3.2:latest"}))
        .send()
        .await
        .expect("POST")
        .json()
        .await
        .expect("JSON");
    let arch = show["model_info"]["general.architecture"]
        .as_str()
        .expect("arch");
    assert_eq!(show["model_info"][format!("{arch}.context_length")], 8192);
    let missing = reqwest::Client::new()
        .post(format!("{base}/api/show"))
        .json(&json!({"model": "nope"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(missing.status().as_u16(), 404);

    let (_, props) = get(format!("{base}/props")).await;
    assert_eq!(props["default_generation_settings"]["n_ctx"], 8192);
    assert_eq!(
        get(format!("{base}/health")).await,
        (200, json!({"status": "ok"}))
    );
    server.assert_invariants();
    assert_eq!(server.model_requests().len(), 0);

    let (status, _) = get(format!("{base}/v2/unknown")).await;
    assert_eq!(status, 404);
    assert!(server.violations()[0].contains("/v2/unknown"));
}

#[test]
fn script_round_trips_through_json() {
    let script = Script::new(vec![
        ScriptedResponse::reasoning("r")
            .then_tool_call("execute", json!({"code": "ls"}))
            .with_usage(1, 2),
        ScriptedResponse::error(429, "").delayed_ms(5).then_hang(),
        ScriptedResponse::text("x")
            .then_drop_connection()
            .truncated(),
    ]);
    let text = serde_json::to_string(&script).expect("serialize");
    assert_eq!(Script::from_json(&text).expect("parse"), script);
    let handwritten = r#"{"turns": [
        {"parts": [{"text": "hi"}, {"tool_call": {"name": "execute", "arguments": {"code": "ls"}}}, {"delay_ms": 5}, "hang"]},
        {"parts": [{"http_error": {"status": 429}}], "usage": [3, 4]}
    ]}"#;
    let parsed = Script::from_json(handwritten).expect("parse");
    assert_eq!(parsed.turns.len(), 2);
    assert_eq!(parsed.models, ["scripted-model"]);
}

#[tokio::test]
async fn binary_prints_its_url_and_serves_a_script_file() {
    let dir = std::env::temp_dir().join(format!("oi-scripted-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("script.json");
    std::fs::write(
        &path,
        r#"{"turns": [{"parts": [{"text": "from a file"}]}], "models": ["m1"]}"#,
    )
    .expect("write");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_oi-scripted-model"))
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read URL");
    let base = first.trim().to_owned();
    assert!(base.starts_with("http://127.0.0.1:"), "{base:?}");
    let body: Value = reqwest::Client::new()
        .post(format!("{base}/v1/chat/completions"))
        .json(&json!({"model": "m1", "messages": [{"role": "user", "content": "hi"}]}))
        .send()
        .await
        .expect("POST")
        .json()
        .await
        .expect("JSON");
    assert_eq!(body["choices"][0]["message"]["content"], "from a file");
    child.kill().expect("kill");
    child.wait().expect("wait");
    std::fs::remove_dir_all(&dir).ok();
}
