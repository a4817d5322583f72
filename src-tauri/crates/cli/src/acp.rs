//! `interpreter acp`: the editor starts this process and speaks ACP on its stdin and stdout.
//! Settings resolve exactly as for the terminal (flags, then config.toml, then defaults).

use anyhow::Result;

use crate::args::SessionFlags;

pub async fn run(global: &SessionFlags, own: &SessionFlags) -> Result<u8> {
    let mut flags = global.clone();
    crate::merge_flags(&mut flags, own);
    let settings = crate::settings::resolve(&flags)?;
    oi_acp::serve_stdio(oi_acp::AcpConfig::new(settings.session)).await?;
    Ok(0)
}
