mod harness;
mod pipes;
mod raw;
mod typescript;
mod client_env;
