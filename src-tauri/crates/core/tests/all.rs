//! Engine tests against the scripted model server (real wire formats, real kernels).
mod suite;
