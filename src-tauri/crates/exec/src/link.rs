//! A Python kernel's private line to the engine: a connected unix socket pair made as the kernel
//! starts. The kernel inherits one end (its descriptor number in an environment variable); the
//! engine's end goes to whoever answers the kernel's requests (the `computer` object's, in core).
//! A sandboxed kernel keeps its end: seccomp refuses `socket(2)`, not reading and writing a
//! descriptor that is already open, and no path on disk is involved for landlock to hide.

use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;

use tokio::sync::mpsc;

/// The kernel's descriptor number, in its environment (the driver, python_computer.py, reads it).
pub const FD_ENV: &str = "OI_COMPUTER_FD";
/// Why the kernel has no line, when it has none (its `computer` raises it).
pub const UNAVAILABLE_ENV: &str = "OI_COMPUTER_UNAVAILABLE";

/// Made once per session; every Python kernel started afterwards gets a new pair.
#[derive(Debug)]
pub struct EngineLink {
    in_container: String,
    ends: mpsc::UnboundedSender<UnixStream>,
}

/// What one kernel start takes from the link.
pub(crate) struct KernelEnd {
    /// The kernel's end: inherited across exec, closed here once the kernel is spawned.
    pub fd: Option<OwnedFd>,
    /// `FD_ENV=<number>`, or `UNAVAILABLE_ENV=<why>` when no pair could be made.
    pub env: (String, String),
    engine: Option<UnixStream>,
}

impl EngineLink {
    /// The kernel finds its descriptor in [`FD_ENV`]; [`UNAVAILABLE_ENV`] carries the reason
    /// instead when there is no pair: it could not be made, or the kernel runs in a container
    /// (see [`crate::KernelOptions::container`]), which no descriptor of this machine reaches;
    /// `in_container` is what such a kernel is told. The receiver gets the engine's end of each
    /// new kernel, newest last; an end whose kernel is gone reads end-of-file.
    pub fn new(
        in_container: impl Into<String>,
    ) -> (EngineLink, mpsc::UnboundedReceiver<UnixStream>) {
        let (ends, arrivals) = mpsc::unbounded_channel();
        let link = EngineLink {
            in_container: in_container.into(),
            ends,
        };
        (link, arrivals)
    }

    pub(crate) fn open(&self, container: bool) -> KernelEnd {
        let unavailable = |why: String| KernelEnd {
            env: (UNAVAILABLE_ENV.to_string(), why),
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
                    env: (FD_ENV.to_string(), fd.as_raw_fd().to_string()),
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
