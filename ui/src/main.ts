import "highlight.js/styles/github-dark.css";
import "./styles.css";
import { App } from "./app";
import { ipc } from "./ipc";

async function boot(): Promise<void> {
  const root = document.getElementById("app");
  if (!root) return;
  try {
    const app = new App(ipc, await ipc.appInfo());
    root.replaceChildren(app.el);
    await app.start();
  } catch (e) {
    const message = e && typeof e === "object" && "message" in e ? String(e.message) : String(e);
    root.textContent = `Open Interpreter could not start: ${message}`;
  }
}

void boot();
