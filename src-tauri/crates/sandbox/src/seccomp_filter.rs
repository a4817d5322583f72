//! The seccomp filter: syscalls no sandboxed program needs, and sockets per the network policy.
//!
//! Landlock does not cover UDP, raw sockets or connecting to pathname unix sockets (before ABI 9),
//! so in every mode but `full` seccomp refuses `socket(2)` outright; `socketpair(2)` stays (stream
//! and seqpacket only: a datagram pair can `sendto` any unix socket by path).

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

use crate::error::SandboxError;
use crate::policy::{NetworkMode, NetworkPolicy};

/// Kernel-hardening deny list, applied in every mode (full access included).
fn always_denied() -> Vec<i64> {
    let mut v = vec![
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_bpf,
        libc::SYS_kexec_load,
        libc::SYS_kexec_file_load,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_swapon,
        libc::SYS_swapoff,
        libc::SYS_reboot,
        libc::SYS_perf_event_open,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_move_mount,
        libc::SYS_open_tree,
        libc::SYS_mount_setattr,
        libc::SYS_acct,
        libc::SYS_quotactl,
        libc::SYS_settimeofday,
        libc::SYS_clock_settime,
        libc::SYS_clock_adjtime,
        libc::SYS_adjtimex,
        libc::SYS_syslog,
        libc::SYS_userfaultfd,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_vhangup,
    ];
    #[cfg(target_arch = "x86_64")]
    v.extend([libc::SYS_iopl, libc::SYS_ioperm]);
    v
}

const NAMESPACE_FLAGS: [u64; 7] = [
    libc::CLONE_NEWUSER as u64,
    libc::CLONE_NEWNS as u64,
    libc::CLONE_NEWNET as u64,
    libc::CLONE_NEWPID as u64,
    libc::CLONE_NEWIPC as u64,
    libc::CLONE_NEWUTS as u64,
    libc::CLONE_NEWCGROUP as u64,
];

fn cond(arg: u8, op: SeccompCmpOp, value: u64) -> Result<SeccompCondition, SandboxError> {
    SeccompCondition::new(arg, SeccompCmpArgLen::Qword, op, value)
        .map_err(|e| SandboxError::Seccomp(e.to_string()))
}

fn rule(conditions: Vec<SeccompCondition>) -> Result<SeccompRule, SandboxError> {
    SeccompRule::new(conditions).map_err(|e| SandboxError::Seccomp(e.to_string()))
}

fn arch() -> Result<TargetArch, SandboxError> {
    TargetArch::try_from(std::env::consts::ARCH).map_err(|e| SandboxError::Seccomp(e.to_string()))
}

fn compile(rules: BTreeMap<i64, Vec<SeccompRule>>, errno: i32) -> Result<BpfProgram, SandboxError> {
    let errno = u32::try_from(errno).map_err(|e| SandboxError::Seccomp(e.to_string()))?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(errno),
        arch()?,
    )
    .map_err(|e| SandboxError::Seccomp(e.to_string()))?;
    BpfProgram::try_from(filter).map_err(|e| SandboxError::Seccomp(e.to_string()))
}

/// The programs to install, in order. Several filters because each has one errno.
pub fn build(network: &NetworkPolicy) -> Result<Vec<BpfProgram>, SandboxError> {
    let mut deny: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for nr in always_denied() {
        deny.insert(nr, vec![]);
    }
    // clone() creating namespaces; clone3 is answered ENOSYS below (its flags sit in memory
    // seccomp cannot read) so libc falls back to clone().
    let clone_rules = NAMESPACE_FLAGS
        .iter()
        .map(|&flag| rule(vec![cond(0, SeccompCmpOp::MaskedEq(flag), flag)?]))
        .collect::<Result<Vec<_>, _>>()?;
    deny.insert(libc::SYS_clone, clone_rules);
    // Typing into the controlling terminal's input queue (TIOCSTI) escapes to the parent shell.
    deny.insert(
        libc::SYS_ioctl,
        vec![
            rule(vec![cond(
                1,
                SeccompCmpOp::MaskedEq(0xffff_ffff),
                libc::TIOCSTI,
            )?])?,
            rule(vec![cond(
                1,
                SeccompCmpOp::MaskedEq(0xffff_ffff),
                libc::TIOCLINUX,
            )?])?,
        ],
    );
    if network.mode != NetworkMode::Full {
        deny.insert(libc::SYS_socket, vec![]);
        deny.insert(
            libc::SYS_socketpair,
            vec![rule(vec![cond(
                1,
                SeccompCmpOp::MaskedEq(0xf),
                libc::SOCK_DGRAM as u64,
            )?])?],
        );
    }
    let mut programs = vec![compile(deny, libc::EPERM)?];
    let mut nosys = BTreeMap::new();
    nosys.insert(libc::SYS_clone3, vec![]);
    programs.push(compile(nosys, libc::ENOSYS)?);
    #[cfg(target_arch = "x86_64")]
    programs.push(x32_filter());
    Ok(programs)
}

/// x32 syscalls share the x86_64 audit arch but carry bit 30 in their number, so they would slip
/// past number-keyed rules: refuse them all.
#[cfg(target_arch = "x86_64")]
fn x32_filter() -> BpfProgram {
    use seccompiler::sock_filter;
    const LD_W_ABS: u16 = 0x20;
    const JGE_K: u16 = 0x35;
    const RET_K: u16 = 0x06;
    const RET_ERRNO: u32 = 0x0005_0000;
    const RET_ALLOW: u32 = 0x7fff_0000;
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    vec![
        sock_filter {
            code: LD_W_ABS,
            jt: 0,
            jf: 0,
            k: 0,
        },
        sock_filter {
            code: JGE_K,
            jt: 0,
            jf: 1,
            k: X32_SYSCALL_BIT,
        },
        sock_filter {
            code: RET_K,
            jt: 0,
            jf: 0,
            k: RET_ERRNO | libc::ENOSYS as u32,
        },
        sock_filter {
            code: RET_K,
            jt: 0,
            jf: 0,
            k: RET_ALLOW,
        },
    ]
}

/// Install the filters on the calling thread (no_new_privs must already be set).
pub fn install(programs: &[BpfProgram]) -> Result<(), SandboxError> {
    for p in programs {
        seccompiler::apply_filter(p).map_err(|e| SandboxError::Seccomp(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_compile_for_every_mode() {
        for mode in [NetworkMode::None, NetworkMode::Full] {
            let p = build(&NetworkPolicy {
                mode,
                hosts: vec![],
            })
            .unwrap();
            assert!(p.len() >= 2);
            assert!(p.iter().all(|prog| !prog.is_empty()));
        }
    }
}
