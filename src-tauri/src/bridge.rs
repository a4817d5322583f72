//! Editors' sessions in the app (the tray bridge): `interpreter acp` relays an editor to the
//! app's socket and the session runs here, listed with the others, on the activity board, the
//! tray icon and its notifications; its approvals can be answered here or in the editor.

use std::sync::Arc;

use oi_acp::bridge::{BridgeServer, HostedSession, SessionHost};

use crate::state::{AppSignal, AppState};

struct AppHost {
    state: AppState,
}

impl std::fmt::Debug for AppHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AppHost")
    }
}

impl SessionHost for AppHost {
    fn session_started(&self, session: HostedSession) {
        let HostedSession {
            id,
            cwd,
            submissions,
            mut events,
        } = session;
        self.state.add_session(&id, submissions);
        self.state.broadcast(AppSignal::EditorSessionStarted {
            session_id: id.clone(),
            cwd: cwd.display().to_string(),
        });
        let app = self.state.clone();
        tauri::async_runtime::spawn(async move {
            while let Some(event) = events.recv().await {
                app.session_event(&id, &event);
            }
            app.session_closed(&id);
        });
    }
}

/// Serves the bridge socket for as long as the app runs; without a runtime directory, or when
/// another app already serves it, editors' sessions simply run in their own process.
pub fn start(state: &AppState) {
    let Some(path) = oi_acp::bridge::socket_path() else {
        tracing::warn!("no XDG_RUNTIME_DIR: editors' sessions will not be relayed to the app");
        return;
    };
    let mut config = oi_acp::AcpConfig::new(state.defaults().clone());
    config.host = Some(Arc::new(AppHost {
        state: state.clone(),
    }));
    tauri::async_runtime::spawn(async move {
        match BridgeServer::bind(&path, config) {
            Ok(server) => server.run().await,
            Err(e) => tracing::warn!("the editor bridge did not start: {e}"),
        }
    });
}
