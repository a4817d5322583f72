import { describe, expect, it } from "vitest";
import { cachedImages } from "./image-cache";

describe("image cache", () => {
  it("reads each path once, failures too, and forgets the least recently used past its limit", async () => {
    const reads: string[] = [];
    const load = cachedImages(async (path) => {
      reads.push(path);
      if (path === "missing.png") throw new Error("gone");
      return `data:${path}`;
    }, 2);
    expect(await load("a.png")).toBe("data:a.png");
    expect(await load("a.png")).toBe("data:a.png");
    await expect(load("missing.png")).rejects.toThrow("gone");
    await expect(load("missing.png")).rejects.toThrow("gone");
    expect(reads).toEqual(["a.png", "missing.png"]);
    // a.png used last of the two: b.png pushes missing.png out.
    await load("a.png");
    await load("b.png");
    await load("a.png");
    expect(reads).toEqual(["a.png", "missing.png", "b.png"]);
    await load("missing.png").catch(() => {});
    expect(reads).toEqual(["a.png", "missing.png", "b.png", "missing.png"]);
  });
});
