use oi_protocol::ExecStatus;
use pretty_assertions::assert_eq;

use super::common::{kernels_in, run};

#[tokio::test]
async fn variables_persist_and_a_final_expression_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let first = run(
        &mut kernels,
        "python",
        "x = 6\ndef double(n):\n    return 2 * n\n",
    )
    .await;
    assert_eq!(first.stdout, "");
    assert_eq!(first.exit_code, Some(0));
    assert_eq!(run(&mut kernels, "py", "123 * 456").await.stdout, "56088\n");
    assert_eq!(
        run(&mut kernels, "python3", "y = double(x)\ny + 30")
            .await
            .stdout,
        "42\n"
    );
    // A call returning None shows nothing; print shows once.
    assert_eq!(
        run(&mut kernels, "python", "print('hi')").await.stdout,
        "hi\n"
    );
    assert_eq!(
        run(&mut kernels, "python", "'text'").await.stdout,
        "'text'\n"
    );
    let cwd = run(&mut kernels, "python", "import os\nos.getcwd()")
        .await
        .stdout;
    assert_eq!(
        cwd,
        format!("'{}'\n", dir.path().canonicalize().unwrap().display())
    );
}

#[tokio::test]
async fn an_exception_sets_the_error_status_and_keeps_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "python", "kept = 'yes'").await;
    let failed = run(&mut kernels, "python", "print('before')\n1 / 0").await;
    assert_eq!(failed.status, ExecStatus::Completed);
    assert_eq!(failed.exit_code, Some(1));
    assert_eq!(failed.stdout, "before\n");
    assert!(
        failed.stderr.contains("ZeroDivisionError"),
        "{}",
        failed.stderr
    );
    assert!(
        failed.stderr.contains("1 / 0"),
        "source line shown: {}",
        failed.stderr
    );
    assert!(
        !failed.stderr.contains("_oi_kernel"),
        "driver frames hidden: {}",
        failed.stderr
    );
    assert!(!failed.kernel_restarted);

    let syntax = run(&mut kernels, "python", "def broken(:\n").await;
    assert_eq!(syntax.exit_code, Some(1));
    assert!(syntax.stderr.contains("SyntaxError"), "{}", syntax.stderr);
    // Only where in the cell and what: no frames of the kernel or of Python's parser.
    assert!(
        syntax.stderr.starts_with("  File \"<cell")
            && !syntax.stderr.contains("Traceback")
            && !syntax.stderr.contains("ast.py")
            && !syntax.stderr.contains("<string>"),
        "{}",
        syntax.stderr
    );

    assert_eq!(run(&mut kernels, "python", "kept").await.stdout, "'yes'\n");
}

#[tokio::test]
async fn input_does_not_read_the_kernels_requests() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let outcome = run(&mut kernels, "python", "input()").await;
    assert_eq!(outcome.exit_code, Some(1));
    assert!(outcome.stderr.contains("EOFError"), "{}", outcome.stderr);
    assert_eq!(run(&mut kernels, "python", "1 + 1").await.stdout, "2\n");
}

#[tokio::test]
async fn os_exit_and_sys_exit_end_the_kernel_and_the_next_block_gets_a_fresh_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "python", "lost = 1").await;
    let crashed = run(
        &mut kernels,
        "python",
        "import os\nprint('going', flush=True)\nos._exit(1)",
    )
    .await;
    assert_eq!(crashed.status, ExecStatus::Completed);
    assert_eq!(crashed.exit_code, Some(1));
    assert_eq!(crashed.stdout, "going\n");
    assert!(crashed.kernel_restarted);

    let fresh = run(&mut kernels, "python", "'lost' in globals()").await;
    assert_eq!(fresh.stdout, "False\n");

    let exited = run(&mut kernels, "python", "import sys\nsys.exit(4)").await;
    assert_eq!(exited.exit_code, Some(4));
    assert!(exited.kernel_restarted);
    assert_eq!(
        run(&mut kernels, "python", "'back'").await.stdout,
        "'back'\n"
    );
}

#[tokio::test]
async fn main_namespace_is_the_code_namespace() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    // Pickling a class defined in a block needs it to live in __main__.
    let code = "import pickle\nclass Point:\n    pass\np = pickle.loads(pickle.dumps(Point()))\ntype(p).__name__";
    assert_eq!(run(&mut kernels, "python", code).await.stdout, "'Point'\n");
}

#[tokio::test]
async fn import_computer_gives_the_ready_computer_object() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let code = "ready = computer\nimport computer\nfrom computer import files\n\
                print(computer is ready, files is ready.files)";
    assert_eq!(
        run(&mut kernels, "python", code).await.stdout,
        "True True\n"
    );
    // As a module path, the way Qwen2.5-Coder-1.5B wrote it when told of computer.files.read.
    let code = "import computer.files\nfrom computer.files import read\nimport computer.display\n\
                print(computer is ready, computer.files is ready.files, read == ready.files.read)";
    assert_eq!(
        run(&mut kernels, "python", code).await.stdout,
        "True True True\n"
    );
}

/// The `execute` tool called from Python, as Qwen2.5-Coder-1.5B wrote it inside its code
/// (`result = execute("python", "reverse_string('stressed')")`): it runs.
#[tokio::test]
async fn the_execute_tool_called_from_python_runs_the_code() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let code = "def reverse_string(s):\n    return s[::-1]\n\
                result = execute(\"python\", \"reverse_string('stressed')\")\nprint(result)";
    assert_eq!(run(&mut kernels, "python", code).await.stdout, "desserts\n");
    // Keywords, state shared with the cell, a shell command, and the code alone.
    let code = "execute(language='python', code='shared = 6 * 7')\nprint(shared)\n\
                print(execute('shell', 'echo hi').strip())\nprint(execute('1 + 1'))";
    let out = run(&mut kernels, "python", code).await;
    assert_eq!(out.stdout, "42\nhi\n2\n", "{}", out.stderr);
    // Another language says what to do; a name of the person's own wins.
    let out = run(&mut kernels, "python", "execute('ruby', 'puts 1')").await;
    assert!(
        out.stderr.contains("runs python or shell, not 'ruby'"),
        "{}",
        out.stderr
    );
    let code = "def execute(x):\n    return 'mine'\nprint(execute(1))";
    assert_eq!(run(&mut kernels, "python", code).await.stdout, "mine\n");
}

#[tokio::test]
async fn top_level_await_runs_like_in_a_notebook() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let code = "import asyncio\nasync def answer():\n    await asyncio.sleep(0.01)\n    return 42\nvalue = await answer()\nvalue";
    assert_eq!(run(&mut kernels, "python", code).await.stdout, "42\n");
    // asyncio.run still works in later blocks: the kernel's loop is not running then.
    assert_eq!(
        run(&mut kernels, "python", "asyncio.run(answer())")
            .await
            .stdout,
        "42\n"
    );
}

/// `pip install --user` while the kernel runs makes the user site folder the kernel's Python
/// did not have at its start: the next block imports what was installed, as after a restart
/// (a weak model installed pandas, then its code failed to import it until the turn ran out).
#[tokio::test]
async fn a_package_installed_for_the_user_while_the_kernel_runs_imports_in_the_next_block() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("userbase");
    let mut options = oi_exec::KernelOptions::new(dir.path());
    options
        .env
        .push(("PYTHONUSERBASE".into(), base.display().to_string()));
    let mut kernels = oi_exec::Kernels::new(options);
    let missing = run(&mut kernels, "python", "import oi_installed_later").await;
    assert_eq!(missing.exit_code, Some(1));
    assert!(
        missing
            .stderr
            .contains("No module named 'oi_installed_later'"),
        "{}",
        missing.stderr
    );
    // What pip --user does: the user site folder, made now, with the module in it.
    let site = run(
        &mut kernels,
        "python",
        "import site\nprint(site.getusersitepackages())",
    )
    .await;
    let site = std::path::PathBuf::from(site.stdout.trim());
    assert!(site.starts_with(&base), "{}", site.display());
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("oi_installed_later.py"), "VALUE = 42\n").unwrap();
    let imported = run(
        &mut kernels,
        "python",
        "import oi_installed_later\nprint(oi_installed_later.VALUE)",
    )
    .await;
    assert_eq!(imported.stdout, "42\n", "{}", imported.stderr);
}

#[tokio::test]
async fn output_without_end_streams_a_mebibyte_then_says_so_then_its_end_and_the_outcome_keeps_it()
{
    // Twenty-seventh set, task 32 (0.5B): `while True: print(...)` for a minute streamed
    // 391 MB of events into the session log.
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let code =
        "for i in range(200_000):\n    print(f'line {i:06d} of a long run')\nprint('the end')";
    let ran = super::common::try_run(&mut kernels, "python", code)
        .await
        .unwrap();
    let streamed: String = ran.chunks.iter().map(|(_, text)| text.as_str()).collect();
    let marker = oi_exec::stream_cut_marker(oi_exec::STREAM_LIMIT);
    // The first mebibyte, the line that says it goes on, then once it ended: how much was not
    // shown, and its last lines.
    let (head, end) = streamed.split_once(&marker).unwrap();
    assert!(head.len() <= oi_exec::STREAM_LIMIT);
    assert!(head.starts_with("line 000000 of a long run\n"));
    let (skipped, end) = end.split_once(":] …\n").unwrap();
    assert!(
        skipped.starts_with("… [") && skipped.ends_with("MiB not shown; the end of the output"),
        "{skipped}"
    );
    assert!(end.len() <= oi_exec::STREAM_END);
    assert!(end.starts_with("line "), "{}", &end[..40]);
    assert!(
        end.ends_with("line 199999 of a long run\nthe end\n"),
        "{}",
        &end[end.len() - 100..]
    );
    assert_eq!(streamed.matches("the output goes on past").count(), 1);
    // The outcome: its head, a trim marker and its end.
    let out = &ran.outcome.stdout;
    assert!(out.starts_with("line 000000 of a long run\n"));
    assert!(
        out.ends_with("line 199999 of a long run\nthe end\n"),
        "{}",
        &out[out.len() - 100..]
    );
    assert!(out.contains("[trimmed "));
    assert_eq!(ran.outcome.exit_code, Some(0));
}
