fn main() -> std::process::ExitCode {
    interpreter_gui::run()
}
