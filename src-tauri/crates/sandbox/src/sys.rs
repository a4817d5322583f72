//! The one raw syscall this crate makes itself: asking the kernel which landlock ABI it speaks.
//! (The `landlock` crate keeps its own probe private, by design; we need the number to refuse
//! with a precise diagnosis instead of degrading.)
#![allow(unsafe_code)]

/// `LANDLOCK_CREATE_RULESET_VERSION` from `<linux/landlock.h>`.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1 << 0;

/// The kernel's landlock ABI version, or the errno explaining why there is none
/// (`ENOSYS`: not built in; `EOPNOTSUPP`: built in but not enabled at boot).
pub fn landlock_abi() -> Result<i32, nix::errno::Errno> {
    // SAFETY: with a null attr pointer, size 0 and the VERSION flag the kernel reads no memory
    // and only returns the ABI version (or an error); no resources are created.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    if ret < 0 {
        Err(nix::errno::Errno::last())
    } else {
        Ok(i32::try_from(ret).unwrap_or(i32::MAX))
    }
}
