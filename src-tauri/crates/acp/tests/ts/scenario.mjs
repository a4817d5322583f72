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

function startAgent() {
  const child = spawn(binary, ["acp", "--model", "openai/scripted-model", "--api_base", apiBase, "--api_key", "test-key"], {
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

function recordingClient(answers) {
  const rec = { updates: [], asked: [] };
  const app = acp
    .client({ name: "oi-acp-ts-test" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      rec.updates.push(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      rec.asked.push(params);
      const optionId = answers.shift() ?? "allow_once";
      return { outcome: { outcome: "selected", optionId } };
    });
  return { app, rec };
}

async function until(what, pred) {
  for (let i = 0; i < 400; i++) {
    if (pred()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function session(ctx) {
  const init = await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
  assert.equal(init.agentCapabilities.loadSession, true);
  assert.equal(init.agentCapabilities.promptCapabilities.image, true);
  const { sessionId, modes } = await ctx.request(acp.methods.agent.session.new, { cwd: workdir, mcpServers: [] });
  assert.deepEqual(modes.availableModes.map((m) => m.id), ["ask", "auto", "deny"]);
  return sessionId;
}

const prompt = (ctx, sessionId, text) =>
  ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

const finalUpdate = (rec) => rec.updates.filter((u) => u.sessionUpdate === "tool_call_update" && u.status).at(-1);

async function run(answers, op) {
  const { child, stream } = startAgent();
  const { app, rec } = recordingClient(answers);
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
      assert.deepEqual(rec.asked[0].options.map((o) => o.kind), ["allow_once", "allow_always", "reject_once", "reject_always"]);
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
