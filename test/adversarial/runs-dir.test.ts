/**
 * Runs directories that cannot take a record, or that a child could reach. Each is refused before
 * anything runs — exit 2 on the command line, an error result inside Pi — in a moment, naming what
 * chose it (PI_DELEGATE_RUNS_DIR, the runsDir setting's key, the default), the path and the fix:
 * never an unexpected error half-way, never a `mkdir` that does not return (/proc), and never a run
 * whose record its child could rewrite.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "../support/both-runners.ts";
import { type CliResult, runCli } from "../support/cli.ts";
import { type RunWorkspace, runWorkspace } from "../support/cli-run.ts";
import { REPO, SCRIPTED_PROVIDER } from "../support/pi.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

const flat = (text: string) => text.replace(/\s+/g, " ");

/** The refusal every entry point gives: exit 2, what chose the directory, the path, a fix, no crash. */
function expectRefused(out: CliResult, named: string, dir: string, why: RegExp): void {
	const text = flat(out.stderr);
	expect(out.stderr, out.stdout).not.toContain("unexpected error");
	expect(out.code).toBe(2);
	expect(text).toContain(named);
	expect(text).toContain(`the runs directory ${dir.length > 160 ? dir.slice(0, 100) : dir}`);
	expect(text).toMatch(why);
	expect(text).toMatch(/fix: .*(PI_DELEGATE_RUNS_DIR|runsDir)/);
}

/** Each kind of runs directory that cannot take a record, made under `base`, with what the refusal says. */
function badDirs(base: string): Array<{ kind: string; dir: string; why: RegExp }> {
	writeFileSync(join(base, "a-file"), "");
	symlinkSync(join(base, "nowhere"), join(base, "dangling"));
	return [
		{ kind: "a file", dir: join(base, "a-file"), why: /is a file, not a directory/ },
		{ kind: "a dangling symlink", dir: join(base, "dangling"), why: /is a symlink to .*nowhere, which does not exist/ },
		{ kind: "under a file", dir: join(base, "a-file", "runs"), why: /lies under .*a-file, which is a file/ },
		{
			kind: "under a dangling symlink",
			dir: join(base, "dangling", "runs"),
			why: /lies under .*dangling, which is a symlink/,
		},
		{ kind: "a part too long", dir: join(base, "x".repeat(300)), why: /has a part longer than 255 bytes/ },
		{
			kind: "too long a path",
			dir: join(base, ...Array(40).fill("y".repeat(100))),
			why: /bytes long; the files of a run/,
		},
	];
}

/** `workflow run` of a one-call script, on the scripted model. */
const workflowArgv = (ws: RunWorkspace) => {
	const file = join(ws.base, "one.ts");
	writeFileSync(file, 'export default async (wf) => (await wf.agent("Read the README")).verdict;');
	return ["workflow", "run", file, "--model", "scripted/scripted-1", "--extension", SCRIPTED_PROVIDER];
};

describe("a runs directory that cannot take a record is refused, naming PI_DELEGATE_RUNS_DIR, the path and the fix", () => {
	describe.each(RUNNERS)("run (%s runner)", (runner) => {
		it.each(badDirs(tempDir("pi-delegate-bad-runs-")))("$kind", async ({ dir, why }) => {
			const a = gitRepo({ "a.txt": "x\n" });
			const ws = runWorkspace({});
			const env = { ...ws.env, PI_DELEGATE_RUNS_DIR: dir };
			const out = await runCli(ws.argv(ws.spec({ roots: [a] }), ["--runner", runner]), { cwd: ws.project, env });
			expectRefused(out, "PI_DELEGATE_RUNS_DIR", dir, why);
		});
	});

	it.each(badDirs(tempDir("pi-delegate-bad-runs-")))("workflow run: $kind", async ({ dir, why }) => {
		const ws = runWorkspace({});
		const env = { ...ws.env, PI_DELEGATE_RUNS_DIR: dir };
		const out = await runCli(workflowArgv(ws), { cwd: ws.project, env });
		expectRefused(out, "PI_DELEGATE_RUNS_DIR", dir, why);
	});

	it.each(badDirs(tempDir("pi-delegate-bad-runs-")))("spend: $kind", async ({ dir, why }) => {
		const ws = runWorkspace({});
		const out = await runCli(["spend"], { cwd: ws.project, env: { ...ws.env, PI_DELEGATE_RUNS_DIR: dir } });
		expectRefused(out, "PI_DELEGATE_RUNS_DIR", dir, why);
	});

	it("the runsDir setting is named by its file and key", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		writeFileSync(join(ws.base, "a-file"), "");
		writeFileSync(join(ws.agentDir, "settings.json"), JSON.stringify({ "pi-delegate": { runsDir: "../a-file" } }));
		const { PI_DELEGATE_RUNS_DIR: _, ...env } = ws.env;
		const out = await runCli(ws.argv(ws.spec({ roots: [a] })), { cwd: ws.project, env });
		expectRefused(out, "settings.json:1:17: pi-delegate.runsDir", join(ws.base, "a-file"), /is a file/);
	});
});

/**
 * A real `pi-delegate` process, killed after a minute: a refusal must come long before that. `wrap`
 * puts a command before it that ends by running it (dropped capabilities, a mount namespace).
 */
function cliProcess(
	argv: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv },
	wrap: (command: string[]) => string[] = (command) => command,
) {
	const started = performance.now();
	const [program, ...args] = wrap([process.execPath, join(REPO, "src/cli/main.ts"), ...argv]);
	const r = spawnSync(program!, args, { ...options, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" });
	return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - started };
}

describe("a runs directory under /proc, where mkdir -p never returns", () => {
	it.each([
		["run", (ws: ReturnType<typeof runWorkspace>, a: string) => ws.argv(ws.spec({ roots: [a] }))],
		["workflow", (ws: ReturnType<typeof runWorkspace>) => workflowArgv(ws)],
	] as const)("%s exits 2 at once, naming it", (_name, argv) => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const out = cliProcess(argv(ws, a), { cwd: ws.project, env: { ...ws.env, PI_DELEGATE_RUNS_DIR: "/proc/pi-runs" } });
		expectRefused(out, "PI_DELEGATE_RUNS_DIR", "/proc/pi-runs", /takes no new directories/);
	});
});

/** Root writes through permission bits; without its capabilities it meets them as anyone does. */
const asUser = (argv: string[]) =>
	process.getuid?.() === 0 ? ["setpriv", "--bounding-set=-all", "--inh-caps=-all", ...argv] : argv;

const canDropCaps = process.getuid?.() !== 0 || spawnSync("setpriv", ["--bounding-set=-all", "true"]).status === 0;
const canMountRo =
	spawnSync("unshare", ["-rm", "sh", "-c", 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"', tempDir()])
		.status === 0;

describe("a runs directory without permission, or on a read-only mount", () => {
	it.skipIf(!canDropCaps)("no permission to write: run and spend say so", () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		mkdirSync(ws.runsDir, { mode: 0o500 });
		chmodSync(ws.runsDir, 0o500);
		const r = cliProcess(ws.argv(ws.spec({ roots: [a] })), { cwd: ws.project, env: ws.env }, asUser);
		expectRefused(r, "PI_DELEGATE_RUNS_DIR", ws.runsDir, /cannot be written: permission denied \(EACCES\)/);
		chmodSync(ws.runsDir, 0o000);
		const s = cliProcess(["spend"], { cwd: ws.project, env: ws.env }, asUser);
		chmodSync(ws.runsDir, 0o700);
		expectRefused(s, "PI_DELEGATE_RUNS_DIR", ws.runsDir, /cannot be read: permission denied \(EACCES\)/);
	});

	it.skipIf(!canMountRo)("a read-only mount", () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		mkdirSync(ws.runsDir);
		const script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"';
		const readOnly = (command: string[]) => ["unshare", "-rm", "sh", "-c", script, ws.runsDir, ...command];
		const r = cliProcess(ws.argv(ws.spec({ roots: [a] })), { cwd: ws.project, env: ws.env }, readOnly);
		expectRefused(r, "PI_DELEGATE_RUNS_DIR", ws.runsDir, /read-only \(EROFS\)/);
		expect(readdirSync(ws.runsDir)).toEqual([]);
	});
});

describe("a runs directory a child could reach is refused before anything runs", () => {
	describe.each(RUNNERS)("%s runner", (runner) => {
		const cases = () => {
			const a = gitRepo({ "a.txt": "x\n" });
			const b = gitRepo({ "b.txt": "y\n" });
			const ws = runWorkspace({});
			const link = join(ws.base, "link-to-a");
			symlinkSync(a, link);
			const spec = ws.spec({ read_only: false, roots: [a, b], write_allowed: [a] });
			return { a, b, ws, spec, link };
		};

		it.each([
			["inside a writable root", (c: ReturnType<typeof cases>) => join(c.a, ".runs"), /lies inside the watched root/],
			[
				"inside a watched-only root",
				(c: ReturnType<typeof cases>) => join(c.b, "runs"),
				/lies inside the watched root/,
			],
			["equal to a root", (c: ReturnType<typeof cases>) => c.a, /lies inside the watched root/],
			[
				"inside a root through a symlink (named by its real path)",
				(c: ReturnType<typeof cases>) => join(c.link, "runs"),
				/lies inside the watched root/,
			],
			["holding a root", (c: ReturnType<typeof cases>) => join(c.a, ".."), /holds the watched root/],
		] as const)("%s", async (_kind, dirOf, why) => {
			const c = cases();
			const dir = dirOf(c);
			const before = readdirSync(c.a).sort();
			const out = await runCli(c.ws.argv(c.spec, ["--runner", runner]), {
				cwd: c.ws.project,
				env: { ...c.ws.env, PI_DELEGATE_RUNS_DIR: dir },
			});
			expectRefused(out, "PI_DELEGATE_RUNS_DIR", dir.replace(c.link, c.a), why);
			expect(readdirSync(c.a).sort()).toEqual(before);
		});

		it("a relative runsDir setting that lands in the working root", async () => {
			const c = cases();
			writeFileSync(join(c.ws.agentDir, "settings.json"), JSON.stringify({ "pi-delegate": { runsDir: ".runs" } }));
			const { PI_DELEGATE_RUNS_DIR: _, ...env } = c.ws.env;
			const out = await runCli(c.ws.argv(c.spec, ["--runner", runner]), { cwd: c.a, env });
			expectRefused(out, "pi-delegate.runsDir", join(c.a, ".runs"), /lies inside the watched root/);
			expect(existsSync(join(c.a, ".runs"))).toBe(false);
		});
	});
});

/**
 * `pi` with the extension and the scripted model, as test/support/pi.ts runs it, but ended by
 * SIGKILL at its deadline: a process busy in a loop that never returns to its event loop does not
 * act on a SIGTERM.
 */
function piOnce(cwd: string, turns: unknown[], env: Record<string, string>) {
	const agentDir = tempDir("pi-delegate-agent-");
	const script = join(agentDir, "script.json");
	writeFileSync(script, JSON.stringify({ turns }));
	const args = ["--offline", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1", "-e", REPO, "--mode", "json"];
	const out = spawnSync("pi", [...args, "-p", "delegate it"], {
		cwd,
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_SCRIPT: script, ...env },
		timeout: 60_000,
		killSignal: "SIGKILL",
	});
	const events = out.stdout
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	return { events };
}

describe("inside Pi, the task and fork tools return an error result naming the runs directory", () => {
	type End = { type: string; toolName: string; isError: boolean; result: unknown };
	const ends = (events: Array<Record<string, unknown>>, tool: string) =>
		events.filter((e) => e.type === "tool_execution_end" && e.toolName === tool) as unknown as End[];

	it.each([
		["task", (a: string) => ({ name: "task", args: { goal: "g", deliverable: "d", roots: [a] } })],
		["fork", () => ({ name: "fork", args: { brief: "Read the README and say what it is about." } })],
	] as const)("%s", (tool, call) => {
		const a = gitRepo({ "README.md": "hello\n" });
		const run = piOnce(a, [{ tools: [call(a)] }, "Noted."], { PI_DELEGATE_RUNS_DIR: "/proc/pi-runs" });
		const [end] = ends(run.events, tool);
		expect(end?.isError).toBe(true);
		const text = flat(JSON.stringify(end?.result));
		expect(text).toContain("PI_DELEGATE_RUNS_DIR");
		expect(text).toContain("the runs directory /proc/pi-runs cannot be made");
	});
});
