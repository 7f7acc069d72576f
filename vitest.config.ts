import { defineConfig } from "vitest/config";
import { testWorkers } from "./test/support/workers.ts";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		setupFiles: ["test/support/setup.ts"],
		globalSetup: ["test/support/global-tmp.ts"],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: "forks",
		maxWorkers: testWorkers(),
	},
});
