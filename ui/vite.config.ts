import { defineConfig } from "vitest/config";

// The app is offline: everything is bundled, nothing is fetched at run time.
export default defineConfig({
  clearScreen: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "safari15",
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.ts"],
  },
});
