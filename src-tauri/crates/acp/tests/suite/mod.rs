mod bad_frames;
mod bridge;
mod client_env;
mod harness;
mod pipes;
mod raw;
mod typescript;
