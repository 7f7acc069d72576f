/**
 * bin/pi-delegate.cjs as a real process: the Node check comes before anything else on every verb;
 * an error no command handled, thrown or escaping every await, is one line and exit 2 (the trace
 * only with --debug); an installed copy without its build says so.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/task-fixture.ts";
import { oldNode } from "./old-node.ts";
import { copyPackage } from "./package.ts";

const TRACE = /^\s+at /m;

function bin(binFile: string, args: string[], node = process.execPath, env: Record<string, string> = {}) {
	return spawnSync(node, [binFile, ...args], {
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, ...env },
		timeout: 60_000,
	});
}

describe.runIf(oldNode())("on a Node older than 22.19", () => {
	const verbs = [[], ["--version"], ["help"], ["validate", "spec.json"], ["run", "spec.json"], ["nonsense"]];

	it.each(verbs)("`pi-delegate %s` prints one line — needed, found, how to get it — and exits 2", (...args) => {
		const old = oldNode();
		const out = bin(join(REPO, "bin/pi-delegate.cjs"), args, old?.path);
		expect(out.status).toBe(2);
		expect(out.stdout).toBe("");
		expect(out.stderr).toBe(
			`pi-delegate: needs Node.js 22.19.0 or newer (as Pi does), but this is Node ${old?.version} (${old?.path}); ` +
				"install Node 22 or 24 from https://nodejs.org (or `nvm install 22`) and put it first on PATH\n",
		);
	});
});

/** A clone whose registry has two extra commands that go wrong in the two ways a command can. */
function cloneWithFaultyCommands(): string {
	const clone = copyPackage(tempDir("pi-delegate-faulty-"), { nodeModules: true });
	writeFileSync(
		join(clone, "src/cli/faulty.ts"),
		[
			'import type { Command } from "./command.ts";',
			"export const throws: Command = {",
			'\tname: "throws", summary: "throws", usage: "Usage: pi-delegate throws",',
			"\tasync run(_argv, io) {",
			'\t\tio.recordAt?.("audit record", "/runs/20261201T000000Z-faulty");',
			"\t\tawait new Promise((resolve) => setTimeout(resolve, 10));",
			'\t\tthrow new RangeError("the budget went negative");',
			"\t},",
			"};",
			"export const escapes: Command = {",
			'\tname: "escapes", summary: "escapes", usage: "Usage: pi-delegate escapes",',
			"\tasync run() {",
			'\t\tsetTimeout(() => { throw new Error("a timer callback failed"); }, 10);',
			"\t\tawait new Promise((resolve) => setTimeout(resolve, 1000));",
			"\t\treturn 0;",
			"\t},",
			"};",
			"export const floods: Command = {",
			'\tname: "floods", summary: "floods", usage: "Usage: pi-delegate floods",',
			"\tasync run(_argv, io) {",
			'\t\tfor (let i = 0; i < 64; i++) io.stdout("x".repeat(65536));',
			"\t\tawait new Promise((resolve) => setTimeout(resolve, 200));",
			"\t\treturn 1;",
			"\t},",
			"};",
			"",
		].join("\n"),
	);
	const registry = join(clone, "src/cli/commands.ts");
	const lines = [
		'\t{ name: "throws", summary: "throws", load: async () => (await import("./faulty.ts")).throws },',
		'\t{ name: "escapes", summary: "escapes", load: async () => (await import("./faulty.ts")).escapes },',
		'\t{ name: "floods", summary: "floods", load: async () => (await import("./faulty.ts")).floods },',
	];
	writeFileSync(registry, readFileSync(registry, "utf8").replace(/\n\];\n/, `\n${lines.join("\n")}\n];\n`));
	return join(clone, "bin/pi-delegate.cjs");
}

describe("an error no command handled, in a real process", () => {
	const faulty = cloneWithFaultyCommands();

	it("is one line with where the record is, and exit 2", () => {
		const out = bin(faulty, ["throws"]);
		expect(out.status).toBe(2);
		expect(out.stderr).toBe(
			"pi-delegate throws: unexpected error: the budget went negative; " +
				"audit record: /runs/20261201T000000Z-faulty (--debug shows the trace)\n",
		);
	});

	it("escaping every await is one line too", () => {
		const out = bin(faulty, ["escapes"]);
		expect(out.status).toBe(2);
		expect(out.stderr).toBe(
			"pi-delegate escapes: unexpected error: a timer callback failed (--debug shows the trace)\n",
		);
	});

	it("comes with its trace under --debug or PI_DELEGATE_DEBUG=1", () => {
		for (const [args, env] of [
			[["throws", "--debug"], {}],
			[["escapes"], { PI_DELEGATE_DEBUG: "1" }],
		] as const) {
			const out = bin(faulty, [...args], process.execPath, env);
			expect(out.status).toBe(2);
			expect(out.stderr).toMatch(TRACE);
			expect(out.stderr).toContain("src/cli/faulty.ts");
		}
	});

	it("is not what a reader that stops early causes: the command ends with its own exit code", () => {
		const script = `"${process.execPath}" "${faulty}" floods | head -c 10 >/dev/null; echo "exit \${PIPESTATUS[0]}" >&2`;
		const out = spawnSync("bash", ["-c", script], { encoding: "utf8", timeout: 60_000 });
		expect(out.stderr).toBe("exit 1\n");
	});

	it("in a module that does not even load is one line, exit 2", () => {
		const clone = copyPackage(tempDir("pi-delegate-broken-"), { nodeModules: true });
		writeFileSync(join(clone, "src/cli/commands.ts"), "export const COMMANDS = [;\n");
		const out = bin(join(clone, "bin/pi-delegate.cjs"), ["validate", "x"]);
		expect(out.status).toBe(2);
		expect(out.stderr).toMatch(/^pi-delegate: cannot start: .+ \(--debug shows the trace\)\n$/);
		expect(bin(join(clone, "bin/pi-delegate.cjs"), ["validate", "x", "--debug"]).stderr).toMatch(TRACE);
	});
});

describe("an installed copy without its build", () => {
	it("says in one line why it cannot run and what to install instead", () => {
		const modules = join(tempDir("pi-delegate-nobuild-"), "node_modules");
		mkdirSync(modules);
		cpSync(join(REPO, "bin"), join(modules, "pi-delegate/bin"), { recursive: true });
		cpSync(join(REPO, "package.json"), join(modules, "pi-delegate/package.json"));
		const out = bin(join(modules, "pi-delegate/bin/pi-delegate.cjs"), ["validate", "spec.json"]);
		expect(out.status).toBe(2);
		expect(out.stderr).toContain("this installed copy has no build");
		expect(out.stderr).toContain("`npm pack`");
		expect(out.stderr.split("\n")).toHaveLength(2);
	});
});

/**
 * A clone after `npm ci` (its prepare script ran the build): the command runs dist/ while every
 * source the build compiled is unchanged, the sources once one is edited. Which one ran is told by
 * a line each writes to a file when it loads, added to the copy only.
 */
describe("a clone with a build", () => {
	const clone = copyPackage(tempDir("pi-delegate-built-clone-"), { nodeModules: true });
	cpSync(join(REPO, "dist"), join(clone, "dist"), { recursive: true });
	const record = spawnSync(process.execPath, [join(clone, "scripts/record-sources.ts")], { encoding: "utf8" });
	const mark = join(clone, "loaded");
	const markLine = (what: string) =>
		`import { writeFileSync as markLoaded } from "node:fs";\nmarkLoaded(process.env.PI_DELEGATE_TEST_MARK ?? "/dev/null", "${what}");\n`;
	const prepend = (file: string, text: string) => writeFileSync(file, text + readFileSync(file, "utf8"));
	const loaded = (args: string[]) => {
		const out = bin(join(clone, "bin/pi-delegate.cjs"), args, process.execPath, { PI_DELEGATE_TEST_MARK: mark });
		expect(out.status, out.stderr).toBe(0);
		return readFileSync(mark, "utf8");
	};

	it("runs the build while the sources are as the build found them, the quick commands from their bundle", () => {
		expect(record.status, record.stderr).toBe(0);
		prepend(join(clone, "dist/cli/main.js"), markLine("dist"));
		prepend(
			join(clone, "dist/cli/quick-validate.cjs"),
			'require("node:fs").writeFileSync(process.env.PI_DELEGATE_TEST_MARK || "/dev/null", "quick");\n',
		);
		expect(loaded(["help"])).toBe("dist");
		expect(loaded(["validate", "--help"])).toBe("quick");
	});

	const buildCheck = () => {
		const out = bin(join(clone, "bin/pi-delegate.cjs"), ["doctor", "--json"], process.execPath);
		const report = JSON.parse(out.stdout) as { checks: Array<{ id: string; state: string; detail: string }> };
		return report.checks.find((c) => c.id === "build");
	};

	it("runs the sources once one of them changed, and doctor says so", () => {
		expect(buildCheck()).toBeUndefined();
		prepend(join(clone, "src/cli/main.ts"), markLine("sources"));
		expect(loaded(["help"])).toBe("sources");
		expect(loaded(["validate", "--help"])).toBe("sources");
		expect(buildCheck()).toMatchObject({ state: "warn", detail: expect.stringContaining("a source changed") });
	});
});
