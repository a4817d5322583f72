//! The app runs models in its own process, as the terminal does. The app `bash .ci/install`
//! built refused the `builtin/…` model the terminal had remembered: it was built without the
//! runtime. Here the app of this build answers with the real 0.5B GGUF as the cached
//! recommended model, with no server.

use std::time::Duration;

use serde_json::json;

use super::desktop::Desktop;
use super::webdriver::WebDriver;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_runs_the_cached_builtin_model_in_its_own_process() {
    let gguf = &oi_test_support::local_model::local_model().gguf;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    // Where a download would have put it.
    let models = home.path().join("cache/open-interpreter/models");
    std::fs::create_dir_all(&models).unwrap();
    std::os::unix::fs::symlink(gguf, models.join("qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"))
        .unwrap();
    let mut env = super::desktop::app_env(home.path());
    env.push((
        "XDG_CACHE_HOME",
        home.path().join("cache").display().to_string(),
    ));
    let desktop = Desktop::start(work.path(), &env);
    let wd = WebDriver::open_app_with(
        &desktop.driver_url,
        &["--model", "builtin/qwen2.5-coder-0.5b"],
    )
    .await;

    let outcome = async {
        wd.say("What is 2 + 3?").await;
        // The context window comes from the GGUF: the model is loaded in the app's process.
        wd.text_when("[data-testid=notice]", "built-in runtime")
            .await;
        // And it answers to the end: code waiting for approval, or words once it is idle.
        wd.wait_for(
            "the model's whole answer",
            "const m = document.querySelector('[data-testid=assistant-message]'); \
             const idle = document.querySelector('[data-testid=activity]').textContent === 'idle'; \
             return document.querySelector('[data-call-id]') !== null \
                 || (idle && m !== null && m.textContent.trim().length > 0)",
            json!([]),
        )
        .await;
        let errors = wd
            .js(
                "return [...document.querySelectorAll('[data-testid=error], [data-testid=command-error]')].map(e => e.textContent.trim()).filter(t => t.length > 0)",
                json!([]),
            )
            .await;
        assert_eq!(errors, json!([]), "{errors}");
        let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("builtin-runtime.png");
        wd.screenshot(&shot).await;
    };
    desktop
        .run_app_test(&wd, "builtin-runtime", Duration::from_secs(180), outcome)
        .await;
}
