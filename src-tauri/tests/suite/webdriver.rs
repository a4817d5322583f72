//! Just enough of the W3C WebDriver protocol over HTTP: sessions, elements, clicks, keys, scripts.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct WebDriver {
    http: reqwest::Client,
    url: String,
}

impl WebDriver {
    pub async fn start(driver_url: &str, capabilities: Value) -> WebDriver {
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let resp = http
                .post(format!("{driver_url}/session"))
                .json(&json!({"capabilities": {"alwaysMatch": capabilities}}))
                .send()
                .await;
            match resp {
                Ok(r) => {
                    let body: Value = r.json().await.unwrap();
                    let id = body["value"]["sessionId"]
                        .as_str()
                        .unwrap_or_else(|| panic!("no WebDriver session: {body}"));
                    return WebDriver {
                        http,
                        url: format!("{driver_url}/session/{id}"),
                    };
                }
                Err(e) if Instant::now() < deadline => {
                    eprintln!("waiting for the driver: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("cannot reach tauri-driver: {e}"),
            }
        }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut req = self.http.request(method, format!("{}{path}", self.url));
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp: Value = req.send().await.unwrap().json().await.unwrap();
        if resp["value"].get("error").is_some() {
            panic!("WebDriver {path}: {}", resp["value"]);
        }
        resp["value"].clone()
    }

    /// Runs `script` in the page (its arguments are `arguments[0..]`) and returns its value.
    pub async fn js(&self, script: &str, args: Value) -> Value {
        self.call(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
        .await
    }

    pub async fn find(&self, css: &str) -> String {
        let v = self
            .call(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        v[ELEMENT].as_str().unwrap().to_string()
    }

    pub async fn click(&self, css: &str) {
        let el = self.find(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{el}/click"),
            Some(json!({})),
        )
        .await;
    }

    pub async fn type_into(&self, css: &str, text: &str) {
        let el = self.find(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{el}/value"),
            Some(json!({"text": text})),
        )
        .await;
    }

    /// Waits until `script` returns something other than null/false, and returns it.
    pub async fn wait_for(&self, what: &str, script: &str, args: Value) -> Value {
        let deadline = Instant::now() + Duration::from_secs(45);
        loop {
            let v = self.js(script, args.clone()).await;
            if !(v.is_null() || v == Value::Bool(false)) {
                return v;
            }
            if Instant::now() > deadline {
                let page = self.js("return document.body.innerText", json!([])).await;
                panic!(
                    "timed out waiting for {what}; the page says:\n{}",
                    page.as_str().unwrap_or_default()
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The text of the first element matching `css`, once one exists and `pred` holds for it.
    pub async fn text_when(&self, css: &str, contains: &str) -> String {
        let script = "const e = [...document.querySelectorAll(arguments[0])].find(e => e.textContent.includes(arguments[1])); return e ? e.textContent : null;";
        let v = self
            .wait_for(
                &format!("{css} containing {contains:?}"),
                script,
                json!([css, contains]),
            )
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    /// The app (this test's build) talking to the scripted model at `api_base`, with `extra`
    /// flags, once its composer is on the page.
    pub async fn open_app(driver_url: &str, api_base: &str, extra: &[&str]) -> WebDriver {
        let mut args = vec!["--model", "openai/scripted", "--api-base", api_base];
        args.extend_from_slice(extra);
        WebDriver::open_app_with(driver_url, &args).await
    }

    /// The app (this test's build) launched with `args`, once its composer is on the page.
    pub async fn open_app_with(driver_url: &str, args: &[&str]) -> WebDriver {
        WebDriver::open_app_at(
            driver_url,
            Path::new(env!("CARGO_BIN_EXE_interpreter-gui")),
            args,
        )
        .await
    }

    /// The app binary at `app` launched with `args`, once its composer is on the page.
    pub async fn open_app_at(driver_url: &str, app: &Path, args: &[&str]) -> WebDriver {
        let wd = WebDriver::start(
            driver_url,
            json!({"tauri:options": {"application": app, "args": args}}),
        )
        .await;
        wd.wait_for(
            "the composer",
            "return document.querySelector('[data-testid=message-input]') !== null",
            json!([]),
        )
        .await;
        wd
    }

    /// Sends a message through the app's composer.
    pub async fn say(&self, text: &str) {
        self.type_into("[data-testid=message-input]", text).await;
        self.click("[data-testid=send]").await;
    }

    /// The id of the first card after the first `after` ones that waits for approval.
    pub async fn pending_card(&self, after: usize) -> String {
        let script = "const c = [...document.querySelectorAll('[data-testid=call-card]')]; \
                      const p = c.slice(arguments[0]).find(e => e.dataset.state === 'pending'); return p ? p.dataset.callId : null;";
        let v = self
            .wait_for("a card waiting for approval", script, json!([after]))
            .await;
        v.as_str().unwrap().to_string()
    }

    /// Approves the first card after the first `after` waiting for approval and returns its
    /// output once it holds `contains`.
    pub async fn approve_and_read(&self, after: usize, contains: &str) -> String {
        let card = self.pending_card(after).await;
        self.click(&format!("[data-call-id='{card}'] [data-testid=approve]"))
            .await;
        self.text_when(
            &format!("[data-call-id='{card}'] [data-testid=exec-output]"),
            contains,
        )
        .await
    }

    /// The page as WebKit renders it now, as a PNG (an X screenshot can lag behind the page).
    pub async fn screenshot(&self, path: &std::path::Path) {
        use base64::Engine;
        let png = self.call(reqwest::Method::GET, "/screenshot", None).await;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(png.as_str().unwrap_or_default())
            .unwrap();
        std::fs::write(path, bytes).unwrap();
    }

    pub async fn close(&self) {
        let _ = self.http.delete(&self.url).send().await;
    }
}
