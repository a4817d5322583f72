//! What the app holds: the defaults for new sessions, the running sessions' submission queues,
//! the activity board and the ui's subscriptions to app-level signals.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use oi_core::SessionConfig;
use oi_core::store::{ListWatch, SessionStore};
use oi_protocol::{Event, EventMsg, Op, Submission};
use serde::Serialize;
use tauri::ipc::Channel;
use tokio::sync::mpsc::UnboundedSender;

use crate::activity::{Activity, ActivityBoard, ApprovalNotice};
use crate::error::CommandError;

/// App-level happenings the ui hears about (tray menu, hotkey, activity).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export_to = "app/")]
pub enum AppSignal {
    /// "New session" was chosen in the tray menu.
    NewSession,
    /// Every session was interrupted (tray "Pause all" or the stop hotkey).
    PausedAll {
        sessions: usize,
    },
    ActivityChanged {
        activity: Activity,
    },
    /// Files were dropped on the window: the ui attaches them by path.
    FilesDropped {
        paths: Vec<String>,
    },
    /// An editor's session (over the tray bridge) started running in the app.
    EditorSessionStarted {
        session_id: String,
        cwd: String,
    },
    /// A second launch of the app handed over its arguments: a new session with them, its
    /// prompt sent.
    Launched {
        handover: Box<crate::args::Handover>,
    },
    /// A second launch could not be taken over (nothing of it runs): why, for the person.
    LaunchRefused {
        reason: String,
    },
    /// Quit was chosen while sessions work or wait for an approval: the ui asks first, and
    /// quits through the `quit` command.
    QuitRequested {
        busy: usize,
    },
    /// A session appeared, went, or changed what the list shows, in any process (the engine's
    /// store watched): the ui lists them again.
    SessionsChanged,
    /// The person clicked the notification of a waiting approval: the ui shows that card.
    OpenApproval {
        session_id: String,
        call_id: String,
    },
}

/// Where activity goes besides the ui: the tray icon and desktop notifications.
pub trait ActivityHooks: Send + Sync {
    fn activity_changed(&self, activity: Activity);
    fn approval_waiting(&self, notice: &ApprovalNotice);
    /// The approval of `call_id` is no longer waiting (each of the session's for `None`: its
    /// turn or the session ended).
    fn approval_answered(&self, session_id: &str, call_id: Option<&str>);
}

/// Launch options the ui reads once.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    pub initial_prompt: Option<String>,
    /// The flags the app was launched with (a second launch must ask for the same protection).
    pub flags: oi_config::Flags,
}

#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// How long the list waits for a burst of store changes to settle before it is sent again.
const STORE_SETTLE: std::time::Duration = std::time::Duration::from_millis(250);

/// A running session: its submission queue.
struct Running {
    submissions: UnboundedSender<Submission>,
}

struct Inner {
    defaults: SessionConfig,
    /// The logged sessions, reached only through the engine's storage API.
    store: SessionStore,
    launch: Launch,
    /// The settings of second launches' sessions, until the ui starts them (by handover id).
    handovers: Mutex<HashMap<u64, SessionConfig>>,
    sessions: Mutex<HashMap<String, Running>>,
    /// Woken whenever a running session is gone from `sessions`.
    session_gone: tokio::sync::Notify,
    next_submission: AtomicU64,
    board: Mutex<ActivityBoard>,
    signals: Mutex<Vec<Channel<AppSignal>>>,
    /// The ui's views of running sessions, by session.
    watchers: Mutex<HashMap<String, Vec<Watcher>>>,
    hooks: OnceLock<Box<dyn ActivityHooks>>,
    /// Keeps the store's change notices coming (the real app; tests list on demand).
    store_watch: OnceLock<ListWatch>,
}

/// A view of a running session in the ui: its channel, and the last event it was sent.
struct Watcher {
    channel: Channel<Event>,
    last_seq: Option<u64>,
}

impl Watcher {
    /// Sends `event` unless the view already has it; false when the view went away.
    fn send(&mut self, event: &Event) -> bool {
        if self.last_seq.is_some_and(|last| event.seq <= last) {
            return true;
        }
        self.last_seq = Some(event.seq);
        self.channel.send(event.clone()).is_ok()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding these short locks leaves consistent data: keep going.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AppState {
    pub fn new(defaults: SessionConfig, launch: Launch) -> Self {
        AppState(Arc::new(Inner {
            store: SessionStore::new(&defaults.data_dir),
            defaults,
            launch,
            handovers: Mutex::new(HashMap::new()),
            sessions: Mutex::new(HashMap::new()),
            session_gone: tokio::sync::Notify::new(),
            next_submission: AtomicU64::new(1),
            board: Mutex::new(ActivityBoard::default()),
            signals: Mutex::new(Vec::new()),
            watchers: Mutex::new(HashMap::new()),
            hooks: OnceLock::new(),
            store_watch: OnceLock::new(),
        }))
    }

    pub fn defaults(&self) -> &SessionConfig {
        &self.0.defaults
    }

    pub fn store(&self) -> &SessionStore {
        &self.0.store
    }

    pub fn launch(&self) -> &Launch {
        &self.0.launch
    }

    /// Keeps what a second launch's session starts with: the app's launch flags, then the
    /// second launch's own over them, resolved as at launch (config file, profile defaults).
    /// Its id goes to the ui in the handover; why not, in words for the person.
    pub fn keep_handover(&self, handover: &mut crate::args::Handover) -> Result<(), String> {
        let mut flags = self.0.launch.flags.clone();
        flags.merge(&handover.flags);
        let mut config = oi_core::settings::resolve(&flags)
            .map_err(|e| e.to_string())?
            .session;
        config.own_pids.clone_from(&self.0.defaults.own_pids);
        if let (Some(setup), Some(app)) =
            (&mut config.sandbox_setup, &self.0.defaults.sandbox_setup)
        {
            setup.helper.clone_from(&app.helper);
        }
        // One app, one store: its sessions are logged where the app lists them.
        config.data_dir.clone_from(&self.0.defaults.data_dir);
        // A model named without a profile gets its own harness (`qwen*`: qwen-code), as at
        // launch, not the one the app's window has chosen.
        if handover.model.is_some() && handover.profile.is_none() {
            handover.profile = Some(config.profile.clone());
        }
        let mut kept = lock(&self.0.handovers);
        // Handovers the ui never started (its window reloaded meanwhile) are not kept forever.
        if kept.len() >= 16
            && let Some(oldest) = kept.keys().min().copied()
        {
            kept.remove(&oldest);
        }
        handover.id = self.0.next_submission.fetch_add(1, Ordering::Relaxed);
        kept.insert(handover.id, config);
        Ok(())
    }

    /// A kept handover's settings, once: the session it was for starts with them.
    pub fn take_handover(&self, id: u64) -> Option<SessionConfig> {
        lock(&self.0.handovers).remove(&id)
    }

    /// Installed once by the real app (tray, notifications); tests run without.
    pub fn set_hooks(&self, hooks: Box<dyn ActivityHooks>) {
        if self.0.hooks.set(hooks).is_err() {
            tracing::warn!("activity hooks were already set");
        }
    }

    pub fn add_session(&self, session_id: &str, submissions: UnboundedSender<Submission>) {
        lock(&self.0.sessions).insert(session_id.to_string(), Running { submissions });
    }

    /// Tells the ui whenever the session list changes, whichever process changed it.
    pub fn watch_store(&self) {
        let app = Arc::downgrade(&self.0);
        let watch = self.0.store.watch(STORE_SETTLE, move || {
            if let Some(inner) = app.upgrade() {
                AppState(inner).broadcast(AppSignal::SessionsChanged);
            }
        });
        match watch {
            Ok(watch) => {
                let _ = self.0.store_watch.set(watch);
            }
            Err(e) => tracing::warn!("the session list will not follow other processes: {e}"),
        }
    }

    pub fn session_ids(&self) -> Vec<String> {
        lock(&self.0.sessions).keys().cloned().collect()
    }

    /// Sends `op` to the session; returns the submission id its events will carry.
    pub fn submit(&self, session_id: &str, op: Op) -> Result<String, CommandError> {
        let id = format!(
            "gui-{}",
            self.0.next_submission.fetch_add(1, Ordering::Relaxed)
        );
        let sessions = lock(&self.0.sessions);
        let queue = sessions
            .get(session_id)
            .ok_or_else(|| CommandError::UnknownSession(session_id.to_string()))?;
        queue
            .submissions
            .send(Submission { id: id.clone(), op })
            .map_err(|_| CommandError::SessionEnded(session_id.to_string()))?;
        Ok(id)
    }

    /// Interrupts every running session; returns how many were asked.
    pub fn pause_all(&self) -> usize {
        let ids = self.session_ids();
        let asked = ids
            .iter()
            .filter(|id| self.submit(id, Op::Interrupt).is_ok())
            .count();
        self.broadcast(AppSignal::PausedAll { sessions: asked });
        asked
    }

    /// How many sessions are in a turn or wait for an approval.
    pub fn busy(&self) -> usize {
        lock(&self.0.board).busy()
    }

    /// Shuts every running session down through the engine (`Op::Shutdown`: the turn stopped,
    /// kernels and sandboxes ended, `ShutdownComplete` logged) and waits until each has said so
    /// or `timeout` passes; returns the sessions still running then.
    pub async fn shutdown_all(&self, timeout: std::time::Duration) -> Vec<String> {
        for id in self.session_ids() {
            if let Err(e) = self.submit(&id, Op::Shutdown) {
                tracing::warn!("cannot shut {id} down: {e}");
            }
        }
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            // Listening before looking: a session gone in between still wakes this.
            let gone = self.0.session_gone.notified();
            let left = self.session_ids();
            if left.is_empty() || tokio::time::timeout_at(deadline, gone).await.is_err() {
                return self.session_ids();
            }
        }
    }

    /// One event of a running session, as its event loop receives it: to the activity board,
    /// the tray and notifications, and to every view of it in the ui.
    pub fn session_event(&self, session_id: &str, event: &Event) {
        if matches!(event.msg, EventMsg::ShutdownComplete) {
            // No longer running from here on: a list the ui asks for once it hears this says so.
            self.forget_session(session_id);
        }
        self.observe(session_id, &event.msg);
        if let Some(views) = lock(&self.0.watchers).get_mut(session_id) {
            // A view whose webview reloaded or closed is dropped; the session goes on.
            views.retain_mut(|view| view.send(event));
        }
    }

    /// Streams a running session's events to `channel` from its next event on (the ui that
    /// started it).
    pub fn watch(&self, session_id: &str, channel: Channel<Event>) {
        lock(&self.0.watchers)
            .entry(session_id.to_string())
            .or_default()
            .push(Watcher {
                channel,
                last_seq: None,
            });
    }

    /// Streams a session to `channel` from its first event: what its log holds so far, then
    /// each new event, none twice and none missed. Returns whether it runs in this app (its
    /// input and approvals go to it); a session another process runs (a terminal's, an
    /// editor's agent's) is followed read-only through the engine's store until it ends.
    pub fn attach(&self, session_id: &str, channel: Channel<Event>) -> Result<bool, CommandError> {
        if !lock(&self.0.sessions).contains_key(session_id) {
            let mut following = self.0.store.follow(session_id)?;
            tauri::async_runtime::spawn(async move {
                while let Some(event) = following.next().await {
                    match event {
                        Ok(event) => {
                            if channel.send(event).is_err() {
                                break;
                            }
                        }
                        Err(e) => {
                            tracing::warn!("stopped following a session: {e}");
                            break;
                        }
                    }
                }
            });
            return Ok(false);
        }
        // The engine appends an event to the log before it sends it, and the session's event
        // loop waits for this lock.
        let mut watchers = lock(&self.0.watchers);
        let mut view = Watcher {
            channel,
            last_seq: None,
        };
        for event in self.0.store.replay(session_id)? {
            if !view.send(&event) {
                return Ok(true);
            }
        }
        watchers
            .entry(session_id.to_string())
            .or_default()
            .push(view);
        Ok(true)
    }

    /// The session's event stream ended.
    fn forget_session(&self, session_id: &str) {
        lock(&self.0.sessions).remove(session_id);
        self.0.session_gone.notify_waiters();
    }

    pub fn session_closed(&self, session_id: &str) {
        lock(&self.0.watchers).remove(session_id);
        self.forget_session(session_id);
        if let Some(hooks) = self.0.hooks.get() {
            hooks.approval_answered(session_id, None);
        }
        let overall = {
            let mut board = lock(&self.0.board);
            board.forget(session_id);
            board.overall()
        };
        self.activity_changed(overall);
    }

    /// Feeds one event of a session to the activity board, the tray and notifications.
    pub fn observe(&self, session_id: &str, msg: &EventMsg) {
        let (before, after, notice) = {
            let mut board = lock(&self.0.board);
            let before = board.overall();
            let notice = board.observe(session_id, msg);
            (before, board.overall(), notice)
        };
        if let Some(hooks) = self.0.hooks.get() {
            if let Some(notice) = &notice {
                hooks.approval_waiting(notice);
            }
            match msg {
                EventMsg::ApprovalDecided { call_id, .. } => {
                    hooks.approval_answered(session_id, Some(call_id.as_str()));
                }
                EventMsg::TurnEnded { .. } | EventMsg::ShutdownComplete => {
                    hooks.approval_answered(session_id, None);
                }
                _ => {}
            }
        }
        if before != after {
            self.activity_changed(after);
        }
    }

    pub fn activity(&self) -> Activity {
        lock(&self.0.board).overall()
    }

    fn activity_changed(&self, activity: Activity) {
        if let Some(hooks) = self.0.hooks.get() {
            hooks.activity_changed(activity);
        }
        self.broadcast(AppSignal::ActivityChanged { activity });
    }

    pub fn subscribe(&self, channel: Channel<AppSignal>) {
        lock(&self.0.signals).push(channel);
    }

    /// Sends to every subscriber, dropping the ones whose webview went away.
    pub fn broadcast(&self, signal: AppSignal) {
        lock(&self.0.signals).retain(|c| c.send(signal.clone()).is_ok());
    }
}
