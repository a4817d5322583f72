//! The session's computer-use state: the display helper (started on the first action), its stop
//! handle, where screenshots go and the screen the model sees. `computer.rs`'s `Computer` owns
//! it and does what is done with it.

use std::path::PathBuf;
use std::sync::Arc;

use oi_computer::{ComputerClient, ComputerConfig, ComputerError};

/// Where the helper's stop handle is kept for a stop that must not wait for the action.
pub(crate) type StopSlot = Arc<std::sync::Mutex<Option<oi_computer::Stopper>>>;

/// The session's side of computer use.
pub(crate) struct ComputerSession {
    client: Option<ComputerClient>,
    /// The running helper's stop handle, shared with `Computer` so a stop reaches it while an
    /// action holds this session's lock.
    stopper: StopSlot,
    screenshot_dir: PathBuf,
    /// A computer action already ran in this turn: the person's input since then is a takeover.
    pub(crate) in_sequence: bool,
    screen: Screen,
}

/// Which monitor the agent works on and the sizes the model sees it at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Screen {
    pub monitor: usize,
    /// `None`: the default sizes.
    pub model_sizes: Option<Vec<(u32, u32)>>,
    /// The front end's own processes, whose windows take no input from the agent.
    pub own_pids: Vec<u32>,
}

impl Screen {
    /// The person's choice (config.toml), else the profile's sizes.
    pub(crate) fn of(config: &crate::SessionConfig, profile: &crate::profile::Profile) -> Self {
        Screen {
            monitor: config.computer_monitor,
            model_sizes: config
                .screenshot_size
                .map(|size| vec![size])
                .or_else(|| profile.computer.screenshot_sizes.clone()),
            own_pids: config.own_pids.clone(),
        }
    }
}

impl ComputerSession {
    /// Screenshots go beside the session log: `<log without .jsonl>/screenshots/`.
    pub(crate) fn new(log_path: &std::path::Path, screen: Screen, stopper: StopSlot) -> Self {
        ComputerSession {
            client: None,
            stopper,
            screenshot_dir: log_path.with_extension("").join("screenshots"),
            in_sequence: false,
            screen,
        }
    }

    /// The profile changed: its screenshot sizes apply from the next action on. A running
    /// helper is reconfigured, not restarted (what it copied to the clipboard lives with it).
    pub(crate) async fn set_screen(&mut self, screen: Screen) {
        if screen == self.screen {
            return;
        }
        self.screen = screen;
        let config = self.config();
        if let Some(client) = &mut self.client
            && let Err(e) = client.configure(config).await
        {
            tracing::warn!("the computer helper was not reconfigured, it restarts: {e}");
            self.client = None;
        }
    }

    /// What the helper is told: where screenshots go, the monitor, the model's sizes.
    fn config(&self) -> ComputerConfig {
        let mut config = ComputerConfig::new(self.screenshot_dir.clone());
        config.monitor = self.screen.monitor;
        config.own_pids.clone_from(&self.screen.own_pids);
        if let Some(sizes) = &self.screen.model_sizes {
            config.model_sizes.clone_from(sizes);
        }
        config
    }

    pub(crate) async fn client(&mut self) -> Result<&mut ComputerClient, ComputerError> {
        if self.client.is_none() {
            let client = ComputerClient::start(None, None, self.config()).await?;
            if let Ok(mut slot) = self.stopper.lock() {
                *slot = Some(client.stopper());
            }
            self.client = Some(client);
        }
        self.client.as_mut().ok_or_else(|| ComputerError::Helper {
            message: "the helper is not running".into(),
        })
    }

    /// A helper that stopped is started again on the next call.
    pub(crate) fn forget_dead_helper(&mut self, e: &ComputerError) {
        if matches!(e, ComputerError::Helper { .. }) {
            self.client = None;
        }
    }

    pub(crate) fn turn_started(&mut self) {
        self.in_sequence = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_persons_size_wins_over_the_profiles_which_wins_over_the_default() {
        let dir = tempfile::tempdir().unwrap();
        let mine = dir.path().join("profiles/wide");
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::write(
            mine.join("profile.toml"),
            "id = \"wide\"\nname = \"Wide\"\nemulates = \"x\"\ntool_style = \"native\"\n\
             tools = [\"computer\"]\nsystem = [\"s.md\"]\n[computer]\nscreenshot_sizes = [[1600, 900]]\n",
        )
        .unwrap();
        std::fs::write(mine.join("s.md"), "Look.").unwrap();
        let profile = crate::profile::Profile::load("wide", Some(dir.path())).unwrap();
        let mut config =
            crate::SessionConfig::new("m", dir.path().to_path_buf(), dir.path().to_path_buf());
        assert_eq!(
            Screen::of(&config, &profile).model_sizes,
            Some(vec![(1600, 900)])
        );
        config.screenshot_size = Some((800, 450));
        config.computer_monitor = 2;
        assert_eq!(
            Screen::of(&config, &profile),
            Screen {
                monitor: 2,
                model_sizes: Some(vec![(800, 450)]),
                own_pids: Vec::new(),
            }
        );
        let os = crate::profile::Profile::load("os", None).unwrap();
        assert_eq!(
            Screen::of(&crate::SessionConfig::new("m", ".".into(), ".".into()), &os).model_sizes,
            None
        );
    }
}
