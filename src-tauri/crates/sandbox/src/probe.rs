//! What this kernel can enforce, and whether a policy fits in it.

use std::fmt;

use crate::policy::{NetworkMode, SandboxPolicy};

/// Test hook: `landlock` (or `1`) makes the probe report no landlock, `seccomp` no seccomp,
/// `userns` no user namespaces. The first two can only make the sandbox refuse to run; the third
/// makes a new session run with landlock and seccomp alone, and its enforcement line says so
/// (a running session's helper refuses instead).
pub const FORCE_UNSUPPORTED_ENV: &str = "OI_SANDBOX_FORCE_UNSUPPORTED";

/// Landlock ABI needed for any filesystem rule: ABI 3 brings `truncate`, without which a
/// read-only file could still be emptied.
pub const FS_ABI: i32 = 3;
/// Landlock ABI of TCP bind/connect rules.
pub const NET_ABI: i32 = 4;
/// Landlock ABI of the signal and abstract-unix-socket scopes.
pub const SCOPE_ABI: i32 = 6;
/// The newest ABI this crate has been tested against; newer kernels are used at this level.
pub const MAX_TESTED_ABI: i32 = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandlockSupport {
    /// The kernel speaks this ABI version.
    Abi(i32),
    /// Not built into the kernel (`CONFIG_SECURITY_LANDLOCK` off).
    NotBuiltIn,
    /// Built in, not enabled at boot (missing from `lsm=`).
    NotEnabled,
    /// Switched off by [`FORCE_UNSUPPORTED_ENV`].
    ForcedOff,
}

/// Whether the helper may build its user and mount namespace (see [`crate::policy::MountNamespace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamespaceSupport {
    Available,
    /// The kernel refused a step: unprivileged user namespaces are off
    /// (`kernel.unprivileged_userns_clone=0`, `user.max_user_namespaces=0`, AppArmor's
    /// `kernel.apparmor_restrict_unprivileged_userns=1` as on Ubuntu 24.04, a container's
    /// seccomp profile).
    Refused {
        step: &'static str,
        errno: nix::errno::Errno,
    },
    /// Switched off by [`FORCE_UNSUPPORTED_ENV`].
    ForcedOff,
}

impl NamespaceSupport {
    pub fn available(self) -> bool {
        self == NamespaceSupport::Available
    }
}

impl fmt::Display for NamespaceSupport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamespaceSupport::Available => write!(f, "user namespaces: yes"),
            NamespaceSupport::Refused { step, errno } => write!(
                f,
                "user namespaces: no ({step}: {}; unprivileged user namespaces are off: \
                 kernel.unprivileged_userns_clone, user.max_user_namespaces or AppArmor's \
                 kernel.apparmor_restrict_unprivileged_userns)",
                errno.desc()
            ),
            NamespaceSupport::ForcedOff => {
                write!(f, "user namespaces: no ({FORCE_UNSUPPORTED_ENV})")
            }
        }
    }
}

/// What the running kernel can enforce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SandboxSupport {
    pub landlock: LandlockSupport,
    pub seccomp_filter: bool,
    pub user_namespaces: NamespaceSupport,
}

/// Why a policy cannot be enforced here. Each message says what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unenforceable {
    #[error(
        "landlock is not built into this kernel (CONFIG_SECURITY_LANDLOCK); \
         use the docker sandbox, or none"
    )]
    LandlockNotBuiltIn,
    #[error(
        "landlock is not enabled in this kernel (CONFIG_SECURITY_LANDLOCK is set but landlock is \
         missing from the boot parameter lsm=, e.g. lsm=landlock,lockdown,yama,integrity,apparmor); \
         use the docker sandbox, or none"
    )]
    LandlockNotEnabled,
    #[error(
        "landlock is reported unavailable because {FORCE_UNSUPPORTED_ENV} is set (a test hook); unset it"
    )]
    LandlockForcedOff,
    #[error(
        "{feature} needs landlock ABI {needed} ({kernel}) and this kernel has ABI {have}; {advice}"
    )]
    AbiTooOld {
        feature: &'static str,
        needed: i32,
        have: i32,
        kernel: &'static str,
        advice: &'static str,
    },
    #[error(
        "seccomp filters are not available in this kernel (CONFIG_SECCOMP_FILTER){}; \
         use the docker sandbox, or none",
        if *forced { format!(" ({FORCE_UNSUPPORTED_ENV} is set)") } else { String::new() }
    )]
    NoSeccomp { forced: bool },
    #[error(
        "network mode {mode} cannot be enforced by the native sandbox (landlock filters TCP ports, \
         not addresses, and network namespaces need privileges); use the docker or \
         openshell sandbox, or network mode none or full"
    )]
    NetworkMode { mode: &'static str },
    #[error(
        "this session's sandbox was set up with a user and mount namespace and the kernel now \
         refuses one ({support}); start a new session, which says what it can enforce without"
    )]
    NoUserNamespace { support: NamespaceSupport },
}

/// Probe the running kernel (honours [`FORCE_UNSUPPORTED_ENV`]).
pub fn probe() -> SandboxSupport {
    let forced = std::env::var(FORCE_UNSUPPORTED_ENV).unwrap_or_default();
    let landlock = if forced == "landlock" || forced == "1" {
        LandlockSupport::ForcedOff
    } else {
        match crate::sys::landlock_abi() {
            Ok(v) => LandlockSupport::Abi(v),
            Err(nix::errno::Errno::EOPNOTSUPP) => LandlockSupport::NotEnabled,
            Err(_) => LandlockSupport::NotBuiltIn,
        }
    };
    let seccomp_filter = forced != "seccomp"
        && std::fs::read_to_string("/proc/self/status")
            .map(|s| s.lines().any(|l| l.starts_with("Seccomp:")))
            .unwrap_or(false);
    let user_namespaces = if forced == "userns" {
        NamespaceSupport::ForcedOff
    } else {
        match crate::sys::probe_user_namespace() {
            Ok(()) => NamespaceSupport::Available,
            Err(refusal) => NamespaceSupport::Refused {
                step: refusal.step,
                errno: refusal.errno,
            },
        }
    };
    SandboxSupport {
        landlock,
        seccomp_filter,
        user_namespaces,
    }
}

impl SandboxSupport {
    pub fn landlock_abi(&self) -> Option<i32> {
        match self.landlock {
            LandlockSupport::Abi(v) => Some(v),
            _ => None,
        }
    }

    /// Can the native backend enforce every part of `policy` here?
    pub fn check(&self, policy: &SandboxPolicy) -> Result<(), Unenforceable> {
        if !self.seccomp_filter {
            return Err(Unenforceable::NoSeccomp {
                forced: std::env::var(FORCE_UNSUPPORTED_ENV).is_ok(),
            });
        }
        match policy.network.mode {
            NetworkMode::None | NetworkMode::Full => {}
            mode @ (NetworkMode::Loopback | NetworkMode::Hosts) => {
                return Err(Unenforceable::NetworkMode {
                    mode: mode.as_str(),
                });
            }
        }
        if policy.namespace.is_some() && !self.user_namespaces.available() {
            return Err(Unenforceable::NoUserNamespace {
                support: self.user_namespaces,
            });
        }
        let needs_landlock = policy.filesystem.restricted || policy.process.isolate_signals;
        if !needs_landlock {
            return Ok(());
        }
        let have = match self.landlock {
            LandlockSupport::Abi(v) => v,
            LandlockSupport::NotBuiltIn => return Err(Unenforceable::LandlockNotBuiltIn),
            LandlockSupport::NotEnabled => return Err(Unenforceable::LandlockNotEnabled),
            LandlockSupport::ForcedOff => return Err(Unenforceable::LandlockForcedOff),
        };
        if policy.filesystem.restricted && have < FS_ABI {
            return Err(Unenforceable::AbiTooOld {
                feature: "filesystem confinement (truncate control)",
                needed: FS_ABI,
                have,
                kernel: "Linux 6.2",
                advice: "upgrade the kernel, or use the docker sandbox, or none",
            });
        }
        if policy.process.isolate_signals && have < SCOPE_ABI {
            return Err(Unenforceable::AbiTooOld {
                feature: "signal isolation (process.isolate_signals)",
                needed: SCOPE_ABI,
                have,
                kernel: "Linux 6.12",
                advice: "upgrade the kernel, set process.isolate_signals: false in a policy file, \
                         or use the docker sandbox",
            });
        }
        Ok(())
    }
}

impl fmt::Display for SandboxSupport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.landlock {
            LandlockSupport::Abi(v) => {
                write!(f, "landlock ABI {v} (filesystem")?;
                if v >= NET_ABI {
                    write!(f, ", TCP bind/connect")?;
                }
                if v >= SCOPE_ABI {
                    write!(f, ", signal and abstract-socket scopes")?;
                }
                write!(f, ")")?;
            }
            LandlockSupport::NotBuiltIn => write!(f, "no landlock (not built in)")?,
            LandlockSupport::NotEnabled => write!(f, "no landlock (not enabled at boot)")?,
            LandlockSupport::ForcedOff => write!(f, "no landlock ({FORCE_UNSUPPORTED_ENV})")?,
        }
        write!(
            f,
            "; seccomp filter: {}; {}",
            if self.seccomp_filter { "yes" } else { "no" },
            self.user_namespaces
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Level, PolicyContext};

    fn policy(level: Level) -> SandboxPolicy {
        SandboxPolicy::from_level(level, &PolicyContext::from_env("/w".into(), None))
    }

    #[test]
    fn this_kernel_supports_the_default_policy() {
        let s = probe();
        assert!(s.landlock_abi().unwrap_or(0) >= SCOPE_ABI, "{s}");
        assert_eq!(s.user_namespaces, NamespaceSupport::Available, "{s}");
        s.check(&policy(Level::WorkspaceWrite)).unwrap();
    }

    #[test]
    fn refusals_say_why() {
        let old = SandboxSupport {
            landlock: LandlockSupport::Abi(4),
            seccomp_filter: true,
            user_namespaces: NamespaceSupport::Available,
        };
        let e = old
            .check(&policy(Level::WorkspaceWrite))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("needs landlock ABI 6") && e.contains("isolate_signals"),
            "{e}"
        );
        let none = SandboxSupport {
            landlock: LandlockSupport::NotEnabled,
            seccomp_filter: true,
            user_namespaces: NamespaceSupport::Available,
        };
        let e = none
            .check(&policy(Level::ReadOnly))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("landlock is not enabled in this kernel")
                && e.contains("the docker sandbox"),
            "{e}"
        );
        // Full access needs no landlock, only the syscall filter.
        none.check(&policy(Level::FullAccess)).unwrap();
        let no_userns = SandboxSupport {
            user_namespaces: NamespaceSupport::Refused {
                step: "unshare(CLONE_NEWUSER | CLONE_NEWNS)",
                errno: nix::errno::Errno::EPERM,
            },
            ..probe()
        };
        let mut isolated = policy(Level::WorkspaceWrite);
        no_userns.check(&isolated).unwrap();
        isolated.namespace = Some(crate::policy::MountNamespace {
            session_dir: "/t/s".into(),
            writable_tmp: true,
            writable_shm: true,
        });
        let e = no_userns.check(&isolated).unwrap_err().to_string();
        assert!(
            e.contains("now refuses one (user namespaces: no (unshare(CLONE_NEWUSER | CLONE_NEWNS): Operation not permitted; unprivileged user namespaces are off"),
            "{e}"
        );
        let mut p = policy(Level::WorkspaceWrite);
        p.network.mode = NetworkMode::Loopback;
        let e = probe().check(&p).unwrap_err().to_string();
        assert!(
            e.starts_with("network mode loopback cannot be enforced"),
            "{e}"
        );
    }
}
