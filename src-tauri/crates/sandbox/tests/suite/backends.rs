//! Translations of our policy for Docker and OpenShell (no engine runs here: argv and YAML are
//! checked, and the availability check must fail with a hint to use `native`).

use std::ffi::OsString;
use std::path::PathBuf;

use oi_sandbox::{
    Backend, BackendError, DockerOptions, Level, NetworkMode, PolicyContext, SandboxPolicy,
    check_backend, docker_run_argv, openshell_create_argv, openshell_delete_argv,
    openshell_exec_argv, openshell_policy_yaml,
};

fn ctx() -> PolicyContext {
    PolicyContext {
        workspace: "/work/proj".into(),
        home: Some("/home/u".into()),
        temp_dir: "/tmp".into(),
        config_dir: Some("/home/u/.config/open-interpreter".into()),
    }
}

fn opts() -> DockerOptions {
    DockerOptions {
        image: "debian:stable-slim".into(),
        workspace: "/work/proj".into(),
        user: (1000, 1000),
        env: vec![],
    }
}

fn argv(v: &[OsString]) -> Vec<String> {
    v.iter().map(|s| s.to_string_lossy().into_owned()).collect()
}

fn cmd() -> Vec<OsString> {
    vec!["python3".into(), "-c".into(), "print(1)".into()]
}

#[test]
fn docker_workspace_write() {
    let mut policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    policy.process.max_processes = Some(128);
    policy.process.max_memory_bytes = Some(512 << 20);
    policy.process.max_cpu_seconds = Some(60);
    let a = argv(&docker_run_argv(&policy, &opts(), &cmd()).unwrap());
    assert_eq!(
        a,
        [
            "docker",
            "run",
            "--rm",
            "-i",
            "--init",
            "--network",
            "none",
            "--cap-drop",
            "ALL",
            "--security-opt",
            "no-new-privileges",
            "--user",
            "1000:1000",
            "--read-only",
            "--tmpfs",
            "/tmp",
            "-v",
            "/work/proj:/work/proj:rw",
            "-w",
            "/work/proj",
            "--pids-limit",
            "128",
            "--memory",
            "536870912b",
            "--ulimit",
            "cpu=60:61",
            "debian:stable-slim",
            "python3",
            "-c",
            "print(1)",
        ]
    );
}

#[test]
fn docker_read_only_mounts_the_workspace_read_only() {
    let policy = SandboxPolicy::from_level(Level::ReadOnly, &ctx());
    let a = argv(&docker_run_argv(&policy, &opts(), &cmd()).unwrap()).join(" ");
    assert!(a.contains("--read-only"));
    assert!(a.contains("-v /work/proj:/work/proj:ro"), "{a}");
}

#[test]
fn docker_full_access_uses_host_network_and_a_writable_root() {
    let policy = SandboxPolicy::from_level(Level::FullAccess, &ctx());
    let a = argv(&docker_run_argv(&policy, &opts(), &cmd()).unwrap()).join(" ");
    assert!(a.contains("--network host"), "{a}");
    assert!(!a.contains("--read-only"), "{a}");
}

#[test]
fn docker_masks_denied_paths_inside_mounts_and_refuses_hosts() {
    let mut policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    policy
        .filesystem
        .denied
        .push(PathBuf::from("/work/proj/.env"));
    let a = argv(&docker_run_argv(&policy, &opts(), &cmd()).unwrap()).join(" ");
    assert!(a.contains("-v /dev/null:/work/proj/.env:ro"), "{a}");
    assert!(
        !a.contains(".ssh"),
        "credentials outside every mount need no mask: {a}"
    );
    policy.network.mode = NetworkMode::Hosts;
    let e = docker_run_argv(&policy, &opts(), &cmd())
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot enforce network mode hosts"), "{e}");
}

#[test]
fn openshell_policy_for_workspace_write() {
    let policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    let yaml = openshell_policy_yaml(&policy, &ctx().workspace).unwrap();
    let v: serde_yaml_ng::Value = serde_yaml_ng::from_str(&yaml).unwrap();
    assert_eq!(v["version"], 1);
    assert_eq!(v["filesystem_policy"]["include_workdir"], true);
    let ro: Vec<&str> = v["filesystem_policy"]["read_only"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(ro.contains(&"/usr") && !ro.contains(&"/"), "{yaml}");
    let rw: Vec<&str> = v["filesystem_policy"]["read_write"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(
        rw.contains(&"/tmp") && rw.contains(&"/dev/null") && !rw.contains(&"/work/proj"),
        "{yaml}"
    );
    assert_eq!(v["landlock"]["compatibility"], "hard_requirement");
    assert!(
        v.get("network_policies").is_none(),
        "no network at all: {yaml}"
    );
}

#[test]
fn openshell_hosts_become_network_policies() {
    let mut policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    policy.network.mode = NetworkMode::Hosts;
    policy.network.hosts = vec![oi_sandbox::policy::HostRule {
        host: "api.openai.com".into(),
        ports: vec![443],
    }];
    let yaml = openshell_policy_yaml(&policy, &ctx().workspace).unwrap();
    let v: serde_yaml_ng::Value = serde_yaml_ng::from_str(&yaml).unwrap();
    let rule = &v["network_policies"]["interpreter_hosts"];
    assert_eq!(rule["endpoints"][0]["host"], "api.openai.com");
    assert_eq!(rule["endpoints"][0]["port"], 443);
}

#[test]
fn openshell_refuses_what_it_cannot_enforce() {
    let full = SandboxPolicy::from_level(Level::FullAccess, &ctx());
    assert!(openshell_policy_yaml(&full, &ctx().workspace).is_err());
    let mut limited = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    limited.process.max_memory_bytes = Some(1 << 30);
    let e = openshell_policy_yaml(&limited, &ctx().workspace)
        .unwrap_err()
        .to_string();
    assert!(e.contains("process limits"), "{e}");
    let mut carved = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
    carved.filesystem.denied.push("/work/proj/.env".into());
    let e = openshell_policy_yaml(&carved, &ctx().workspace)
        .unwrap_err()
        .to_string();
    assert!(e.contains("/work/proj/.env"), "{e}");
}

#[test]
fn openshell_argv() {
    assert_eq!(
        argv(&openshell_create_argv(
            "oi-1",
            std::path::Path::new("/tmp/p.yaml"),
            Some("python:3.12")
        )),
        [
            "openshell",
            "sandbox",
            "create",
            "--name",
            "oi-1",
            "--detach",
            "--no-tty",
            "--policy",
            "/tmp/p.yaml",
            "--from",
            "python:3.12"
        ]
    );
    assert_eq!(
        argv(&openshell_exec_argv("oi-1", &cmd())),
        [
            "openshell",
            "sandbox",
            "exec",
            "--name",
            "oi-1",
            "--no-tty",
            "--",
            "python3",
            "-c",
            "print(1)"
        ]
    );
    assert_eq!(
        argv(&openshell_delete_argv("oi-1")),
        ["openshell", "sandbox", "delete", "oi-1"]
    );
}

/// Whatever this machine has, an unusable backend says which, why and what to do about it;
/// how to choose another is each front end's own hint (`%sandbox`, the app's button).
#[test]
fn unavailable_backends_say_which_and_why() {
    for backend in [Backend::Docker, Backend::OpenShell] {
        match check_backend(backend) {
            Ok(()) => {}
            Err(e @ (BackendError::CliMissing { .. } | BackendError::DaemonUnreachable { .. })) => {
                let msg = e.to_string();
                assert!(
                    msg.starts_with(&format!("the {backend} sandbox needs the ")),
                    "{msg}"
                );
                assert!(
                    msg.ends_with(": install it") || msg.ends_with(": start it"),
                    "{msg}"
                );
                assert!(!msg.contains("--sandbox"), "{msg}");
            }
            Err(other) => panic!("unexpected error {other}"),
        }
    }
    assert!(check_backend(Backend::Native).is_ok());
}
