//! Whole-product scenarios: the real binaries, real kernels, scripted models on 127.0.0.1.
#![allow(clippy::unwrap_used, clippy::expect_used)]
mod suite;
