// Shapes of the app's own commands (src-tauri/src/commands); the protocol's types are generated
// into ./bindings.
import type { ApprovalPolicy } from "./bindings/ApprovalPolicy";
import type { SafeMode } from "./bindings/SafeMode";
import type { SandboxInfo } from "./bindings/SandboxInfo";

export type Activity = "idle" | "working" | "waiting";

export interface AppInfo {
  version: string;
  model: string;
  profile: string;
  approval_policy: ApprovalPolicy;
  profiles: string[];
  cwd: string;
  /** The sandbox and safe mode new sessions start with. */
  sandbox: SandboxInfo | null;
  safe_mode: SafeMode;
  initial_prompt: string | null;
  stop_hotkey: string;
  activity: Activity;
  /** How new sessions reach their model. */
  model_access: ModelAccess;
}

/** Where the default model runs and whether it has the key it needs. */
export interface ModelAccess {
  provider: string;
  api_base: string;
  /** A model server on this machine: no key needed. */
  local: boolean;
  key_env: string | null;
  key_set: boolean;
}

export interface StartOptions {
  model?: string;
  profile?: string;
  approval_policy?: ApprovalPolicy;
  resume?: string;
  /** The folder to work in (the app's own when unset). */
  cwd?: string;
  /** A second launch's session: started with its settings (`Handover.id`). */
  handover?: number;
  /** Where its code runs, chosen before it started (`%sandbox BACKEND LEVEL`). */
  sandbox?: { backend: string; level: string | null };
}

export interface StartedSession {
  session_id: string;
  log_path: string;
}

/** What a second launch (`interpreter --gui ARGS` while the app runs) hands over. */
export interface Handover {
  /** Names its settings, kept by the app for the session it starts. */
  id: number;
  prompt: string | null;
  /** The folder it was started in. */
  cwd: string;
  model: string | null;
  profile: string | null;
  /** `-y`: the session runs code without asking. */
  auto_run: boolean;
  /** Its other flags, as written (`--temperature 0.2`, a key hidden): they hold for the session. */
  carried: string[];
  /** Flags that only mean something in the terminal. */
  unused: string[];
}

export type AppSignal =
  | { type: "new_session" }
  | { type: "paused_all"; sessions: number }
  | { type: "activity_changed"; activity: Activity }
  | { type: "files_dropped"; paths: string[] }
  | { type: "editor_session_started"; session_id: string; cwd: string }
  | { type: "launched"; handover: Handover }
  /** A second launch that could not be taken over: nothing of it runs. */
  | { type: "launch_refused"; reason: string }
  /** Tray Quit while sessions work or wait: the ui asks, then calls `quit`. */
  | { type: "quit_requested"; busy: number }
  /** A session appeared, went, or changed what the list shows (in any process). */
  | { type: "sessions_changed" }
  /** The person clicked an "approval needed" notification: show that card. */
  | { type: "open_approval"; session_id: string; call_id: string };

/** Every command error: a code to match on, a sentence for people. */
export interface CommandError {
  code:
    | "unknown_session"
    | "session_ended"
    | "session_start"
    | "session_log"
    | "no_data_dir"
    | "invalid_request"
    | "read"
    | "folder"
    | "ipc";
  message: string;
}
