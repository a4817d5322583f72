// Wires the pieces: the session list, the pickers, the live transcript and the composer, over ipc.
import type { ApprovalPolicy } from "./bindings/ApprovalPolicy";
import type { Event } from "./bindings/Event";
import type { InputItem } from "./bindings/InputItem";
import { h } from "./dom";
import type { Ipc } from "./ipc";
import type { SessionListing } from "./bindings/SessionListing";
import type { SandboxInfo } from "./bindings/SandboxInfo";
import type { SessionStatus } from "./bindings/SessionStatus";
import type { Activity, AppInfo, AppSignal, CommandError, Handover, SandboxChoice } from "./types";
import { Composer } from "./view/composer";
import type { ImageLoader } from "./view/computer";
import { firstRun } from "./view/first-run";
import { FolderPicker } from "./view/folder-picker";
import { PathPrompt } from "./view/path-prompt";
import { QuitConfirm } from "./view/quit-confirm";
import { infoOf, SandboxMenu } from "./view/sandbox-menu";
import { cachedImages } from "./view/image-cache";
import { SessionBar } from "./view/session-bar";
import { Sidebar } from "./view/sidebar";
import { Toolbar } from "./view/toolbar";
import { TranscriptView } from "./view/transcript-view";

/** How often the list is read again while another process's session is listed as live. */
const WRITERS_CHECK_MS = 5000;

/** Events that change a session's badge in the list. */
const STATUS_EVENTS = new Set<string>(["turn_started", "approval_requested", "approval_decided", "turn_ended"]);

interface Shown {
  /** Null until the first message starts the session. */
  sessionId: string | null;
  view: TranscriptView;
  live: boolean;
  /** A logged session shown read-only; sending continues it. */
  resume: string | null;
  /** A second launch's session, not started yet: it starts with that launch's settings. */
  handover?: Handover;
}

export class App {
  readonly el: HTMLElement;
  private sidebar: Sidebar;
  private toolbar: Toolbar;
  private sessionBar: SessionBar;
  private folderPicker: FolderPicker;
  private sandboxMenu: SandboxMenu;
  private pathPrompt: PathPrompt;
  private quitConfirm: QuitConfirm;
  private composer: Composer;
  private main: HTMLElement;
  private errorBar: HTMLElement;
  /** Shown on a new session while no session was ever logged. */
  private welcome: HTMLElement;
  private shown!: Shown;
  private live = new Map<string, TranscriptView>();
  /** Sessions another process runs (a terminal's, an editor's agent's), followed read-only. */
  private followed = new Map<string, TranscriptView>();
  /** What a new session starts with; `sandbox` unset: the app's own. */
  private choice: { model: string; profile: string; policy: ApprovalPolicy; cwd: string; sandbox?: SandboxChoice };
  private activity: Activity;
  private listing: Promise<void> | null = null;
  /** The session list as the engine's index gave it last. */
  private entries: SessionListing[] = [];
  private writersCheck: ReturnType<typeof setTimeout> | null = null;
  /** Where the last conversation was saved: offered when loading one. */
  private lastSaved: string | null = null;
  private listAgain = false;
  /** Shared by every view: opening a session again does not read its images again. */
  private images: ImageLoader;

  constructor(private ipc: Ipc, private info: AppInfo) {
    this.images = cachedImages((path) => this.ipc.readImage(path));
    this.choice = { model: info.model, profile: info.profile, policy: info.approval_policy, cwd: info.cwd };
    this.activity = info.activity;
    this.sidebar = new Sidebar({
      onNew: () => this.newSession(),
      onOpen: (e) => void this.open(e).catch((err) => this.fail(err)),
      onDelete: (e) => void this.remove(e),
    });
    this.toolbar = new Toolbar(info.profiles, info.stop_hotkey, {
      onModel: (m) => this.change("model", m),
      onProfile: (p) => this.change("profile", p),
      onPolicy: (p) => this.change("policy", p),
      onStop: () => void this.stop(),
    });
    this.folderPicker = new FolderPicker({
      recent: () => this.ipc.recentFolders(),
      choose: async (path) => {
        this.choice.cwd = await this.ipc.checkFolder(path);
        this.refreshToolbar();
      },
    });
    this.sandboxMenu = new SandboxMenu((choice) => this.chooseSandbox(choice));
    this.pathPrompt = new PathPrompt();
    this.sessionBar = new SessionBar({
      onFolder: () => {
        const open = this.folderPicker.isOpen;
        this.closePanels();
        if (!open) void this.folderPicker.open(this.choice.cwd);
      },
      onSandbox: () => {
        const open = this.sandboxMenu.isOpen;
        this.closePanels();
        if (!open) this.sandboxMenu.open(this.shownSandbox());
      },
      onSave: () => this.askSave(),
      onLoad: () => this.askLoad(),
      onUndo: () => this.control((id) => this.ipc.undo(id)),
      onReset: () => this.control((id) => this.ipc.reset(id)),
      onEnd: () => this.control((id) => this.ipc.closeSession(id)),
      onTokens: () => this.control((id) => this.ipc.reportTokens(id)),
    });
    this.quitConfirm = new QuitConfirm({ onQuit: () => void this.ipc.quit().catch((e) => this.fail(e)) });
    this.composer = new Composer((items) => this.send(items));
    this.errorBar = h("div", { class: "error-bar hidden", "data-testid": "command-error", onclick: () => this.errorBar.classList.add("hidden") });
    this.main = h("main", { class: "session" });
    this.welcome = h("div", { class: "welcome hidden" });
    this.el = h("div", { class: "app" }, this.sidebar.el, h("div", { class: "column" }, this.quitConfirm.el, this.toolbar.el, this.sessionBar.el, this.folderPicker.el, this.sandboxMenu.el, this.pathPrompt.el, this.errorBar, this.welcome, this.main, this.composer.el));
    this.newSession();
  }

  async start(): Promise<void> {
    // Alt+Y approves and Alt+N denies the oldest waiting card, wherever the focus is in the window.
    this.el.ownerDocument.addEventListener("keydown", (e) => this.onKey(e), { capture: true });
    await this.ipc.subscribeApp((s) => this.onSignal(s));
    await this.refreshList();
    if (this.info.initial_prompt) {
      await this.send([{ type: "text", text: this.info.initial_prompt }]);
    }
  }

  private onKey(e: KeyboardEvent): void {
    // An app replaced by another (tests build several) no longer answers.
    if (!this.el.isConnected || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.repeat) return;
    const answer = e.code === "KeyY" ? "approve" : e.code === "KeyN" ? "deny" : null;
    if (!answer) return;
    if (this.shown.view.answerOldest(answer)) e.preventDefault();
  }

  private makeView(): TranscriptView {
    return new TranscriptView(
      {
        decide: (callId, decision) => {
          const id = this.shown.sessionId;
          if (id) void this.ipc.decideApproval(id, callId, decision).catch((e) => this.fail(e));
        },
        loadImage: this.images,
        drafts: new Map(),
      },
      () => this.refreshToolbar(),
    );
  }

  private showView(shown: Shown): void {
    this.shown = shown;
    this.folderPicker.close();
    this.main.replaceChildren(shown.view.el);
    this.refreshToolbar();
    void this.refreshList();
  }

  newSession(): void {
    this.showView({ sessionId: null, view: this.makeView(), live: false, resume: null });
    this.composer.focus();
  }

  /** Shows a session: live when it runs (here, or read-only when another process runs it),
   * else as its log says, continued by the next message. */
  private async open(entry: Pick<SessionListing, "id" | "status">): Promise<void> {
    const running = this.live.get(entry.id);
    if (running) {
      this.showView({ sessionId: entry.id, view: running, live: true, resume: null });
      return;
    }
    const followed = this.followed.get(entry.id);
    if (followed) {
      this.showView({ sessionId: null, view: followed, live: false, resume: entry.id });
      return;
    }
    if (entry.status !== "ended") {
      const { view, here } = await this.attach(entry.id);
      // Another process's session: shown as it goes; a message continues it once it ended.
      this.showView(here ? { sessionId: entry.id, view, live: true, resume: null } : { sessionId: null, view, live: false, resume: entry.id });
      return;
    }
    const events = await this.ipc.readSession(entry.id);
    const view = this.makeView();
    view.load(events);
    this.showView({ sessionId: null, view, live: false, resume: entry.id });
  }

  /** Moves an ended session to the trash (its log is kept there). */
  private async remove(entry: SessionListing): Promise<void> {
    try {
      await this.ipc.deleteSession(entry.id);
      this.followed.delete(entry.id);
      if (this.shown.resume === entry.id) this.newSession();
      else await this.refreshList();
    } catch (e) {
      this.fail(e);
    }
  }

  /** A click on an "approval needed" notification: that session, scrolled to that card. */
  private async openApproval(sessionId: string, callId: string): Promise<void> {
    try {
      await this.open({ id: sessionId, status: "waiting_for_approval" });
    } catch (e) {
      this.fail(e);
      return;
    }
    const view = this.shown.view;
    // The card comes with the session's events, which may still be arriving.
    for (let tries = 0; tries < 50 && this.shown.view === view; tries++) {
      const card = view.el.querySelector<HTMLElement>(`[data-call-id="${CSS.escape(callId)}"]`);
      if (card) {
        card.scrollIntoView({ block: "center" });
        card.classList.add("called");
        card.querySelector<HTMLElement>('[data-testid="approve"]')?.focus();
        return;
      }
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  private async send(items: InputItem[]): Promise<boolean> {
    try {
      if (!this.shown.sessionId) await this.startShown();
      const id = this.shown.sessionId;
      if (!id) return false;
      await this.ipc.sendInput(id, items);
      void this.refreshList();
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  /** Follows a live session: its events so far, then live. `here`: it runs in this app. */
  private async attach(sessionId: string): Promise<{ view: TranscriptView; here: boolean }> {
    const known = this.live.get(sessionId);
    if (known) return { view: known, here: true };
    const view = this.makeView();
    this.live.set(sessionId, view);
    try {
      const here = await this.ipc.attachSession(sessionId, this.follow(view));
      if (!here) {
        this.live.delete(sessionId);
        this.followed.set(sessionId, view);
        view.runsElsewhere();
      }
      return { view, here };
    } catch (e) {
      this.live.delete(sessionId);
      throw e;
    }
  }

  private async startShown(): Promise<void> {
    const shown = this.shown;
    // A resumed session goes on in its own folder.
    const cwd = shown.resume ? (shown.view.model.info?.cwd ?? undefined) : this.choice.cwd;
    const resumed = shown.resume !== null;
    // A resumed session replays its log as events: start from an empty view.
    if (shown.resume) shown.view = this.makeView();
    const view = shown.view;
    const started = await this.ipc.startSession(
      {
        model: this.choice.model,
        profile: this.choice.profile,
        approval_policy: this.policy(shown),
        resume: shown.resume ?? undefined,
        cwd,
        ...(shown.handover ? { handover: shown.handover.id } : {}),
        // The sandbox chosen before it started: it starts in it (a resumed one goes on in its own).
        ...(this.choice.sandbox && !resumed ? { sandbox: this.choice.sandbox } : {}),
      },
      this.follow(view),
    );
    shown.sessionId = started.session_id;
    shown.live = true;
    shown.handover = undefined;
    this.showWelcome(false);
    shown.resume = null;
    this.folderPicker.close();
    this.live.set(started.session_id, view);
    if (this.shown === shown) this.main.replaceChildren(view.el);
  }

  private change(what: "model" | "profile" | "policy", value: string): void {
    const id = this.shown.sessionId;
    if (what === "model") this.choice.model = value;
    if (what === "profile") this.choice.profile = value;
    if (what === "policy") this.choice.policy = value as ApprovalPolicy;
    if (!this.welcome.classList.contains("hidden")) this.showWelcome(true);
    if (!id || !this.shown.live) return;
    const sent =
      what === "model"
        ? this.ipc.setModel(id, value)
        : what === "profile"
          ? this.ipc.setProfile(id, value)
          : this.ipc.setApprovalPolicy(id, value as ApprovalPolicy);
    sent.catch((e) => this.fail(e));
  }

  private closePanels(): void {
    this.folderPicker.close();
    this.sandboxMenu.close();
    this.pathPrompt.close();
  }

  /** The sandbox the shown session runs under, or a new one will start with. */
  private shownSandbox(): SandboxInfo | null {
    const t = this.shown.view.model;
    if (t.info) return t.sandbox;
    return this.choice.sandbox ? infoOf(this.choice.sandbox, this.info.native_refusal) : this.info.sandbox;
  }

  /** `%sandbox` from the menu: a running session switches (it says so with `sandbox_changed`);
   * a new one starts with it. */
  private async chooseSandbox(choice: SandboxChoice): Promise<void> {
    const id = this.shown.sessionId;
    if (id && this.shown.live) {
      await this.ipc.setSandbox(id, choice.backend, choice.level);
      return;
    }
    this.choice.sandbox = choice;
    this.refreshToolbar();
  }

  /** `%save`: the conversation to a file, by default in the session's folder. */
  private askSave(): void {
    const id = this.shown.sessionId;
    if (!id || !this.shown.live) return;
    const folder = this.shown.view.model.info?.cwd ?? this.choice.cwd;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
    this.closePanels();
    this.pathPrompt.open("Save the conversation to", "Save", `${folder.replace(/\/$/, "")}/conversation-${stamp}.jsonl`, async (path) => {
      await this.ipc.saveConversation(id, path);
      this.lastSaved = path;
    });
  }

  /** `%load`: a saved conversation replaces this one's (a new session starts for it). */
  private askLoad(): void {
    this.closePanels();
    const folder = this.shown.view.model.info?.cwd ?? this.choice.cwd;
    this.pathPrompt.open("Load a conversation from", "Load", this.lastSaved ?? `${folder.replace(/\/$/, "")}/`, async (path) => {
      // Checked before a new session is started for it.
      const file = await this.ipc.checkConversation(path);
      if (!this.shown.sessionId) await this.startShown();
      const id = this.shown.sessionId;
      if (id) await this.ipc.loadConversation(id, file);
    });
  }

  /** One of the session's Ops (undo, reset, tokens, end), on the session shown. */
  private control(send: (sessionId: string) => Promise<unknown>): void {
    const id = this.shown.sessionId;
    if (id && this.shown.live) send(id).catch((e) => this.fail(e));
  }

  /** The session behind `view` shut down: it is a logged session now, continued by a message. */
  private ended(view: TranscriptView): void {
    for (const [id, v] of this.followed) if (v === view) this.followed.delete(id);
    for (const [id, v] of this.live) {
      if (v !== view) continue;
      this.live.delete(id);
      if (this.shown.view === view) {
        this.shown.sessionId = null;
        this.shown.live = false;
        this.shown.resume = id;
        this.refreshToolbar();
      }
    }
    void this.refreshList();
  }

  private async stop(): Promise<void> {
    const id = this.shown.sessionId;
    if (!id) return;
    try {
      await this.ipc.interrupt(id);
    } catch (e) {
      this.fail(e);
    }
  }

  private onSignal(s: AppSignal): void {
    switch (s.type) {
      case "new_session":
        this.newSession();
        break;
      case "paused_all":
        break;
      case "activity_changed":
        this.activity = s.activity;
        this.refreshToolbar();
        break;
      case "files_dropped":
        this.composer.addPaths(s.paths);
        break;
      case "editor_session_started":
        // Followed from its start, so its approvals and output are there when it is opened.
        void this.attach(s.session_id)
          .catch((e) => this.fail(e))
          .finally(() => void this.refreshList());
        break;
      case "launched":
        void this.takeOver(s.handover);
        break;
      case "launch_refused":
        this.fail({ code: "invalid_request", message: `A second launch was not taken: ${s.reason}` });
        break;
      case "quit_requested":
        this.quitConfirm.show(s.busy);
        break;
      case "sessions_changed":
        void this.refreshList();
        break;
      case "open_approval":
        void this.openApproval(s.session_id, s.call_id);
        break;
    }
  }

  /** A second launch's arguments: a new session in its folder, with its model and profile,
   * and its prompt sent. */
  private async takeOver(handover: Handover): Promise<void> {
    let cwd: string;
    try {
      cwd = await this.ipc.checkFolder(handover.cwd);
    } catch (e) {
      // Nothing taken: the person's own choices stay as the toolbar shows them.
      this.fail(e);
      return;
    }
    this.newSession();
    this.shown.handover = handover;
    this.choice.cwd = cwd;
    if (handover.model) this.choice.model = handover.model;
    if (handover.profile) this.choice.profile = handover.profile;
    // What else it gave is said, not dropped: the toolbar shows none of it.
    const said: string[] = [];
    if (handover.carried.length) said.push(`Started by a second launch, with ${handover.carried.join(", ")}.`);
    if (handover.unused.length) said.push(`${handover.unused.join(", ")}: only for the terminal, not used here.`);
    if (said.length) this.shown.view.note(said.join(" "));
    this.refreshToolbar();
    if (handover.prompt) await this.send([{ type: "text", text: handover.prompt }]);
  }

  /** The approval policy a session not started yet will start with: `-y` of a second launch
   * holds for its session only. */
  private policy(shown: Shown): ApprovalPolicy {
    return shown.handover?.auto_run ? "auto" : this.choice.policy;
  }

  private refreshToolbar(): void {
    const t = this.shown.view.model;
    const started = this.shown.live && t.info !== null;
    this.toolbar.show({
      model: started ? t.model : this.choice.model,
      profile: started ? t.profile : this.choice.profile,
      policy: started ? t.policy : this.policy(this.shown),
      running: t.running,
      activity: t.pendingApprovals().length ? "waiting" : t.running ? "working" : this.activity === "waiting" ? "waiting" : "idle",
    });
    // A logged or running session shows what its log says; a new one what it will start with.
    this.sessionBar.show(
      t.info
        ? { cwd: t.info.cwd, sandbox: t.sandbox, safeMode: t.safeMode, usage: t.usage, plan: t.plan, live: this.shown.live, running: t.running, fresh: false }
        : { cwd: this.choice.cwd, sandbox: this.choice.sandbox ? infoOf(this.choice.sandbox, this.info.native_refusal) : this.info.sandbox, safeMode: this.info.safe_mode, usage: null, plan: t.plan, live: false, running: false, fresh: !this.shown.resume },
    );
  }

  /** A session's events into its view; the list reads the logs, so it is refreshed once a
   * message (a session's title) or a turn's end is written. Its badge follows the events at
   * once, as the toolbar does. */
  private follow(view: TranscriptView): (event: Event) => void {
    return (event: Event) => {
      view.apply(event);
      if (event.msg.type === "shutdown_complete") this.ended(view);
      else if (event.msg.type === "user_message" || event.msg.type === "turn_ended") void this.refreshList();
      if (STATUS_EVENTS.has(event.msg.type)) this.renderList();
    };
  }

  /** A session another process writes shows as ended once that process is gone, even killed:
   * nothing in the store changes then (its lock on the log is released), so the list is read
   * again every few seconds while such a session is listed. */
  private checkWritersLater(): void {
    if (this.writersCheck !== null) return;
    if (!this.entries.some((e) => e.status !== "ended" && !this.live.has(e.id))) return;
    this.writersCheck = setTimeout(() => {
      this.writersCheck = null;
      if (this.el.isConnected) void this.refreshList();
    }, WRITERS_CHECK_MS);
  }

  /** The list as last read, each session followed here with the status its events give: the
   * engine's index is rewritten as they are logged, and read again only after they settle. */
  private renderList(): void {
    const entries = this.entries.map((e) => {
      const view = this.live.get(e.id) ?? this.followed.get(e.id);
      const t = view?.model;
      // Ended by the index is ended: a killed writer's events stop short of their end.
      if (!t || !t.info || t.ended || e.status === "ended") return e;
      const status: SessionStatus = t.pendingApprovals().length ? "waiting_for_approval" : t.running ? "working" : "idle";
      return status === e.status ? e : { ...e, status };
    });
    this.sidebar.render(entries, this.shown.sessionId ?? this.shown.resume);
  }

  /** Refreshes the session list. Calls while one runs fold into one more after it: a replayed
   * log (attaching to a long session) does not re-read every log once per message. */
  private refreshList(): Promise<void> {
    if (this.listing) {
      this.listAgain = true;
      return this.listing;
    }
    this.listing = (async () => {
      do {
        this.listAgain = false;
        try {
          const entries = await this.ipc.listSessions();
          this.entries = entries;
          for (const e of entries) {
            const view = this.followed.get(e.id);
            if (e.status !== "ended" || !view || view.model.ended) continue;
            // Its writer is gone without ending it (killed): what it showed as running is over.
            view.writerGone();
            this.followed.delete(e.id);
            if (this.shown.view === view) this.refreshToolbar();
          }
          this.renderList();
          this.checkWritersLater();
          this.showWelcome(entries.length === 0 && !this.shown.sessionId && !this.shown.resume);
        } catch (e) {
          this.fail(e);
        }
      } while (this.listAgain);
      this.listing = null;
    })();
    return this.listing;
  }

  /** The first run's panel, built with the model new sessions get now. */
  private showWelcome(show: boolean): void {
    if (show) this.welcome.replaceChildren(firstRun(this.choice.model, this.info.model_access));
    this.welcome.classList.toggle("hidden", !show);
  }

  private fail(e: unknown): void {
    const err = e as CommandError;
    this.errorBar.textContent = err && typeof err === "object" && "message" in err ? err.message : String(e);
    this.errorBar.dataset.code = err?.code ?? "ipc";
    this.errorBar.classList.remove("hidden");
  }
}
