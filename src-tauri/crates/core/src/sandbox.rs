//! The session's sandbox: which backend and policy confine the code it runs, the argv prefix
//! that puts every executor process under it, and the rule the engine's own file tools follow.
//!
//! Fail closed: when the sandbox asked for cannot be set up here (no landlock, no docker
//! daemon, an invalid policy file), the session still starts, says why, and refuses to run
//! code or write files until the person chooses another sandbox. It never runs unconfined.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use oi_sandbox::protected::{normalize, resolve_for_check};

use oi_protocol::SandboxInfo;
use oi_sandbox::{Backend, Level, PolicyContext, SandboxPolicy};

/// What the person asked for (flags, config.toml).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SandboxRequest {
    pub backend: Backend,
    pub level: Level,
    /// A YAML policy file; replaces `level`.
    pub policy_file: Option<PathBuf>,
    /// Image of the docker and OpenShell backends (config.toml's `sandbox_image`); docker's
    /// default is [`DEFAULT_DOCKER_IMAGE`], OpenShell's its gateway's.
    pub image: Option<String>,
    /// The session's forbid command rules, which the native backend also enforces at exec time
    /// (`oi_sandbox::exec_supervisor`); set when the session starts. Other backends ignore it.
    pub exec_forbid: Vec<oi_sandbox::ExecRule>,
}

/// The hint beside a sandbox that refuses to run code. Front ends that switch it another way
/// (the app's header) say their own.
pub(crate) const OTHER_SANDBOX_HINT: &str = "choose another sandbox with %sandbox native|docker|openshell|none, or start again with --sandbox";

/// What a session's sandbox is made from: the request, and whether only the profile asked.
/// It is set up when the session starts, for that session's working directory (an editor's
/// or the app's sessions each have their own).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SandboxSetup {
    pub request: SandboxRequest,
    /// The profile's id when neither a flag nor config.toml asked for a sandbox: one that
    /// cannot be enforced here then lets code run unsandboxed, with a notice.
    pub profile_default: Option<String>,
    /// The program that runs the native sandbox (`__sandbox`).
    pub helper: SandboxHelper,
}

/// The program that runs the native sandbox (`__sandbox …`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SandboxHelper {
    /// This program (the terminal, and the editors' agent it serves).
    #[default]
    ThisProgram,
    /// Another one. The desktop app names the terminal's: WebKit starts a thread in the app
    /// before main, and the kernel gives no user namespace to a process with threads.
    Program(PathBuf),
    /// None here: why, for the person. The native sandbox then refuses to run code from the
    /// start (the other backends need no helper).
    Missing(String),
}

impl SandboxSetup {
    /// The request alone (a person's choice: never dropped).
    pub fn of(request: SandboxRequest) -> Self {
        SandboxSetup {
            request,
            profile_default: None,
            helper: SandboxHelper::ThisProgram,
        }
    }

    /// The person's choice of `backend` and `level` (`%sandbox`, the app's sandbox menu) in
    /// place of `previous`: config.toml's image and the helper stay, a profile's wish goes, the
    /// session's forbid rules are added by the caller. Refused, in words, for an unknown backend
    /// or level, and for no sandbox under safe mode auto.
    pub fn chosen(
        previous: Option<&SandboxSetup>,
        backend: &str,
        level: Option<&str>,
        safe_mode: oi_protocol::SafeMode,
    ) -> Result<SandboxSetup, String> {
        let backend = backend.parse::<Backend>().map_err(|e| e.to_string())?;
        let level = level
            .map(str::parse::<Level>)
            .transpose()
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        if backend == Backend::None && safe_mode == oi_protocol::SafeMode::Auto {
            return Err("safe mode auto runs code only inside a sandbox; keep a sandbox on".into());
        }
        let mut setup = SandboxSetup::of(SandboxRequest {
            backend,
            level,
            policy_file: None,
            image: previous.and_then(|s| s.request.image.clone()),
            exec_forbid: Vec::new(),
        });
        setup.helper = previous.map(|s| s.helper.clone()).unwrap_or_default();
        Ok(setup)
    }

    /// The sandbox of a session in `cwd`, and a notice when the profile's wish was dropped.
    pub fn prepare(
        &self,
        cwd: &Path,
        config_dir: Option<&Path>,
    ) -> (SessionSandbox, Option<String>) {
        self.prepare_as(cwd, config_dir, Create::Yes)
    }

    /// What [`SandboxSetup::prepare`] would give, for `--config`: nothing is created (no
    /// OpenShell sandbox), only checked.
    pub fn check(&self, cwd: &Path, config_dir: Option<&Path>) -> (SessionSandbox, Option<String>) {
        self.prepare_as(cwd, config_dir, Create::No)
    }

    fn prepare_as(
        &self,
        cwd: &Path,
        config_dir: Option<&Path>,
        create: Create,
    ) -> (SessionSandbox, Option<String>) {
        let ctx = PolicyContext::from_env(cwd.to_path_buf(), config_dir.map(Path::to_path_buf));
        let helper = match &self.helper {
            SandboxHelper::Program(helper) => Ok(helper.clone()),
            SandboxHelper::ThisProgram => std::env::current_exe()
                .map_err(|e| format!("cannot find this program's own path for the sandbox: {e}")),
            SandboxHelper::Missing(why) => Err(why.clone()),
        };
        let sandbox = SessionSandbox::prepare_with(
            &self.request,
            &ctx,
            helper.as_deref().map_err(String::as_str),
            create,
        );
        match (&self.profile_default, sandbox.refusal()) {
            // A sandbox the person did not ask for never stops their code.
            (Some(id), Some(why)) => {
                let notice = format!(
                    "The {id} profile runs code in a {} sandbox by default, but {why}. Code runs \
                     without a sandbox; choosing the sandbox \"none\" (`--sandbox none` in a \
                     terminal) says so and silences this.",
                    self.request.level
                );
                (SessionSandbox::none(), Some(notice))
            }
            _ => (sandbox, None),
        }
    }
}

/// Whether setting a sandbox up may create one (OpenShell's), or only check.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Create {
    Yes,
    No,
}

/// Default image of the docker backend: the kernels need python3, node and bash inside.
pub const DEFAULT_DOCKER_IMAGE: &str = "python:3-slim";

impl SandboxRequest {
    pub fn none() -> Self {
        SandboxRequest {
            backend: Backend::None,
            ..Default::default()
        }
    }
}

/// The sandbox of a running session.
#[derive(Debug, Clone, Default)]
pub struct SessionSandbox {
    /// `None` when the session runs without a sandbox.
    pub info: Option<SandboxInfo>,
    /// The resolved policy (for the file tools); `None` without a sandbox or when it failed.
    pub policy: Option<SandboxPolicy>,
    /// Prepended to every executor argv.
    pub launcher_prefix: Vec<OsString>,
    /// The launcher runs code in a container (docker, OpenShell) that sees neither this
    /// machine's temp dir nor the engine's environment (see `oi_exec::KernelOptions::container`).
    pub container: bool,
    /// The OpenShell sandbox this session created, deleted when the last clone is dropped.
    _openshell: Option<std::sync::Arc<OpenShellSandbox>>,
    /// The native sandbox's session (its private /tmp and code directory), removed when the
    /// last clone is dropped.
    native: Option<std::sync::Arc<oi_sandbox::NativeSession>>,
}

/// An OpenShell sandbox created for a session.
#[derive(Debug)]
struct OpenShellSandbox {
    name: String,
}

impl Drop for OpenShellSandbox {
    fn drop(&mut self) {
        let argv = oi_sandbox::openshell_delete_argv(&self.name);
        let deleted = std::process::Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output();
        match deleted {
            Ok(out) if out.status.success() => {}
            Ok(out) => tracing::warn!(
                sandbox = %self.name,
                "openshell sandbox delete failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ),
            Err(e) => tracing::warn!(sandbox = %self.name, "cannot run openshell: {e}"),
        }
    }
}

impl SessionSandbox {
    /// No sandbox at all.
    pub fn none() -> Self {
        SessionSandbox::default()
    }

    /// Puts the kernels' processes under this sandbox.
    pub fn apply_to(&self, options: &mut oi_exec::KernelOptions) {
        options.launcher_prefix = self.launcher_prefix.clone();
        options.container = self.container;
        options.code_dir = self.native.as_ref().and_then(|n| n.code_dir());
    }

    /// The session's private /tmp, when sandboxed code has one it may write:
    /// `(where the engine sees it, where the code sees it)`.
    pub fn private_tmp(&self) -> Option<(PathBuf, PathBuf)> {
        self.native.as_ref().and_then(|n| n.private_tmp())
    }

    /// Why nothing may run, if the sandbox could not be set up.
    pub fn refusal(&self) -> Option<&str> {
        self.info.as_ref().and_then(|i| i.refusal.as_deref())
    }

    /// Set up `request` for a session in `ctx.workspace`; `self_exe` is the binary that
    /// handles `__sandbox` (this program).
    pub fn prepare(request: &SandboxRequest, ctx: &PolicyContext, self_exe: &Path) -> Self {
        Self::prepare_with(request, ctx, Ok(self_exe), Create::Yes)
    }

    fn prepare_with(
        request: &SandboxRequest,
        ctx: &PolicyContext,
        // The program that runs the native sandbox, or why there is none.
        self_exe: Result<&Path, &str>,
        create: Create,
    ) -> Self {
        if request.backend == Backend::None {
            return SessionSandbox::none();
        }
        let label = match &request.policy_file {
            Some(file) => file.display().to_string(),
            None => request.level.to_string(),
        };
        let mut info = SandboxInfo {
            backend: request.backend.to_string(),
            policy: label,
            enforcement: String::new(),
            refusal: None,
        };
        let refuse = |mut info: SandboxInfo, why: String| {
            info.refusal = Some(why);
            SessionSandbox {
                info: Some(info),
                ..SessionSandbox::none()
            }
        };
        let policy = match &request.policy_file {
            Some(file) => match oi_sandbox::load_policy_file(file, ctx) {
                Ok(p) => p,
                Err(e) => return refuse(info, format!("the sandbox policy is not valid: {e}")),
            },
            None => SandboxPolicy::from_level(request.level, ctx),
        };
        let policy = SandboxPolicy {
            exec: oi_sandbox::ExecPolicy {
                forbid: request.exec_forbid.clone(),
            },
            ..policy
        };
        let mut openshell = None;
        let mut native = None;
        let prefix = match request.backend {
            Backend::None => Ok(Vec::new()),
            Backend::Native => match self_exe {
                Err(why) => Err(why.to_string()),
                Ok(self_exe) => match create {
                    Create::Yes => oi_sandbox::NativeSession::start(policy.clone(), ctx),
                    Create::No => oi_sandbox::NativeSession::check(policy.clone()),
                }
                .and_then(|session| {
                    info.enforcement = session.enforcement();
                    let prefix = session.launcher_prefix(self_exe)?;
                    native = Some(std::sync::Arc::new(session));
                    Ok(prefix)
                })
                .map_err(|e| format!("the native sandbox cannot be enforced on this system: {e}")),
            },
            Backend::Docker => oi_sandbox::check_backend(Backend::Docker)
                .map_err(|e| e.to_string())
                .and_then(|()| {
                    let image = request
                        .image
                        .clone()
                        .unwrap_or_else(|| DEFAULT_DOCKER_IMAGE.to_string());
                    info.enforcement = format!("docker image {image}");
                    let opts = oi_sandbox::DockerOptions::new(image, ctx.workspace.clone());
                    oi_sandbox::docker_run_argv(&policy, &opts, &[]).map_err(|e| e.to_string())
                }),
            Backend::OpenShell if create == Create::No => {
                oi_sandbox::check_backend(Backend::OpenShell)
                    .map_err(|e| e.to_string())
                    .and_then(|()| {
                        oi_sandbox::openshell_policy_yaml(&policy, &ctx.workspace)
                            .map_err(|e| e.to_string())
                    })
                    .map(|_| {
                        info.enforcement = "an OpenShell sandbox per session".into();
                        Vec::new()
                    })
            }
            Backend::OpenShell => oi_sandbox::check_backend(Backend::OpenShell)
                .map_err(|e| e.to_string())
                .and_then(|()| openshell_sandbox(&policy, ctx, request.image.as_deref()))
                .map(|created| {
                    let prefix = oi_sandbox::openshell_exec_argv(&created.name, &[]);
                    info.enforcement = format!("openshell sandbox {}", created.name);
                    openshell = Some(std::sync::Arc::new(created));
                    prefix
                }),
        };
        match prefix {
            Ok(launcher_prefix) => SessionSandbox {
                info: Some(info),
                policy: Some(policy),
                launcher_prefix,
                container: matches!(request.backend, Backend::Docker | Backend::OpenShell),
                _openshell: openshell,
                native,
            },
            Err(why) => refuse(info, why),
        }
    }

    /// The restricted filesystem policy `path` is judged by, with the path resolved as the
    /// kernel would see it; `Ok(None)` when nothing restricts it. `Err`: refused outright
    /// (`verb` says what was not done: "Not read", "Not written"), for a sandbox that could
    /// not be set up or a denied path.
    fn judge(
        &self,
        path: &Path,
        verb: &str,
    ) -> Result<Option<(&SandboxInfo, &oi_sandbox::policy::FilesystemPolicy, PathBuf)>, String>
    {
        let Some(info) = &self.info else {
            return Ok(None);
        };
        if let Some(why) = &info.refusal {
            return Err(format!("{verb}: {why}"));
        }
        let Some(policy) = self.policy.as_ref().filter(|p| p.filesystem.restricted) else {
            return Ok(None);
        };
        let target = resolve_for_check(path);
        if under(&target, &policy.filesystem.denied) {
            return Err(format!(
                "{verb}: {} is a denied path of the sandbox policy ({}).",
                path.display(),
                info.policy
            ));
        }
        Ok(Some((info, &policy.filesystem, target)))
    }

    /// May the session's code read `path`? The engine reads for it (Python's
    /// `computer.files`), so it reads only what the policy lets the code read: the path's
    /// symlinks resolved, under a readable or writable tree and under no denied one. `Err` says
    /// why not.
    pub fn check_read(&self, path: &Path) -> Result<(), String> {
        let Some((info, fs, target)) = self.judge(path, "Not read")? else {
            return Ok(());
        };
        if !under(&target, &fs.read_only) && !under(&target, &fs.read_write) {
            return Err(format!(
                "Not read: the sandbox ({} {}) does not let code read {}.",
                info.backend,
                info.policy,
                path.display()
            ));
        }
        Ok(())
    }

    /// `path` as the code names it, where the engine finds it: the session's private /tmp is a
    /// directory of its own outside the sandbox.
    pub fn engine_path(&self, path: &Path) -> PathBuf {
        if let Some((engine, code)) = self.private_tmp()
            && let Ok(rest) = path.strip_prefix(&code)
        {
            return engine.join(rest);
        }
        path.to_path_buf()
    }

    /// May the engine (its file tools) write `path`? `Err` says why not.
    pub fn check_write(&self, path: &Path) -> Result<(), String> {
        let Some((info, fs, target)) = self.judge(path, "Not written")? else {
            return Ok(());
        };
        if !under(&target, &fs.read_write) {
            let writable: Vec<String> = fs
                .read_write
                .iter()
                .filter(|p| !p.starts_with("/dev"))
                .map(|p| p.display().to_string())
                .collect();
            return Err(format!(
                "Not written: the sandbox ({} {}) does not allow writing {}; writable: {}.",
                info.backend,
                info.policy,
                path.display(),
                if writable.is_empty() {
                    "nothing".to_string()
                } else {
                    writable.join(", ")
                }
            ));
        }
        Ok(())
    }
}

impl oi_tools::WriteRule for SessionSandbox {
    fn check_write(&self, path: &Path) -> Result<(), String> {
        SessionSandbox::check_write(self, path)
    }
}

/// An OpenShell sandbox for this session, created up front (from `image` when given); each
/// execution runs through `openshell sandbox exec`.
fn openshell_sandbox(
    policy: &SandboxPolicy,
    ctx: &PolicyContext,
    image: Option<&str>,
) -> Result<OpenShellSandbox, String> {
    static CREATED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let yaml =
        oi_sandbox::openshell_policy_yaml(policy, &ctx.workspace).map_err(|e| e.to_string())?;
    let count = CREATED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("interpreter-{}-{count}", std::process::id());
    let file = ctx.temp_dir.join(format!("{name}-policy.yaml"));
    std::fs::write(&file, yaml).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let create = oi_sandbox::openshell_create_argv(&name, &file, image);
    let out = std::process::Command::new(&create[0])
        .args(&create[1..])
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("cannot run openshell: {e}; use the native sandbox"))?;
    // OpenShell has read it: the sandbox keeps its own copy.
    let _ = std::fs::remove_file(&file);
    if !out.status.success() {
        let detail = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(format!(
            "openshell sandbox create failed: {detail}; use the native sandbox"
        ));
    }
    Ok(OpenShellSandbox { name })
}

/// Whether `target` is one of `roots` or below one.
fn under(target: &Path, roots: &[PathBuf]) -> bool {
    roots.iter().any(|root| matches_root(target, root))
}

/// Whether `target` is `root` or below it; `root` may be a glob.
fn matches_root(target: &Path, root: &Path) -> bool {
    let text = root.to_string_lossy();
    if text.contains(['*', '?', '[']) {
        let Ok(pattern) = glob::Pattern::new(&text) else {
            return false;
        };
        return target.ancestors().any(|a| pattern.matches_path(a));
    }
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| normalize(root));
    target.starts_with(&root)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(root: &Path) -> PolicyContext {
        PolicyContext {
            workspace: root.join("ws"),
            home: Some(root.join("home")),
            temp_dir: root.join("tmp"),
            config_dir: Some(root.join("home/.config/open-interpreter")),
        }
    }

    #[test]
    fn without_a_helper_the_native_sandbox_refuses_from_the_start_and_says_why() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("ws")).unwrap();
        let why = "no `interpreter` here: install it";
        let setup = |backend| SandboxSetup {
            helper: SandboxHelper::Missing(why.into()),
            ..SandboxSetup::of(SandboxRequest {
                backend,
                ..Default::default()
            })
        };
        let (native, notice) = setup(Backend::Native).prepare(&root.join("ws"), None);
        assert_eq!(native.refusal(), Some(why), "{:?}", native.info);
        assert_eq!(
            native.info.as_ref().map(|i| i.backend.as_str()),
            Some("native")
        );
        assert_eq!(notice, None);
        // No sandbox needs no helper.
        let (none, _) = setup(Backend::None).prepare(&root.join("ws"), None);
        assert_eq!(none.refusal(), None);
        assert!(none.info.is_none());
        // A helper that is there: enforced as usual.
        let mut named = setup(Backend::Native);
        named.helper = SandboxHelper::Program("/proc/self/exe".into());
        let (enforced, _) = named.prepare(&root.join("ws"), None);
        assert_eq!(enforced.refusal(), None, "{:?}", enforced.info);
        // The person's later choice keeps the helper (and so its refusal).
        let chosen = SandboxSetup::chosen(
            Some(&setup(Backend::None)),
            "native",
            Some("read-only"),
            oi_protocol::SafeMode::Off,
        )
        .unwrap();
        assert_eq!(chosen.helper, SandboxHelper::Missing(why.into()));
    }

    #[test]
    fn file_tools_follow_the_policy() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        for d in ["ws/sub", "tmp", "home/.ssh", "outside"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        std::os::unix::fs::symlink(root.join("outside"), root.join("ws/link")).unwrap();
        let request = SandboxRequest {
            backend: Backend::Native,
            ..Default::default()
        };
        let sb = SessionSandbox::prepare(&request, &ctx(&root), Path::new("/proc/self/exe"));
        assert_eq!(sb.refusal(), None, "{:?}", sb.info);
        assert!(sb.check_write(&root.join("ws/sub/new.txt")).is_ok());
        assert!(sb.check_write(&root.join("ws/a/b/c.txt")).is_ok());
        assert!(sb.check_write(&root.join("tmp/x")).is_ok());
        let e = sb.check_write(&root.join("outside/x")).unwrap_err();
        assert!(
            e.contains("does not allow writing") && e.contains("workspace-write"),
            "{e}"
        );
        assert!(sb.check_write(&root.join("ws/../outside/x")).is_err());
        assert!(
            sb.check_write(&root.join("ws/link/x")).is_err(),
            "a symlink out of the workspace"
        );
        assert!(
            sb.check_write(&root.join("home/.ssh/authorized_keys"))
                .is_err()
        );

        let ro = SandboxRequest {
            backend: Backend::Native,
            level: Level::ReadOnly,
            ..Default::default()
        };
        let sb = SessionSandbox::prepare(&ro, &ctx(&root), Path::new("/proc/self/exe"));
        assert!(sb.check_write(&root.join("ws/x")).is_err());
        assert!(
            SessionSandbox::none()
                .check_write(&root.join("outside/x"))
                .is_ok()
        );
    }

    #[test]
    fn a_sandbox_that_cannot_be_set_up_refuses_everything() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("ws")).unwrap();
        std::fs::write(root.join("bad.yaml"), "network:\n  mode: sometimes\n").unwrap();
        let request = SandboxRequest {
            backend: Backend::Native,
            policy_file: Some(root.join("bad.yaml")),
            ..Default::default()
        };
        let sb = SessionSandbox::prepare(&request, &ctx(&root), Path::new("/proc/self/exe"));
        let why = sb.refusal().unwrap();
        assert!(
            why.contains("bad.yaml: network.mode: unknown value"),
            "{why}"
        );
        assert!(sb.launcher_prefix.is_empty());
        assert!(
            sb.check_write(&root.join("ws/x"))
                .unwrap_err()
                .contains("network.mode")
        );
    }
}
