//! Engine tests against the scripted model server (real wire formats, real kernels).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::type_complexity)]
mod suite;
