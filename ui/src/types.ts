// The app's own commands and signals (src-tauri/src): generated from their Rust types with ts-rs
// into ./bindings/app, as the protocol's are into ./bindings (`UPDATE_BINDINGS=1 cargo test -p
// interpreter-gui bindings` writes them again). Nothing here is written by hand.
export type { Activity } from "./bindings/app/Activity";
export type { AppInfo } from "./bindings/app/AppInfo";
export type { AppSignal } from "./bindings/app/AppSignal";
export type { CommandError } from "./bindings/app/CommandError";
export type { ErrorCode } from "./bindings/app/ErrorCode";
export type { Handover } from "./bindings/app/Handover";
export type { ModelAccess } from "./bindings/app/ModelAccess";
export type { SandboxChoice } from "./bindings/app/SandboxChoice";
export type { StartOptions } from "./bindings/app/StartOptions";
export type { StartedSession } from "./bindings/app/StartedSession";
