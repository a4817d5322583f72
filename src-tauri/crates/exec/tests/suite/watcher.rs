use oi_exec::WorkspaceWatcher;
use oi_protocol::{FileChange, FileChangeKind};
use pretty_assertions::assert_eq;

use super::common::{kernels_in, run};

fn summary(changes: &[FileChange]) -> Vec<(&str, FileChangeKind)> {
    changes
        .iter()
        .map(|change| (change.path.as_str(), change.kind))
        .collect()
}

fn diff_of<'a>(changes: &'a [FileChange], path: &str) -> Option<&'a str> {
    changes
        .iter()
        .find(|change| change.path == path)
        .and_then(|change| change.diff.as_deref())
}

#[tokio::test]
async fn a_run_reports_created_modified_and_deleted_files_with_diffs() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("edited.txt"), "one\ntwo\n").unwrap();
    std::fs::write(root.join("gone.txt"), "old line\n").unwrap();
    std::fs::write(root.join("same.txt"), "unchanged\n").unwrap();
    std::fs::write(root.join("image.bin"), [0u8, 1, 2, 3]).unwrap();
    std::fs::create_dir_all(root.join("old/dir")).unwrap();
    std::fs::write(root.join("old/dir/inner.txt"), "inner\n").unwrap();
    let mut kernels = kernels_in(root);

    let watcher = WorkspaceWatcher::start(root);
    let code = "echo three >> edited.txt\n\
                rm gone.txt\n\
                echo unchanged > same.txt\n\
                printf 'new\\n' > created.txt\n\
                mkdir -p deep/er && echo leaf > deep/er/leaf.txt\n\
                printf '\\0\\1\\2\\3\\4' > image.bin\n\
                rm -r old\n\
                mkdir -p node_modules/pkg .git && echo x > node_modules/pkg/index.js && echo y > .git/HEAD\n\
                echo temp > temp.txt && rm temp.txt";
    assert_eq!(run(&mut kernels, "shell", code).await.exit_code, Some(0));
    let changes = watcher.finish().await;

    assert_eq!(
        summary(&changes),
        vec![
            ("created.txt", FileChangeKind::Created),
            ("deep/er/leaf.txt", FileChangeKind::Created),
            ("edited.txt", FileChangeKind::Modified),
            ("gone.txt", FileChangeKind::Deleted),
            ("image.bin", FileChangeKind::Modified),
            ("old/dir/inner.txt", FileChangeKind::Deleted),
        ]
    );
    assert_eq!(
        diff_of(&changes, "edited.txt").unwrap(),
        "--- a/edited.txt\n+++ b/edited.txt\n@@ -1,2 +1,3 @@\n one\n two\n+three\n"
    );
    assert_eq!(
        diff_of(&changes, "created.txt").unwrap(),
        "--- /dev/null\n+++ b/created.txt\n@@ -0,0 +1 @@\n+new\n"
    );
    assert_eq!(
        diff_of(&changes, "gone.txt").unwrap(),
        "--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-old line\n"
    );
    assert!(
        diff_of(&changes, "old/dir/inner.txt")
            .unwrap()
            .contains("-inner\n")
    );
    assert_eq!(diff_of(&changes, "image.bin"), None);
}

#[tokio::test]
async fn a_run_that_changes_nothing_reports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "a\n").unwrap();
    let mut kernels = kernels_in(dir.path());
    let watcher = WorkspaceWatcher::start(dir.path());
    run(&mut kernels, "shell", "cat a.txt; ls").await;
    assert_eq!(watcher.finish().await, Vec::new());
}

#[tokio::test]
async fn a_missing_directory_gives_an_empty_result_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let watcher = WorkspaceWatcher::start(&dir.path().join("does-not-exist"));
    assert_eq!(watcher.finish().await, Vec::new());
}
