/**
 * The compatibility run: the tests of every part that touches Pi's API, against the oldest Pi this
 * package supports (PI_COMPAT_VERSION, default 0.86.1), installed by test/compat/install.ts. Imports of
 * Pi's packages are pointed at that install, real `pi` processes are that version's CLI, and the
 * child-side extension loads into it. Tests that pin text of the current Pi (golden renders of 1.6)
 * are left to the main run.
 */
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { compatDir } from "./test/compat/install.ts";
import { testWorkers } from "./test/support/workers.ts";

const version = process.env.PI_COMPAT_VERSION ?? "0.86.1";
const modules = join(compatDir(version), "node_modules");
const pkg = (name: string) => join(modules, "@earendil-works", name, "dist/index.js");

export default defineConfig({
	resolve: {
		alias: [
			{ find: /^@earendil-works\/pi-coding-agent$/, replacement: pkg("pi-coding-agent") },
			{ find: /^@earendil-works\/pi-ai$/, replacement: pkg("pi-ai") },
			{ find: /^@earendil-works\/pi-agent-core$/, replacement: pkg("pi-agent-core") },
			{ find: /^@earendil-works\/pi-tui$/, replacement: pkg("pi-tui") },
		],
	},
	test: {
		include: [
			"test/run/**/*.test.ts",
			"test/pi/**/*.test.ts",
			"test/cli/run.test.ts",
			"test/compat/**/*.test.ts",
			"test/install/pi-routes.test.ts",
		],
		setupFiles: ["test/support/setup.ts"],
		globalSetup: ["test/support/global-tmp.ts"],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: "forks",
		maxWorkers: testWorkers(),
		env: {
			PI_COMPAT_VERSION: version,
			PI_DELEGATE_PI_CLI: join(modules, "@earendil-works/pi-coding-agent/dist/cli.js"),
			PATH: `${join(modules, ".bin")}:${process.env.PATH ?? ""}`,
		},
	},
});
