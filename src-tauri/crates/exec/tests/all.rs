//! One test binary for oi-exec: every test runs real interpreters (bash, python3, node).
mod suite;
