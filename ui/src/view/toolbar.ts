// Model, profile and approval-policy pickers, the activity pill and the stop button.
import type { ApprovalPolicy } from "../bindings/ApprovalPolicy";
import { h } from "../dom";
import type { Activity } from "../types";

export interface ToolbarHandlers {
  onModel(model: string): void;
  onProfile(profile: string): void;
  onPolicy(policy: ApprovalPolicy): void;
  onStop(): void;
}

const POLICIES: [ApprovalPolicy, string][] = [
  ["ask", "Ask before running"],
  ["auto", "Run without asking"],
  ["deny", "Never run"],
];

export class Toolbar {
  readonly el: HTMLElement;
  private model: HTMLInputElement;
  private profile: HTMLSelectElement;
  private policy: HTMLSelectElement;
  private pill: HTMLElement;
  private stop: HTMLButtonElement;

  constructor(profiles: string[], stopHotkey: string, private handlers: ToolbarHandlers) {
    this.model = h("input", {
      class: "model",
      "data-testid": "model-picker",
      spellcheck: "false",
      title: "Model: openai/NAME, anthropic/NAME, ollama/NAME…",
      onchange: () => this.handlers.onModel(this.model.value.trim()),
    });
    this.profile = h(
      "select",
      { "data-testid": "profile-picker", title: "Harness profile", onchange: () => this.handlers.onProfile(this.profile.value) },
      ...profiles.map((p) => h("option", { value: p }, p)),
    );
    this.policy = h(
      "select",
      { "data-testid": "policy-picker", title: "Approvals", onchange: () => this.handlers.onPolicy(this.policy.value as ApprovalPolicy) },
      ...POLICIES.map(([v, label]) => h("option", { value: v }, label)),
    );
    this.pill = h("span", { class: "pill idle", "data-testid": "activity" }, "idle");
    this.stop = h(
      "button",
      { class: "stop", "data-testid": "stop", title: `Stop (${stopHotkey} anywhere)`, onclick: () => this.handlers.onStop() },
      "■ Stop",
    );
    this.el = h(
      "header",
      { class: "toolbar" },
      h("label", {}, "Model", this.model),
      h("label", {}, "Profile", this.profile),
      h("label", {}, "Approvals", this.policy),
      h("span", { class: "spacer" }),
      this.pill,
      this.stop,
    );
  }

  show(values: { model: string; profile: string; policy: ApprovalPolicy; running: boolean; activity: Activity }): void {
    if (document.activeElement !== this.model) this.model.value = values.model;
    if (![...this.profile.options].some((o) => o.value === values.profile)) {
      this.profile.append(h("option", { value: values.profile }, values.profile));
    }
    this.profile.value = values.profile;
    this.policy.value = values.policy;
    this.stop.disabled = !values.running;
    this.pill.className = `pill ${values.activity}`;
    this.pill.textContent = values.activity === "waiting" ? "waiting for you" : values.activity;
  }
}
