//! `interpreter acp`: the editor starts this process and speaks ACP on its stdin and stdout.
//! Settings resolve exactly as for the terminal (flags, then config.toml, then defaults). When
//! the desktop app is running, the stream is relayed to it with the flags given here: the session
//! runs in the app, with these settings (or the app's, when no flag was given). Otherwise the
//! session runs here.

use anyhow::Result;

use crate::args::SessionFlags;

pub async fn run(global: &SessionFlags, own: &SessionFlags) -> Result<u8> {
    let mut flags = global.clone();
    flags.merge(own);
    // Bad flags or config are told here, whoever runs the session.
    let settings = crate::settings::resolve(&flags)?;
    if let Some(socket) = oi_acp::bridge::socket_path()
        && oi_acp::bridge::relay_stdio(&socket, &for_the_app(&flags)?).await?
    {
        return Ok(0);
    }
    oi_acp::serve_stdio(oi_acp::AcpConfig::new(settings.session)).await?;
    Ok(0)
}

/// The flags as the app must read them: its working directory is not this one.
fn for_the_app(flags: &SessionFlags) -> Result<oi_config::Flags> {
    let mut flags = flags.settings.clone();
    for path in [&mut flags.config_file, &mut flags.sandbox_policy]
        .into_iter()
        .flatten()
    {
        *path = std::path::absolute(&*path)?;
    }
    Ok(flags)
}
