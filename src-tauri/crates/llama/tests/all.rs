//! oi-llama's tests: the real Qwen2.5-Coder-0.5B GGUF (assembled by `.ci/local-model.sh`) run
//! in this process, and the download code against a local HTTP server.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod suite;
