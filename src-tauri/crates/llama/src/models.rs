//! The recommended models: where each comes from, its size and sha256, where it is kept
//! (`$XDG_CACHE_HOME/open-interpreter/models`), and the download (progress, resume with an
//! HTTP Range request, sha256 check before the file takes its name). Nothing here runs unless
//! a person chose to download; a model that is present is never fetched again.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

/// How big a model's file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Pinned: the file must have exactly this many bytes.
    Exact(u64),
    /// For the offer only (the sha256 is what the download is checked against).
    About(u64),
}

impl Size {
    pub fn bytes(self) -> u64 {
        match self {
            Size::Exact(n) | Size::About(n) => n,
        }
    }

    /// `491 MB`, `1.1 GB`.
    pub fn human(self) -> String {
        let n = self.bytes() as f64;
        if n >= 1e9 {
            format!("{:.1} GB", n / 1e9)
        } else {
            format!("{:.0} MB", n / 1e6)
        }
    }
}

/// A model the built-in runtime offers to download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recommended {
    /// What `--model builtin/NAME` and config.toml call it.
    pub name: &'static str,
    /// The Hugging Face repository it is published in.
    pub repo: &'static str,
    /// The file's name there and in the cache.
    pub file: &'static str,
    pub size: Size,
    pub sha256: &'static str,
    /// One line for the offer.
    pub about: &'static str,
}

/// Smallest first: the first one is what a fresh machine is offered.
pub const RECOMMENDED: &[Recommended] = &[
    Recommended {
        name: "qwen2.5-coder-0.5b",
        repo: "Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF",
        file: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        size: Size::Exact(491_400_064),
        sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        about: "Qwen2.5-Coder 0.5B Instruct, Q4_K_M: fast on any CPU, simple tasks",
    },
    Recommended {
        name: "qwen2.5-coder-1.5b",
        repo: "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF",
        file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        size: Size::About(1_120_000_000),
        sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        about: "Qwen2.5-Coder 1.5B Instruct, Q4_K_M: better answers, about 2.5x slower",
    },
];

pub fn find(name: &str) -> Option<&'static Recommended> {
    RECOMMENDED.iter().find(|m| m.name == name)
}

/// Where downloaded models are kept: `$XDG_CACHE_HOME/open-interpreter/models`.
pub fn models_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|c| c.join("open-interpreter").join("models"))
}

/// Where models are downloaded from: `HF_ENDPOINT` (Hugging Face's own variable, for a mirror)
/// or huggingface.co.
pub fn endpoint(env: &dyn Fn(&str) -> Option<String>) -> String {
    env("HF_ENDPOINT")
        .filter(|e| !e.trim().is_empty())
        .unwrap_or_else(|| "https://huggingface.co".to_string())
        .trim_end_matches('/')
        .to_string()
}

impl Recommended {
    /// The file's download address at `endpoint`.
    pub fn url(&self, endpoint: &str) -> String {
        format!("{endpoint}/{}/resolve/main/{}", self.repo, self.file)
    }

    /// The size the download is checked against, when it is pinned.
    pub fn exact_size(&self) -> Option<u64> {
        match self.size {
            Size::Exact(n) => Some(n),
            Size::About(_) => None,
        }
    }

    pub fn path_in(&self, dir: &Path) -> PathBuf {
        dir.join(self.file)
    }

    /// Whether the model is in `dir` (a complete file: a download takes the name only once
    /// its sha256 matched).
    pub fn is_present(&self, dir: &Path) -> bool {
        let path = self.path_in(dir);
        match (std::fs::metadata(&path), self.size) {
            (Ok(m), Size::Exact(n)) => m.is_file() && m.len() == n,
            (Ok(m), Size::About(_)) => m.is_file(),
            (Err(_), _) => false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DownloadError {
    #[error("downloading {url} failed: {message}")]
    Http { url: String, message: String },
    #[error("{url} answered HTTP {status}")]
    Status { url: String, status: u16 },
    #[error(
        "the download of {url} has sha256 {got}, not {expected}: it was removed (download it again; if it fails the same way, the file on the server is not the one this version expects)"
    )]
    Checksum {
        url: String,
        expected: String,
        got: String,
    },
    #[error("the download of {url} has {got} bytes, not {expected}: it was removed")]
    Size {
        url: String,
        expected: u64,
        got: u64,
    },
    #[error("{path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What the download has done so far, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: Option<u64>,
}

/// A client for downloads (the environment's proxy is honoured: this one leaves the machine).
pub fn http_client() -> Result<reqwest::Client, DownloadError> {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(15))
        .build()
        .map_err(|e| DownloadError::Http {
            url: String::new(),
            message: e.to_string(),
        })
}

/// How many times a broken connection is taken up again where it stopped.
const RESUMES: u32 = 5;

/// Downloads `url` into `dest`, through `dest` + `.part` (kept across runs and resumed with a
/// Range request), and gives it its name only when its sha256 (and pinned size) match.
pub async fn download(
    http: &reqwest::Client,
    url: &str,
    dest: &Path,
    size: Option<u64>,
    sha256: &str,
    progress: &mut (dyn FnMut(Progress) + Send),
) -> Result<(), DownloadError> {
    let part = part_path(dest);
    if let Some(dir) = dest.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|source| file_error(dir, source))?;
    }
    let mut attempts = 0;
    loop {
        match fetch_into(http, url, &part, size, progress).await {
            Ok(()) => break,
            Err(Fetch::Broken(message)) if attempts < RESUMES => {
                attempts += 1;
                tracing::info!(url, attempts, "download broke off, resuming: {message}");
                tokio::time::sleep(Duration::from_millis(200 * u64::from(attempts))).await;
            }
            Err(Fetch::Broken(message)) => {
                return Err(DownloadError::Http {
                    url: url.to_string(),
                    message: format!(
                        "{message} (the part downloaded is kept in {} and resumed next time)",
                        part.display()
                    ),
                });
            }
            Err(Fetch::Failed(e)) => return Err(e),
        }
    }
    verify(url, &part, size, sha256).await?;
    tokio::fs::rename(&part, dest)
        .await
        .map_err(|source| file_error(dest, source))
}

fn part_path(dest: &Path) -> PathBuf {
    let mut name = dest.file_name().unwrap_or_default().to_os_string();
    name.push(".part");
    dest.with_file_name(name)
}

fn file_error(path: &Path, source: std::io::Error) -> DownloadError {
    DownloadError::File {
        path: path.to_path_buf(),
        source,
    }
}

enum Fetch {
    /// The connection broke: what arrived is kept, and asking again resumes.
    Broken(String),
    Failed(DownloadError),
}

async fn fetch_into(
    http: &reqwest::Client,
    url: &str,
    part: &Path,
    size: Option<u64>,
    progress: &mut (dyn FnMut(Progress) + Send),
) -> Result<(), Fetch> {
    let have = tokio::fs::metadata(part).await.map_or(0, |m| m.len());
    if size.is_some_and(|n| have == n) {
        return Ok(());
    }
    let mut request = http.get(url);
    if have > 0 {
        request = request.header(reqwest::header::RANGE, format!("bytes={have}-"));
    }
    let mut response = request
        .send()
        .await
        .map_err(|e| Fetch::Broken(e.to_string()))?;
    let status = response.status().as_u16();
    let (mut done, append) = match status {
        206 => (have, true),
        200 => (0, false),
        // The part is already whole (its size was not pinned): the checksum decides.
        416 if have > 0 => return Ok(()),
        _ => {
            return Err(Fetch::Failed(DownloadError::Status {
                url: url.to_string(),
                status,
            }));
        }
    };
    let total = response.content_length().map(|n| n + done).or(size);
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(part)
        .await
        .map_err(|source| Fetch::Failed(file_error(part, source)))?;
    progress(Progress { done, total });
    loop {
        let chunk = match response.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            Err(e) => {
                let _ = file.flush().await;
                return Err(Fetch::Broken(e.to_string()));
            }
        };
        file.write_all(&chunk)
            .await
            .map_err(|source| Fetch::Failed(file_error(part, source)))?;
        done += chunk.len() as u64;
        progress(Progress { done, total });
    }
    file.flush()
        .await
        .map_err(|source| Fetch::Failed(file_error(part, source)))?;
    if total.is_some_and(|t| done < t) {
        return Err(Fetch::Broken(format!(
            "the connection closed after {done} of {} bytes",
            total.unwrap_or_default()
        )));
    }
    Ok(())
}

async fn verify(
    url: &str,
    part: &Path,
    size: Option<u64>,
    sha256: &str,
) -> Result<(), DownloadError> {
    let path = part.to_path_buf();
    let (len, got) = tokio::task::spawn_blocking(move || hash_file(&path))
        .await
        .map_err(|e| DownloadError::Http {
            url: url.to_string(),
            message: e.to_string(),
        })?
        .map_err(|source| file_error(part, source))?;
    let bad = if size.is_some_and(|n| n != len) {
        Some(DownloadError::Size {
            url: url.to_string(),
            expected: size.unwrap_or_default(),
            got: len,
        })
    } else if !got.eq_ignore_ascii_case(sha256) {
        Some(DownloadError::Checksum {
            url: url.to_string(),
            expected: sha256.to_string(),
            got,
        })
    } else {
        None
    };
    match bad {
        Some(e) => {
            let _ = tokio::fs::remove_file(part).await;
            Err(e)
        }
        None => Ok(()),
    }
}

/// The file's length and sha256 (hex).
pub fn hash_file(path: &Path) -> std::io::Result<(u64, String)> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut len = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
    let digest = hasher.finalize();
    Ok((len, digest.iter().map(|b| format!("{b:02x}")).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(Size::Exact(491_400_064).human(), "491 MB");
        assert_eq!(Size::About(1_120_000_000).human(), "1.1 GB");
    }

    #[test]
    fn the_catalog_is_well_formed() {
        for m in RECOMMENDED {
            assert_eq!(m.sha256.len(), 64, "{}", m.name);
            assert!(
                m.url("https://huggingface.co")
                    .starts_with(&format!("https://huggingface.co/{}/resolve/main/", m.repo)),
                "{}",
                m.name
            );
            assert!(m.file.ends_with(".gguf"), "{}", m.name);
            assert_eq!(find(m.name), Some(m));
        }
        assert_eq!(endpoint(&|_| None), "https://huggingface.co");
        assert_eq!(
            endpoint(&|_| Some("http://127.0.0.1:9/".into())),
            "http://127.0.0.1:9"
        );
        assert_eq!(
            part_path(Path::new("/c/m.gguf")),
            PathBuf::from("/c/m.gguf.part")
        );
    }
}
