use pretty_assertions::assert_eq;

use super::common::{kernels_in, run};

#[tokio::test]
async fn declarations_persist_and_the_completion_value_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let first = run(
        &mut kernels,
        "javascript",
        "var a = 5;\nlet b = 2;\nfunction triple(n) { return 3 * n; }",
    )
    .await;
    assert_eq!(first.stdout, "");
    assert_eq!(first.exit_code, Some(0));
    assert_eq!(run(&mut kernels, "js", "a * b").await.stdout, "10\n");
    assert_eq!(run(&mut kernels, "node", "triple(b)").await.stdout, "6\n");
    assert_eq!(
        run(&mut kernels, "js", "console.log('logged')")
            .await
            .stdout,
        "logged\n"
    );
    assert_eq!(
        run(&mut kernels, "js", "require('path').join('a', 'b')")
            .await
            .stdout,
        "'a/b'\n"
    );
    assert_eq!(
        run(&mut kernels, "js", "Promise.resolve(41 + 1)")
            .await
            .stdout,
        "42\n"
    );
}

#[tokio::test]
async fn a_thrown_error_sets_the_error_status_and_keeps_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "js", "var kept = 'yes'").await;
    let failed = run(
        &mut kernels,
        "js",
        "console.error('warn'); throw new Error('boom')",
    )
    .await;
    assert_eq!(failed.exit_code, Some(1));
    assert!(failed.stderr.starts_with("warn\n"), "{}", failed.stderr);
    assert!(failed.stderr.contains("Error: boom"), "{}", failed.stderr);
    assert_eq!(run(&mut kernels, "js", "kept").await.stdout, "'yes'\n");

    let exited = run(&mut kernels, "js", "process.exit(3)").await;
    assert_eq!(exited.exit_code, Some(3));
    assert!(exited.kernel_restarted);
    assert_eq!(
        run(&mut kernels, "js", "typeof kept").await.stdout,
        "'undefined'\n"
    );
}
