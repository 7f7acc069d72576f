/**
 * The `pi-delegate` command as npm installs it: `npm i -g <tarball>` into a temporary prefix (npm
 * brings Pi's packages as peers), and `npm link` of a clone. Each is run the way a user types it —
 * the command on PATH, its `#!/usr/bin/env node` choosing the Node — for a version, a validation
 * and a task that PASSes with a scripted model.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";
import { oldNode } from "./old-node.ts";
import { copyPackage, NPM_ENV, packTarball } from "./package.ts";

/** Runs the command found on PATH first in `bin`, then `nodeDir` (whose Node the shebang picks). */
function command(bin: string, nodeDir: string, args: string[], env: Record<string, string | undefined> = {}) {
	return spawnSync("pi-delegate", args, {
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, ...env, PATH: [bin, nodeDir, process.env.PATH].join(delimiter) },
		timeout: 120_000,
	});
}

const NODE_22 = dirname(process.execPath);

describe("npm i -g <tarball>", () => {
	const prefix = tempDir("pi-delegate-prefix-");
	const bin = join(prefix, "bin");
	const installed = join(prefix, "lib/node_modules/pi-delegate");
	// The prefix holds a copy of Pi and its dependencies (about 180 MiB): not left behind in /tmp.
	afterAll(() => rmSync(prefix, { recursive: true, force: true }));

	it("installs a pi-delegate command, with Pi's packages beside it", () => {
		execFileSync("npm", ["i", "-g", "--prefix", prefix, packTarball()], {
			stdio: "ignore",
			env: { ...process.env, ...NPM_ENV },
		});
		expect(existsSync(join(bin, "pi-delegate"))).toBe(true);
		expect(existsSync(join(installed, "node_modules/@earendil-works/pi-coding-agent/package.json"))).toBe(true);
		const version = command(bin, NODE_22, ["--version"]);
		expect(version.stdout).toBe(`${pkg.version}\n`);
	}, 240_000); // npm installs Pi's packages from its cache: about 20 s alone, 50 s beside other test files

	it("exports the library API by package name, from the build", () => {
		const probe =
			'const api = await import("pi-delegate"); console.log(typeof api.validateSpec, typeof api.executeChild);';
		const out = spawnSync(process.execPath, ["--input-type=module", "-e", probe], {
			cwd: join(prefix, "lib"),
			encoding: "utf8",
		});
		expect(out.stdout, out.stderr).toBe("function function\n");
	});

	it("runs the build, not the sources (Node strips no types under node_modules)", () => {
		rmSync(join(installed, "src/cli"), { recursive: true });
		const help = command(bin, NODE_22, ["help", "validate"]);
		expect(help.status, help.stderr).toBe(0);
		expect(help.stdout).toContain("Usage: pi-delegate validate");
	});

	it("validates a spec: 0 when valid, 2 with every problem when not", () => {
		const ws = runWorkspace({});
		const root = gitRepo({ "a.txt": "a\n" });
		const good = command(bin, NODE_22, ["validate", ws.spec({ roots: [root] })]);
		expect(good.status, good.stderr).toBe(0);
		expect(good.stdout).toContain("valid task spec");
		const bad = command(bin, NODE_22, ["validate", ws.spec({ id: "bad id", roots: ["relative"] })]);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain("2 problems");
	});

	it("runs a task with a scripted model, and it PASSes", () => {
		const root = gitRepo({ "a.txt": "one\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${root}/a.txt:1`]))] });
		const run = command(bin, NODE_22, ws.argv(ws.spec({ id: "global", roots: [root] })), ws.env);
		expect(run.stdout, run.stderr).toMatch(/^PASS\s+task global/);
		expect(run.status).toBe(0);
	});

	it.runIf(oldNode())("on an old Node, says in one line what it needs", () => {
		const old = oldNode();
		const run = command(bin, dirname(old?.path ?? ""), ["validate", "spec.json"]);
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(/^pi-delegate: needs Node\.js 22\.19\.0 or newer .* this is Node \d+\.[^\n]*\n$/);
	});
});

describe("npm link in a clone", () => {
	const clone = copyPackage(tempDir("pi-delegate-link-"), { nodeModules: true });
	const prefix = tempDir("pi-delegate-link-prefix-");
	const bin = join(prefix, "bin");

	it("gives a pi-delegate command that runs the clone's sources on Node >= 22.19", () => {
		execFileSync("npm", ["link", "--ignore-scripts"], {
			cwd: clone,
			stdio: "ignore",
			env: { ...process.env, ...NPM_ENV, npm_config_prefix: prefix },
		});
		expect(command(bin, NODE_22, ["--version"]).stdout).toBe(`${pkg.version}\n`);
		const schema = command(bin, NODE_22, ["schema"]);
		expect(schema.status, schema.stderr).toBe(0);
		expect(JSON.parse(schema.stdout)).toMatchObject({ title: "pi-delegate task spec" });
	});

	it.runIf(oldNode())("and on the system's old Node, one line saying what it needs", () => {
		const run = command(bin, dirname(oldNode()?.path ?? ""), ["schema"]);
		expect(run.status).toBe(2);
		expect(run.stdout).toBe("");
		expect(run.stderr.split("\n")).toHaveLength(2);
		expect(run.stderr).toContain("needs Node.js 22.19.0 or newer");
	});
});
