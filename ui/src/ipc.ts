// The one module that talks to the app (invoke and channels). Everything else calls these.
import { Channel, invoke } from "@tauri-apps/api/core";
import type { ApprovalDecision } from "./bindings/ApprovalDecision";
import type { ApprovalPolicy } from "./bindings/ApprovalPolicy";
import type { Event } from "./bindings/Event";
import type { InputItem } from "./bindings/InputItem";
import type { SessionListing } from "./bindings/SessionListing";
import type { AppInfo, AppSignal, CommandError, StartOptions, StartedSession } from "./types";

/** A command's error, or the ui's own `ipc` when the call never reached the app. */
export type UiError = CommandError | { code: "ipc"; message: string };

/** Errors always arrive as {code, message}; anything else (a broken bridge) is wrapped. */
export function asCommandError(e: unknown): UiError {
  if (e && typeof e === "object" && "code" in e && "message" in e) {
    return e as CommandError;
  }
  return { code: "ipc", message: e instanceof Error ? e.message : String(e) };
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw asCommandError(e);
  }
}

export const ipc = {
  appInfo: () => call<AppInfo>("app_info"),
  subscribeApp(onSignal: (s: AppSignal) => void): Promise<void> {
    const channel = new Channel<AppSignal>();
    channel.onmessage = onSignal;
    return call("subscribe_app", { onSignal: channel });
  },
  /** Shuts every session down through the engine, then ends the app. */
  quit: () => call<null>("quit"),
  recentFolders: () => call<string[]>("recent_folders"),
  checkFolder: (path: string) => call<string>("check_folder", { path }),
  startSession(options: StartOptions, onEvent: (e: Event) => void): Promise<StartedSession> {
    const channel = new Channel<Event>();
    channel.onmessage = onEvent;
    return call("start_session", { options, onEvent: channel });
  },
  /** Follows a live session from its first event; true when it runs in this app (input and
   * approvals go to it), false for one another process runs (shown read-only). */
  attachSession(sessionId: string, onEvent: (e: Event) => void): Promise<boolean> {
    const channel = new Channel<Event>();
    channel.onmessage = onEvent;
    return call("attach_session", { sessionId, onEvent: channel });
  },
  sendInput: (sessionId: string, items: InputItem[]) => call<string>("send_input", { sessionId, items }),
  decideApproval: (sessionId: string, callId: string, decision: ApprovalDecision) =>
    call<string>("decide_approval", { sessionId, callId, decision }),
  interrupt: (sessionId: string) => call<string>("interrupt", { sessionId }),
  setModel: (sessionId: string, model: string) => call<string>("set_model", { sessionId, model }),
  setProfile: (sessionId: string, profile: string) => call<string>("set_profile", { sessionId, profile }),
  setApprovalPolicy: (sessionId: string, policy: ApprovalPolicy) =>
    call<string>("set_approval_policy", { sessionId, policy }),
  reset: (sessionId: string) => call<string>("reset", { sessionId }),
  undo: (sessionId: string) => call<string>("undo", { sessionId }),
  reportTokens: (sessionId: string) => call<string>("report_tokens", { sessionId }),
  closeSession: (sessionId: string) => call<string>("close_session", { sessionId }),
  /** `%sandbox BACKEND LEVEL`; the session answers with `sandbox_changed` or an error. */
  setSandbox: (sessionId: string, backend: string, level: string | null) => call<string>("set_sandbox", { sessionId, backend, level }),
  /** `%save PATH` (a full path or `~/…`); the session answers with `session_saved`. */
  saveConversation: (sessionId: string, path: string) => call<string>("save_conversation", { sessionId, path }),
  /** The full path of a conversation file to load, or why not. */
  checkConversation: (path: string) => call<string>("check_conversation", { path }),
  /** `%load PATH`: the conversation replaced by the saved one. */
  loadConversation: (sessionId: string, path: string) => call<string>("load_conversation", { sessionId, path }),
  pauseAll: () => call<number>("pause_all"),
  listSessions: () => call<SessionListing[]>("list_sessions"),
  /** Moves an ended session's log to the trash; returns where it went. */
  deleteSession: (sessionId: string) => call<string>("delete_session", { sessionId }),
  readSession: (sessionId: string) => call<Event[]>("read_session", { sessionId }),
  readImage: (path: string) => call<string>("read_image", { path }),
};

export type Ipc = typeof ipc;
