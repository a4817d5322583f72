//! Whole-product scenarios: the real binaries, real kernels, scripted models on 127.0.0.1.
mod suite;
