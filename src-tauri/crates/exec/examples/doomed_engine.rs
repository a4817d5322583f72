//! An engine for the orphan test (tests/suite/orphans.rs), which SIGKILLs it: runs one block
//! in a kernel and waits for the block forever. Usage: `doomed_engine DIR LANGUAGE CODE`.

use std::path::PathBuf;

use oi_exec::{KernelOptions, Kernels};
use tokio_util::sync::CancellationToken;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(dir), Some(language), Some(code)) = (args.next(), args.next(), args.next()) else {
        return Err("usage: doomed_engine DIR LANGUAGE CODE".into());
    };
    let mut kernels = Kernels::new(KernelOptions::new(PathBuf::from(dir)));
    let mut sink = |_: oi_protocol::OutputStream, _: &str| {};
    kernels
        .run(&language, &code, &mut sink, &CancellationToken::new())
        .await?;
    Err("the block ended: it should have run until the engine was killed".into())
}
