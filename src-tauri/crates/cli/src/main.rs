fn main() -> std::process::ExitCode {
    oi_cli::main(oi_cli::Invocation::Interpreter)
}
