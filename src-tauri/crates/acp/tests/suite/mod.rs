mod harness;
mod pipes;
mod raw;
mod typescript;
