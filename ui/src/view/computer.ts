// Computer use, drawn from the protocol's events: the screen with the planned pointer path and
// target over it, the path actually travelled, the keys, the target window, and before/after diffs.
import type { InputActionRecord } from "../bindings/InputActionRecord";
import type { Rect } from "../bindings/Rect";
import type { ScreenDiff } from "../bindings/ScreenDiff";
import type { ScreenshotInfo } from "../bindings/ScreenshotInfo";
import type { ScrollPlan } from "../bindings/ScrollPlan";
import type { TrajectorySample } from "../bindings/TrajectorySample";
import type { WindowInfo } from "../bindings/WindowInfo";
import { h, svg } from "../dom";

export type ImageLoader = (path: string) => Promise<string>;

type Pt = { x: number; y: number };

function points(path: TrajectorySample[], source: Rect): string {
  return path.map((p) => `${p.x - source.x},${p.y - source.y}`).join(" ");
}

/** What to draw over a screen image; every point is in screen pixels, as the engine gave it. */
export interface Overlay {
  planned?: TrajectorySample[];
  actual?: TrajectorySample[];
  /** Where the button goes down: a crosshair. */
  target?: Pt | null;
  /** A drag's release point. */
  dragTo?: Pt | null;
  scroll?: ScrollPlan | null;
  regions?: Rect[];
}

const ARROW: Record<string, Pt> = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/** A crosshair at `p` (image-local units), `size` long each way, with a ring around the point. */
function crosshair(p: Pt, size: number, cls: string, testid: string, at: Pt): SVGElement {
  return svg(
    "g",
    { class: cls, "data-testid": testid, "data-x": at.x, "data-y": at.y },
    svg("line", { x1: p.x - size, y1: p.y, x2: p.x + size, y2: p.y }),
    svg("line", { x1: p.x, y1: p.y - size, x2: p.x, y2: p.y + size }),
    svg("circle", { cx: p.x, cy: p.y, r: size / 3 }),
  );
}

/** An image from the session with an SVG overlay in desktop coordinates. */
export function screenImage(path: string, source: Rect, overlay: Overlay, load: ImageLoader, label: string): HTMLElement {
  const img = h("img", { alt: label, class: "screen-img" });
  load(path)
    .then((url) => (img.src = url))
    .catch(() => img.replaceWith(h("div", { class: "muted" }, `${label}: image unavailable`)));
  const layer = svg("svg", { class: "screen-overlay", viewBox: `0 0 ${source.width} ${source.height}`, preserveAspectRatio: "none" });
  const local = (p: Pt): Pt => ({ x: p.x - source.x, y: p.y - source.y });
  // Marks sized to the image, so they read the same on a full screen and on a close-up.
  const size = Math.max(8, Math.round(Math.max(source.width, source.height) / 40));
  for (const r of overlay.regions ?? []) {
    layer.append(svg("rect", { class: "changed", x: r.x - source.x, y: r.y - source.y, width: r.width, height: r.height }));
  }
  if (overlay.planned && overlay.planned.length > 1) {
    layer.append(svg("polyline", { class: "planned", points: points(overlay.planned, source) }));
  }
  if (overlay.actual && overlay.actual.length > 1) {
    layer.append(svg("polyline", { class: "actual", points: points(overlay.actual, source) }));
  }
  const t = overlay.target;
  if (t) {
    layer.append(crosshair(local(t), size, "target", "crosshair", t));
    if (overlay.scroll) {
      const d = ARROW[overlay.scroll.direction] ?? { x: 0, y: 1 };
      const from = local(t);
      const len = size * 3;
      const tip = { x: from.x + d.x * len, y: from.y + d.y * len };
      const side = { x: -d.y * size * 0.6, y: d.x * size * 0.6 };
      const back = { x: tip.x - d.x * size, y: tip.y - d.y * size };
      layer.append(
        svg(
          "g",
          { class: "scroll-arrow", "data-testid": "scroll-arrow", "data-direction": overlay.scroll.direction },
          svg("line", { x1: from.x, y1: from.y, x2: tip.x, y2: tip.y }),
          svg("polyline", { points: `${back.x + side.x},${back.y + side.y} ${tip.x},${tip.y} ${back.x - side.x},${back.y - side.y}` }),
        ),
      );
    }
  }
  if (overlay.dragTo) {
    layer.append(crosshair(local(overlay.dragTo), size, "drag-end", "drag-end", overlay.dragTo));
  }
  return h("div", { class: "screen", "data-testid": "screen", "data-source": `${source.x},${source.y},${source.width},${source.height}` }, img, layer);
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

function at(p: Pt): string {
  return `${p.x}, ${p.y}`;
}

/**
 * What an action waiting for approval will do, in screen truth: where the button goes down (a
 * crosshair on the screenshot the model chose it on), the pointer's way there, a drag's other
 * end, a scroll's direction, the keys or text and the window they go to, and a close-up of the
 * screen around the target as it is now. All of it from the engine's plan, in screen pixels.
 */
export function renderPlan(action: string, plan: InputActionRecord | null | undefined, fallback: ScreenshotInfo | null, load: ImageLoader): HTMLElement {
  const head = h("div", { class: "action-head" }, h("span", { class: "action-name" }, action));
  // Looking, waiting and the clipboard have no plan: nothing to point at.
  if (!plan) return h("div", { class: "computer-plan", "data-testid": "computer-plan" }, head);
  const win = plan.target_window;
  const what: (HTMLElement | string | null)[] = [];
  if (plan.target) what.push(h("span", { "data-testid": "plan-target" }, `at ${at(plan.target)}`));
  if (plan.drag_to) what.push(h("span", { "data-testid": "plan-drag" }, `to ${at(plan.drag_to)}`));
  if (plan.scroll) what.push(h("span", { "data-testid": "plan-scroll" }, `${plan.scroll.direction} × ${plan.scroll.amount}`));
  head.append(...what.filter((x): x is HTMLElement => x !== null));
  const screen = plan.screen ?? fallback;
  const overlay: Overlay = { planned: plan.planned_path, target: plan.target, dragTo: plan.drag_to, scroll: plan.scroll };
  return h(
    "div",
    { class: "computer-plan", "data-testid": "computer-plan" },
    head,
    h(
      "div",
      { class: "plan-window", "data-testid": "plan-window" },
      win ? [h("span", { class: "muted" }, "in "), h("strong", {}, win.title || "(untitled)"), win.app_name && win.app_name !== win.title ? h("span", { class: "muted" }, ` — ${win.app_name}`) : null] : h("span", { class: "muted" }, plan.target ? "on the desktop" : "no window"),
    ),
    plan.text != null && h("div", { class: "typed", "data-testid": "plan-text" }, h("span", { class: "muted" }, "types "), h("code", {}, plan.text)),
    plan.keys.length > 0 && h("div", { class: "keys", "data-testid": "plan-keys" }, ...plan.keys.map((k) => h("kbd", {}, k))),
    h(
      "div",
      { class: "plan-views" },
      screen && h("figure", { class: "screenshot plan-screen", "data-testid": "plan-screen" }, screenImage(screen.path, screen.source, overlay, load, "where it will act"), h("figcaption", {}, "the screen the model saw")),
      plan.inset &&
        h(
          "figure",
          { class: "screenshot plan-inset", "data-testid": "plan-inset" },
          screenImage(plan.inset.path, plan.inset.source, { target: plan.target }, load, "close-up"),
          h("figcaption", {}, `now, ${plan.inset.source.width}×${plan.inset.source.height} px around ${plan.target ? at(plan.target) : "the target"}`),
        ),
    ),
  );
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
    record.text != null && h("div", { class: "typed" }, h("span", { class: "muted" }, "typed "), h("code", {}, record.text)),
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
