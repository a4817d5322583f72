//! A Python kernel's private line to the engine: a connected unix socket pair made as the kernel
//! starts. The kernel inherits one end (its descriptor number in an environment variable); the
//! engine's end goes to whoever answers the kernel's requests (the `computer` object's, in core).
//! A sandboxed kernel keeps its end: seccomp refuses `socket(2)`, not reading and writing a
//! descriptor that is already open, and no path on disk is involved for landlock to hide.

use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;

use tokio::sync::mpsc;

/// Made once per session; every Python kernel started afterwards gets a new pair.
#[derive(Debug)]
pub struct EngineLink {
    fd_env: String,
    unavailable_env: String,
    in_container: String,
    ends: mpsc::UnboundedSender<UnixStream>,
}

/// What one kernel start takes from the link.
pub(crate) struct KernelEnd {
    /// The kernel's end: inherited across exec, closed here once the kernel is spawned.
    pub fd: Option<OwnedFd>,
    /// `fd_env=<number>`, or `unavailable_env=<why>` when no pair could be made.
    pub env: (String, String),
    engine: Option<UnixStream>,
}

impl EngineLink {
    /// `fd_env` names the kernel's descriptor in its environment; `unavailable_env` carries the
    /// reason instead when there is no pair: it could not be made, or the kernel runs in a
    /// container (see [`crate::KernelOptions::container`]), which no descriptor of this machine
    /// reaches; `in_container` is what such a kernel is told. The receiver gets the engine's end
    /// of each new kernel, newest last; an end whose kernel is gone reads end-of-file.
    pub fn new(
        fd_env: impl Into<String>,
        unavailable_env: impl Into<String>,
        in_container: impl Into<String>,
    ) -> (EngineLink, mpsc::UnboundedReceiver<UnixStream>) {
        let (ends, arrivals) = mpsc::unbounded_channel();
        let link = EngineLink {
            fd_env: fd_env.into(),
            unavailable_env: unavailable_env.into(),
            in_container: in_container.into(),
            ends,
        };
        (link, arrivals)
    }

    pub(crate) fn open(&self, container: bool) -> KernelEnd {
        let unavailable = |why: String| KernelEnd {
            env: (self.unavailable_env.clone(), why),
            fd: None,
            engine: None,
        };
        if container {
            return unavailable(self.in_container.clone());
        }
        match UnixStream::pair() {
            Ok((engine, kernel)) => {
                let fd = OwnedFd::from(kernel);
                KernelEnd {
                    env: (self.fd_env.clone(), fd.as_raw_fd().to_string()),
                    fd: Some(fd),
                    engine: Some(engine),
                }
            }
            Err(e) => {
                tracing::warn!("no link to the engine for this kernel: {e}");
                unavailable(format!(
                    "the engine could not open a link to this kernel: {e}"
                ))
            }
        }
    }

    /// Hands the engine's end over once the kernel runs (the kernel's own end is closed here).
    pub(crate) fn started(&self, end: KernelEnd) {
        if let Some(engine) = end.engine {
            // With nobody listening the end closes, and the kernel's calls say the engine left.
            let _ = self.ends.send(engine);
        }
    }
}
