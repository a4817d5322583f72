//! `interpreter acp`: the editor starts this process and speaks ACP on its stdin and stdout.
//! When the desktop app is running, the stream is relayed to it (the session runs in the app,
//! with the app's settings); otherwise settings resolve exactly as for the terminal (flags, then
//! config.toml, then defaults) and the session runs here.

use anyhow::Result;

use crate::args::SessionFlags;

pub async fn run(global: &SessionFlags, own: &SessionFlags) -> Result<u8> {
    if let Some(socket) = oi_acp::bridge::socket_path()
        && oi_acp::bridge::relay_stdio(&socket).await?
    {
        return Ok(0);
    }
    let mut flags = global.clone();
    crate::merge_flags(&mut flags, own);
    let settings = crate::settings::resolve(&flags)?;
    oi_acp::serve_stdio(oi_acp::AcpConfig::new(settings.session)).await?;
    Ok(0)
}
