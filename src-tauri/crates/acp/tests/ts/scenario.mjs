// Drives the real `interpreter acp` with the official ACP TypeScript client.
// usage: node scenario.mjs <scenario> <interpreter> <api_base> <workdir>
// Exits non-zero (with the reason on stderr) when the agent does not behave.
import { spawn } from "node:child_process";
import { Readable, Writable, PassThrough } from "node:stream";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";

const [scenario, binary, apiBase, workdir] = process.argv.slice(2);

function startAgent(extraArgs = []) {
  const args = ["acp", "--model", "openai/scripted-model", "--api_base", apiBase, "--api_key", "test-key", ...extraArgs];
  const child = spawn(binary, args, {
    cwd: workdir,
    stdio: ["pipe", "pipe", "inherit"],
  });
  // Nothing but JSON-RPC may reach stdout.
  const seen = new PassThrough();
  let partial = "";
  child.stdout.on("data", (chunk) => {
    partial += chunk.toString("utf8");
    const lines = partial.split("\n");
    partial = lines.pop();
    for (const line of lines) {
      if (!line.trim()) continue;
      const msg = JSON.parse(line);
      assert.equal(msg.jsonrpc, "2.0", `not JSON-RPC on stdout: ${line}`);
    }
  });
  child.stdout.pipe(seen);
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(seen));
  return { child, stream };
}

// An editor's side: open buffers (unsaved text the disk does not have) and terminals that run
// their command for real.
function editorSide(app, rec) {
  rec.buffers = new Map();
  rec.fsCalls = [];
  rec.terminals = new Map();
  let next = 0;
  return app
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
      rec.fsCalls.push(["read", params.path]);
      const text = rec.buffers.has(params.path) ? rec.buffers.get(params.path) : fs.readFileSync(params.path, "utf8");
      return { content: text };
    })
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
      rec.fsCalls.push(["write", params.path]);
      rec.buffers.set(params.path, params.content);
      return {};
    })
    .onRequest(acp.methods.client.terminal.create, ({ params }) => {
      const terminalId = `term-${++next}`;
      const env = { ...process.env, ...Object.fromEntries((params.env ?? []).map((v) => [v.name, v.value])) };
      const proc = spawn(params.command, params.args ?? [], { cwd: params.cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
      const term = { params, output: "", exit: null, released: false, proc };
      term.exited = new Promise((resolve) => {
        proc.on("exit", (exitCode, signal) => {
          term.exit = { exitCode, signal };
          resolve(term.exit);
        });
      });
      proc.stdout.on("data", (d) => (term.output += d));
      proc.stderr.on("data", (d) => (term.output += d));
      rec.terminals.set(terminalId, term);
      return { terminalId };
    })
    .onRequest(acp.methods.client.terminal.waitForExit, async ({ params }) => rec.terminals.get(params.terminalId).exited)
    .onRequest(acp.methods.client.terminal.output, ({ params }) => {
      const term = rec.terminals.get(params.terminalId);
      return { output: term.output, truncated: false, exitStatus: term.exit };
    })
    .onRequest(acp.methods.client.terminal.kill, async ({ params }) => {
      const term = rec.terminals.get(params.terminalId);
      if (!term.exit) process.kill(-term.proc.pid, "SIGKILL");
      await term.exited;
      return {};
    })
    .onRequest(acp.methods.client.terminal.release, ({ params }) => {
      rec.terminals.get(params.terminalId).released = true;
      return {};
    });
}

function recordingClient(answers, editor = false) {
  const rec = { updates: [], asked: [] };
  let app = acp
    .client({ name: "oi-acp-ts-test" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      rec.updates.push(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      rec.asked.push(params);
      const optionId = answers.shift() ?? "allow_once";
      return { outcome: { outcome: "selected", optionId } };
    });
  if (editor) app = editorSide(app, rec);
  return { app, rec };
}

async function until(what, pred) {
  for (let i = 0; i < 400; i++) {
    if (pred()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const EDITOR_CAPABILITIES = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };

async function session(ctx, clientCapabilities = {}) {
  const init = await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities });
  assert.equal(init.agentCapabilities.loadSession, true);
  assert.equal(init.agentCapabilities.promptCapabilities.image, true);
  const { sessionId, modes } = await ctx.request(acp.methods.agent.session.new, { cwd: workdir, mcpServers: [] });
  assert.deepEqual(modes.availableModes.map((m) => m.id), ["ask", "auto", "deny"]);
  return sessionId;
}

const prompt = (ctx, sessionId, text) =>
  ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

const finalUpdate = (rec) => rec.updates.filter((u) => u.sessionUpdate === "tool_call_update" && u.status).at(-1);

async function run(answers, op, { args = [], editor = false } = {}) {
  const { child, stream } = startAgent(args);
  const { app, rec } = recordingClient(answers, editor);
  try {
    return await app.connectWith(stream, (ctx) => op(ctx, rec));
  } finally {
    child.stdin.end();
    await new Promise((r) => child.once("exit", r));
  }
}

const scenarios = {
  // prompt → tool call → permission → result → end_turn
  async permission() {
    await run(["allow_once"], async (ctx, rec) => {
      const sessionId = await session(ctx);
      const { stopReason } = await prompt(ctx, sessionId, "say hi");
      assert.equal(stopReason, "end_turn");
      assert.equal(rec.asked.length, 1);
      // One "allow always" per scope the engine offered (this session, this project).
      assert.deepEqual(rec.asked[0].options.map((o) => o.kind), ["allow_once", "allow_always", "allow_always", "reject_once", "reject_always"]);
      assert.equal(rec.asked[0].options[1].name, "Always allow commands starting `echo hi`, this session");
      const call = rec.updates.find((u) => u.sessionUpdate === "tool_call");
      assert.equal(call.kind, "execute");
      const done = finalUpdate(rec);
      assert.equal(done.status, "completed");
      assert.equal(done.rawOutput.output, "hi\n");
      const text = rec.updates.filter((u) => u.sessionUpdate === "agent_message_chunk").map((u) => u.content.text).join("");
      assert.equal(text, "Running it.It printed hi.");
    });
  },
  async reject() {
    await run(["reject_once"], async (ctx, rec) => {
      const sessionId = await session(ctx);
      const { stopReason } = await prompt(ctx, sessionId, "make a file");
      assert.equal(stopReason, "end_turn");
      assert.equal(finalUpdate(rec).status, "failed");
      assert.equal(fs.existsSync(path.join(workdir, "made.txt")), false);
    });
  },
  async cancel() {
    await run([], async (ctx, rec) => {
      const sessionId = await session(ctx);
      await ctx.request(acp.methods.agent.session.setMode, { sessionId, modeId: "auto" });
      const running = prompt(ctx, sessionId, "wait a long time");
      await until("the command to start", () => rec.updates.some((u) => u.status === "in_progress"));
      await ctx.notify(acp.methods.agent.session.cancel, { sessionId });
      const { stopReason } = await running;
      assert.equal(stopReason, "cancelled");
      assert.equal(rec.asked.length, 0);
    });
  },
  async load() {
    const sessionId = await run([], async (ctx) => {
      const id = await session(ctx);
      assert.equal((await prompt(ctx, id, "remember this")).stopReason, "end_turn");
      return id;
    });
    await run([], async (ctx, rec) => {
      await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
      const { sessions } = await ctx.request(acp.methods.agent.session.list, {});
      assert.deepEqual(sessions.map((s) => s.sessionId), [sessionId]);
      await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: workdir, mcpServers: [] });
      assert.deepEqual(rec.updates.slice(0, 2), [
        { sessionUpdate: "user_message_chunk", content: { type: "text", text: "remember this" } },
        { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Remembered." } },
      ]);
      assert.equal((await prompt(ctx, sessionId, "what was it?")).stopReason, "end_turn");
    });
  },
};

// Edits land in the editor's buffer (its unsaved text is what the model reads), not on disk.
scenarios.fs = async () => {
  const file = path.join(workdir, "notes.txt");
  fs.writeFileSync(file, "saved text\n");
  await run([], async (ctx, rec) => {
    rec.buffers.set(file, "unsaved line one\nline two\n");
    const sessionId = await session(ctx, EDITOR_CAPABILITIES);
    const { stopReason } = await prompt(ctx, sessionId, "fix line two");
    assert.equal(stopReason, "end_turn");
    assert.equal(rec.buffers.get(file), "unsaved line one\nline 2\n");
    assert.equal(fs.readFileSync(file, "utf8"), "saved text\n", "the disk is the editor's business");
    assert.deepEqual(rec.fsCalls.filter(([op]) => op === "write"), [["write", file]]);
    const edit = rec.updates.filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed").at(-1);
    const diff = edit.content.find((c) => c.type === "diff");
    assert.equal(diff.path, file);
    assert.match(diff.oldText, /line two/);
    assert.match(diff.newText, /line 2/);
    const read = rec.updates.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed");
    assert.match(read.rawOutput.output, /unsaved line one/);
  }, { args: ["--profile", "claude-code"], editor: true });
};

// Shell runs go to the editor's terminal, shown in the tool call; kernels stay in the agent.
scenarios.terminal = async () => {
  await run([], async (ctx, rec) => {
    const sessionId = await session(ctx, EDITOR_CAPABILITIES);
    await ctx.request(acp.methods.agent.session.setMode, { sessionId, modeId: "auto" });
    const { stopReason } = await prompt(ctx, sessionId, "where am I?");
    assert.equal(stopReason, "end_turn");
    assert.equal(rec.terminals.size, 1);
    const [[terminalId, term]] = [...rec.terminals];
    assert.equal(term.params.cwd, workdir);
    assert.equal(term.output, `${workdir}\nfrom the terminal\n`);
    assert.equal(term.released, true);
    const shown = rec.updates.filter((u) => Array.isArray(u.content) && u.content.some((c) => c.type === "terminal" && c.terminalId === terminalId));
    assert.ok(shown.length >= 1, "the tool call shows the terminal");
    const done = finalUpdate(rec);
    assert.equal(done.status, "completed");
    assert.deepEqual(done.content, [{ type: "terminal", terminalId }]);
    assert.equal(done.rawOutput.output, `${workdir}\nfrom the terminal\n`);
    // Cancel mid-run: the editor is asked to kill the command.
    const running = prompt(ctx, sessionId, "wait");
    await until("the second terminal", () => rec.terminals.size === 2);
    await ctx.notify(acp.methods.agent.session.cancel, { sessionId });
    assert.equal((await running).stopReason, "cancelled");
    const slow = [...rec.terminals.values()][1];
    assert.equal(slow.exit.signal, "SIGKILL");
  }, { editor: true });
};

// `cd` and `export` in one block hold in the next, as in our own shell kernel, though each block
// runs in a terminal of its own; none of the bookkeeping shows in the editor's terminal or the
// model's result.
const shellState = (args) => async () => {
  fs.mkdirSync(path.join(workdir, "sub"));
  await run([], async (ctx, rec) => {
    const sessionId = await session(ctx, EDITOR_CAPABILITIES);
    await ctx.request(acp.methods.agent.session.setMode, { sessionId, modeId: "auto" });
    assert.equal((await prompt(ctx, sessionId, "go to sub")).stopReason, "end_turn");
    assert.equal((await prompt(ctx, sessionId, "where now?")).stopReason, "end_turn");
    const terms = [...rec.terminals.values()];
    assert.equal(terms.length, 2);
    // Behind a sandbox, the launcher is this binary re-executed.
    assert.equal(terms[0].params.command, args.includes("--sandbox") ? binary : "bash");
    assert.equal(terms[0].output, "");
    assert.equal(terms[1].params.cwd, path.join(workdir, "sub"));
    assert.equal(terms[1].output, `${path.join(workdir, "sub")}\n1\n`);
    const results = rec.updates.filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed");
    assert.equal(results.at(-1).rawOutput.output, `${path.join(workdir, "sub")}\n1\n`);
  }, { args, editor: true });
};
scenarios.shell_state = shellState([]);
// The blocks run behind the native sandbox's launcher (landlock, workspace-write).
scenarios.shell_state_sandboxed = shellState(["--sandbox", "native"]);

// An MCP server the editor passes in session/new: its tools reach the model, calls ask first.
scenarios.mcp = async () => {
  const server = path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  await run(["allow_once"], async (ctx, rec) => {
    await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    const mcpServers = [{ name: "everything", command: process.execPath, args: [server, "stdio"], env: [] }];
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, { cwd: workdir, mcpServers });
    const { stopReason } = await prompt(ctx, sessionId, "echo something");
    assert.equal(stopReason, "end_turn");
    assert.equal(rec.asked.length, 1);
    assert.equal(rec.asked[0].toolCall.title, "everything: echo");
    const done = finalUpdate(rec);
    assert.equal(done.status, "completed");
    assert.equal(done.rawOutput.output, "Echo: hello from the editor");
  });
};

const chosen = scenarios[scenario];
if (!chosen) {
  console.error(`unknown scenario ${scenario}`);
  process.exit(2);
}
chosen().then(
  () => {
    console.log(`scenario ${scenario}: ok`);
    process.exit(0);
  },
  (e) => {
    console.error(`scenario ${scenario} failed:`, e);
    process.exit(1);
  },
);
