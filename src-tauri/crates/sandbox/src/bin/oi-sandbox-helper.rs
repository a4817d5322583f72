//! Stand-in for `interpreter __sandbox` in this crate's tests: `oi-sandbox-helper [__sandbox] …`.
fn main() {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == oi_sandbox::SUBCOMMAND) {
        args.remove(0);
    }
    oi_sandbox::sandbox_main(args)
}
