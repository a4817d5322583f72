// The first run: instead of an empty window, what the app does, the model it will use and how
// to give it a key or a model on this machine. Shown while no session has ever been logged.
import { h } from "../dom";
import type { ModelAccess } from "../types";

function keyAdvice(model: string, access: ModelAccess): HTMLElement {
  if (access.local) {
    return h("p", { "data-testid": "first-run-key" }, `${model} runs on this machine (${access.api_base}): no key needed. Start its server before your first message.`);
  }
  if (access.key_set) {
    return h("p", { "data-testid": "first-run-key" }, `A key for ${access.provider} is set${access.key_env ? ` (${access.key_env})` : ""}.`);
  }
  return h(
    "p",
    { class: "warn", "data-testid": "first-run-key" },
    `No key for ${access.provider} yet. Set `,
    h("code", {}, access.key_env ?? "the provider's key"),
    " in your environment (or api_key in the config file, ",
    h("code", {}, "interpreter --config"),
    " shows where) and start the app again.",
  );
}

export function firstRun(model: string, access: ModelAccess): HTMLElement {
  return h(
    "section",
    { class: "first-run", "data-testid": "first-run" },
    h("h2", {}, "What Open Interpreter can do"),
    h(
      "ul",
      {},
      h("li", {}, "Run code for you (Python, shell, JavaScript…) in the folder you choose above, each run shown before it happens for you to approve."),
      h("li", {}, "Read and edit files, showing every change as a diff."),
      h("li", {}, "Use this computer's screen, mouse and keyboard when you ask, each action approved on a picture of what it will touch."),
    ),
    h("h2", {}, "The model"),
    h("p", { "data-testid": "first-run-model" }, "New sessions use ", h("code", {}, model), ` (${access.provider}); change it in the Model field above.`),
    keyAdvice(model, access),
    h(
      "p",
      { "data-testid": "first-run-local" },
      "To use a model on this machine instead (Ollama, LM Studio, llama.cpp, llamafile), run ",
      h("code", {}, "interpreter --local"),
      " once in a terminal: it finds the running servers, lets you pick a model and remembers it for the app.",
    ),
  );
}
