import { describe, expect, it } from "vitest";
import type { InputItem } from "../bindings/InputItem";
import { Composer } from "./composer";

function composer(): { c: Composer; input: HTMLTextAreaElement; sent: InputItem[][]; finish: (ok: boolean) => void } {
  const sent: InputItem[][] = [];
  let finish: (ok: boolean) => void = () => {};
  const c = new Composer((items) => {
    sent.push(items);
    return new Promise<boolean>((resolve) => (finish = resolve));
  });
  const input = c.el.querySelector<HTMLTextAreaElement>('[data-testid="message-input"]')!;
  return { c, input, sent, finish: (ok) => finish(ok) };
}

describe("Composer", () => {
  it("sends the text and empties the box once it is sent", async () => {
    const { c, input, sent, finish } = composer();
    input.value = "  Find the PDF I downloaded last week.\n";
    const done = c.submit();
    expect(sent).toEqual([[{ type: "text", text: "Find the PDF I downloaded last week." }]]);
    finish(true);
    await done;
    expect(input.value).toBe("");
  });

  it("keeps what was typed while the message went out", async () => {
    const { c, input, sent, finish } = composer();
    input.value = "Find the PDF I downloaded last week and summari";
    const done = c.submit();
    input.value += "ze it.";
    finish(true);
    await done;
    expect(sent[0]).toEqual([{ type: "text", text: "Find the PDF I downloaded last week and summari" }]);
    expect(input.value).toBe("ze it.");
  });

  it("keeps a message that was changed meanwhile, and every word when sending failed", async () => {
    const changed = composer();
    changed.input.value = "first";
    const one = changed.c.submit();
    changed.input.value = "something else";
    changed.finish(true);
    await one;
    expect(changed.input.value).toBe("something else");

    const failed = composer();
    failed.input.value = "keep me";
    const two = failed.c.submit();
    failed.finish(false);
    await two;
    expect(failed.input.value).toBe("keep me");
  });

  it("keeps the keyboard in the message box when Send is clicked", () => {
    const { c, input } = composer();
    document.body.append(c.el);
    input.focus();
    const send = c.el.querySelector<HTMLButtonElement>('[data-testid="send"]')!;
    const press = new MouseEvent("mousedown", { bubbles: true, cancelable: true });
    send.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(input);
    c.el.remove();
  });
});
