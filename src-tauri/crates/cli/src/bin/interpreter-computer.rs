//! `interpreter-computer`: the computer-use helper the engine starts on first use (screen,
//! mouse and keyboard over stdio JSON). Its own binary, so `interpreter` links no display library.

fn main() {
    std::process::exit(oi_computer_x11::run_helper());
}
