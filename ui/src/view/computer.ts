// Computer use, drawn from the protocol's events: the screen with the planned pointer path and
// target over it, the path actually travelled, the keys, the target window, and before/after diffs.
import type { InputActionRecord } from "../bindings/InputActionRecord";
import type { Rect } from "../bindings/Rect";
import type { ScreenDiff } from "../bindings/ScreenDiff";
import type { ScreenshotInfo } from "../bindings/ScreenshotInfo";
import type { TrajectorySample } from "../bindings/TrajectorySample";
import type { WindowInfo } from "../bindings/WindowInfo";
import { h, svg } from "../dom";

export type ImageLoader = (path: string) => Promise<string>;

/** A point in desktop pixels the action aims at, read from the model's arguments when it names one. */
export function targetOf(args: unknown): { x: number; y: number } | null {
  if (!args || typeof args !== "object") return null;
  const a = args as Record<string, unknown>;
  const c = a.coordinate ?? a.coordinates ?? a.position;
  if (Array.isArray(c) && c.length >= 2 && typeof c[0] === "number" && typeof c[1] === "number") {
    return { x: c[0], y: c[1] };
  }
  if (c && typeof c === "object") return targetOf(c);
  if (typeof a.x === "number" && typeof a.y === "number") return { x: a.x, y: a.y };
  return null;
}

/** Keys the model asked to type or press. */
export function keysOf(args: unknown): string[] {
  if (!args || typeof args !== "object") return [];
  const a = args as Record<string, unknown>;
  const out: string[] = [];
  for (const k of ["text", "key", "keys"]) {
    const v = a[k];
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === "string"));
  }
  return out;
}

function points(path: TrajectorySample[], source: Rect): string {
  return path.map((p) => `${p.x - source.x},${p.y - source.y}`).join(" ");
}

export interface Overlay {
  planned?: TrajectorySample[];
  actual?: TrajectorySample[];
  target?: { x: number; y: number } | null;
  regions?: Rect[];
}

/** An image from the session with an SVG overlay in desktop coordinates. */
export function screenImage(path: string, source: Rect, overlay: Overlay, load: ImageLoader, label: string): HTMLElement {
  const img = h("img", { alt: label, class: "screen-img" });
  load(path)
    .then((url) => (img.src = url))
    .catch(() => img.replaceWith(h("div", { class: "muted" }, `${label}: image unavailable`)));
  const layer = svg("svg", { class: "screen-overlay", viewBox: `0 0 ${source.width} ${source.height}`, preserveAspectRatio: "none" });
  for (const r of overlay.regions ?? []) {
    layer.append(svg("rect", { class: "changed", x: r.x - source.x, y: r.y - source.y, width: r.width, height: r.height }));
  }
  if (overlay.planned && overlay.planned.length > 1) {
    layer.append(svg("polyline", { class: "planned", points: points(overlay.planned, source) }));
  }
  if (overlay.actual && overlay.actual.length > 1) {
    layer.append(svg("polyline", { class: "actual", points: points(overlay.actual, source) }));
  }
  const t = overlay.target ?? (overlay.planned?.length ? overlay.planned[overlay.planned.length - 1] : null);
  if (t) {
    layer.append(svg("circle", { class: "target", cx: t.x - source.x, cy: t.y - source.y, r: Math.max(6, source.width / 120) }));
  }
  return h("div", { class: "screen", "data-testid": "screen" }, img, layer);
}

export function renderScreenshot(shot: ScreenshotInfo, load: ImageLoader, overlay: Overlay = {}): HTMLElement {
  return h(
    "figure",
    { class: "screenshot", "data-testid": "screenshot" },
    screenImage(shot.path, shot.source, overlay, load, "screenshot"),
    h("figcaption", {}, `${shot.source.width}×${shot.source.height} at ${shot.source.x},${shot.source.y}`),
  );
}

export function windowLabel(w: WindowInfo): string {
  return w.app_name && w.app_name !== w.title ? `${w.title} — ${w.app_name}` : w.title;
}

/** One performed action: what it was, keys, target window; the path over the screen when known. */
export function renderAction(record: InputActionRecord, screen: ScreenshotInfo | null, load: ImageLoader): HTMLElement {
  return h(
    "div",
    { class: "computer-action", "data-testid": "computer-action" },
    h(
      "div",
      { class: "action-head" },
      h("span", { class: "action-name" }, record.action),
      record.target_window && h("span", { class: "window" }, `in ${windowLabel(record.target_window)}`),
    ),
    record.keys.length > 0 && h("div", { class: "keys" }, ...record.keys.map((k) => h("kbd", {}, k))),
    screen &&
      (record.planned_path.length > 0 || record.actual_path.length > 0) &&
      screenImage(screen.path, screen.source, { planned: record.planned_path, actual: record.actual_path }, load, "pointer path"),
  );
}

export function renderScreenDiff(diff: ScreenDiff, source: Rect | null, load: ImageLoader): HTMLElement {
  const area = source ?? boundsOf(diff.changed_regions);
  const pct = (diff.changed_fraction * 100).toFixed(1);
  return h(
    "div",
    { class: "screen-diff", "data-testid": "screen-diff" },
    h("div", { class: "action-head" }, `Screen changed: ${pct}% in ${diff.changed_regions.length} region(s)`),
    h(
      "div",
      { class: "before-after" },
      h("div", {}, h("div", { class: "muted" }, "before"), screenImage(diff.before, area, { regions: diff.changed_regions }, load, "before")),
      h("div", {}, h("div", { class: "muted" }, "after"), screenImage(diff.after, area, { regions: diff.changed_regions }, load, "after")),
    ),
  );
}

function boundsOf(regions: Rect[]): Rect {
  const w = Math.max(1, ...regions.map((r) => r.x + r.width));
  const hgt = Math.max(1, ...regions.map((r) => r.y + r.height));
  return { x: 0, y: 0, width: w, height: hgt };
}
