// Synthetic protocol events for ui tests (shapes from ../bindings, as the engine sends them).
import type { Event } from "../bindings/Event";
import type { EventMsg } from "../bindings/EventMsg";
import type { ToolAction } from "../bindings/ToolAction";
import type { ToolCall } from "../bindings/ToolCall";

let seq = 0;

export function ev(msg: EventMsg, id = ""): Event {
  seq += 1;
  return { id, seq: seq as unknown as bigint, time_ms: 1_700_000_000_000 + seq, msg };
}

export function call(call_id: string, action: ToolAction, name = "execute"): ToolCall {
  return { call_id, name, arguments: {}, origin: "native", action };
}

export const configured = (): Event =>
  ev({
    type: "session_configured",
    session_id: "s1",
    model: "openai/test",
    profile: "classic",
    cwd: "/tmp/work",
    approval_policy: "ask",
    log_path: "/tmp/s1.jsonl",
    resumed: false,
    protocol_version: 1,
  });

export const runPython = (_id: string, code: string): ToolAction => ({ type: "run_code", language: "python", code });
