// The standalone task widget (one script for other sites): built after the mall into
// build/client/task-widget.js, which the mall serves as a static file.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    target: "es2019",
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL("./app/task-widget/standalone.ts", import.meta.url)),
      name: "McoinTaskWidgetBundle",
      formats: ["iife"],
      fileName: () => "task-widget.js",
    },
  },
});
