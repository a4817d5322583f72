//! The download against a real HTTP server on 127.0.0.1: progress, a connection cut halfway
//! that is resumed with a Range request, a part left by an earlier run, a server that ignores
//! Range, and a file whose sha256 is wrong.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};

use oi_llama::models::{DownloadError, Progress, download, hash_file, http_client};

/// How the server answers.
#[derive(Clone, Default)]
struct Behaviour {
    /// Close the connection after this many body bytes of the first answer.
    cut_first_after: Option<usize>,
    /// Answer every request with the whole file (200), Range or not.
    ignore_range: bool,
}

struct FileServer {
    port: u16,
    /// The `Range` header of each request (`None` when there was none).
    ranges: Arc<Mutex<Vec<Option<String>>>>,
}

impl FileServer {
    fn start(body: Vec<u8>, behaviour: Behaviour) -> FileServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let ranges = Arc::new(Mutex::new(Vec::new()));
        let seen = ranges.clone();
        std::thread::spawn(move || {
            for (n, stream) in listener.incoming().enumerate() {
                let Ok(stream) = stream else { return };
                serve_one(stream, &body, &behaviour, n == 0, &seen);
            }
        });
        FileServer { port, ranges }
    }

    fn url(&self) -> String {
        format!(
            "http://127.0.0.1:{}/Qwen/model/resolve/main/m.gguf",
            self.port
        )
    }

    fn ranges(&self) -> Vec<Option<String>> {
        self.ranges.lock().unwrap().clone()
    }
}

fn serve_one(
    mut stream: TcpStream,
    body: &[u8],
    behaviour: &Behaviour,
    first: bool,
    seen: &Mutex<Vec<Option<String>>>,
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut range = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("range")
        {
            range = Some(value.trim().to_string());
        }
    }
    // Kept before any byte of the answer goes out: the client may have the whole file (and the
    // test look at the requests) before this thread gets past the last write.
    seen.lock().unwrap().push(range.clone());
    let start = range
        .as_deref()
        .filter(|_| !behaviour.ignore_range)
        .and_then(|r| r.strip_prefix("bytes="))
        .and_then(|r| r.trim_end_matches('-').parse::<usize>().ok());
    let head = match start {
        Some(s) => format!(
            "HTTP/1.1 206 Partial Content\r\nContent-Length: {}\r\nContent-Range: bytes {s}-{}/{}\r\nConnection: close\r\n\r\n",
            body.len() - s,
            body.len() - 1,
            body.len()
        ),
        None => format!(
            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ),
    };
    let part = &body[start.unwrap_or(0)..];
    let send = match behaviour.cut_first_after {
        Some(n) if first => &part[..n.min(part.len())],
        _ => part,
    };
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(send);
    let _ = stream.flush();
}

fn body() -> Vec<u8> {
    (0..3_000_000u32).map(|i| (i * 7 % 251) as u8).collect()
}

fn sha_of(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b");
    std::fs::write(&path, bytes).unwrap();
    hash_file(&path).unwrap().1
}

async fn fetch(
    server: &FileServer,
    dest: &Path,
    size: Option<u64>,
    sha: &str,
) -> (Result<(), DownloadError>, Vec<Progress>) {
    let mut seen = Vec::new();
    let result = download(
        &http_client().unwrap(),
        &server.url(),
        dest,
        size,
        sha,
        &mut |p| seen.push(p),
    )
    .await;
    (result, seen)
}

#[tokio::test]
async fn a_download_reports_progress_and_is_checked() {
    let body = body();
    let server = FileServer::start(body.clone(), Behaviour::default());
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("models/m.gguf");
    let (result, progress) = fetch(&server, &dest, Some(body.len() as u64), &sha_of(&body)).await;
    result.unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), body);
    assert!(!dir.path().join("models/m.gguf.part").exists());
    assert_eq!(
        progress.last(),
        Some(&Progress {
            done: body.len() as u64,
            total: Some(body.len() as u64)
        })
    );
    assert!(progress.len() > 2, "{progress:?}");
    assert_eq!(server.ranges(), vec![None]);
}

#[tokio::test]
async fn a_connection_cut_halfway_is_resumed_where_it_stopped() {
    let body = body();
    let server = FileServer::start(
        body.clone(),
        Behaviour {
            cut_first_after: Some(1_000_000),
            ..Behaviour::default()
        },
    );
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("m.gguf");
    let (result, _) = fetch(&server, &dest, Some(body.len() as u64), &sha_of(&body)).await;
    result.unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), body);
    assert_eq!(
        server.ranges(),
        vec![None, Some("bytes=1000000-".to_string())]
    );
}

#[tokio::test]
async fn a_part_left_by_an_earlier_run_is_resumed() {
    let body = body();
    let server = FileServer::start(body.clone(), Behaviour::default());
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("m.gguf");
    std::fs::write(dir.path().join("m.gguf.part"), &body[..1234]).unwrap();
    let (result, progress) = fetch(&server, &dest, None, &sha_of(&body)).await;
    result.unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), body);
    assert_eq!(server.ranges(), vec![Some("bytes=1234-".to_string())]);
    assert_eq!(progress[0].done, 1234);
}

#[tokio::test]
async fn a_server_that_ignores_range_starts_the_file_again() {
    let body = body();
    let server = FileServer::start(
        body.clone(),
        Behaviour {
            ignore_range: true,
            ..Behaviour::default()
        },
    );
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("m.gguf");
    std::fs::write(dir.path().join("m.gguf.part"), b"stale bytes").unwrap();
    let (result, _) = fetch(&server, &dest, Some(body.len() as u64), &sha_of(&body)).await;
    result.unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), body);
}

#[tokio::test]
async fn a_wrong_checksum_is_refused_and_nothing_is_kept() {
    let body = body();
    let server = FileServer::start(body.clone(), Behaviour::default());
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("m.gguf");
    let wrong = "0".repeat(64);
    let (result, _) = fetch(&server, &dest, Some(body.len() as u64), &wrong).await;
    let err = result.unwrap_err();
    assert!(matches!(err, DownloadError::Checksum { .. }), "{err:?}");
    assert!(err.to_string().contains(&sha_of(&body)), "{err}");
    assert!(!dest.exists());
    assert!(!dir.path().join("m.gguf.part").exists());
}

#[tokio::test]
async fn an_unreachable_server_is_reported_after_retries() {
    // Every connection refused, retried, then reported with the part kept for next time.
    let closed = oi_test_support::ClosedPort::new();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("{}/m.gguf", closed.url());
    let err = download(
        &http_client().unwrap(),
        &url,
        &dir.path().join("m.gguf"),
        None,
        &"0".repeat(64),
        &mut |_| {},
    )
    .await
    .unwrap_err();
    assert!(matches!(err, DownloadError::Http { .. }), "{err:?}");
    assert!(!dir.path().join("m.gguf").exists());
}
