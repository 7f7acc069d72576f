/**
 * Under the sandbox, forbidden writes fail and nothing changes, on both runners: through bash,
 * python3, git (commit, tag, a hook, config) in a watched and in a writable root, a symlink into a
 * watched root, a hard link, /proc/self/root, the parent's $HOME; the write and edit tools refuse
 * the same paths with an error the model reads; the network is off unless the spec allows it.
 * Writes inside the writable roots and to the private /tmp still work.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
	accessSync,
	constants,
	existsSync,
	linkSync,
	mkdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decideSandbox } from "../../src/plan/sandbox.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import type { RunnerKind } from "../../src/run/types.ts";
import { type BothChild, bash, bothChild, RUNNERS, type Turn } from "../support/both-runners.ts";
import { SCRIPTED_PROVIDER } from "../support/pi.ts";
import { waitFor } from "../support/processes.ts";
import { sleepToken } from "../support/tokens.ts";

const support = sandboxSupport();
const runWritable = (() => {
	try {
		accessSync("/run", constants.W_OK);
		return true;
	} catch {
		return false;
	}
})();
const sandboxed = describe.skipIf(!support.enforce);
const why = support.enforce ? "" : ` (skipped: ${support.reason})`;

const git = (dir: string, ...args: string[]) =>
	execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" }).trim();

interface Tree {
	writable: string;
	watched: string;
	heads: () => string[];
}

/** A writable and a watched root, both git repositories with one commit, and links between them. */
function tree(project: string): Tree {
	const writable = join(project, "writable");
	const watched = join(project, "watched");
	for (const dir of [writable, watched]) {
		mkdirSync(dir);
		git(dir, "init", "-q");
		writeFileSync(join(dir, "f.txt"), "original\n");
		git(dir, "add", ".");
		git(dir, "commit", "-qm", "first");
	}
	writeFileSync(join(watched, "h.txt"), "original\n");
	symlinkSync(join(watched, "f.txt"), join(writable, "link"));
	linkSync(join(watched, "h.txt"), join(writable, "hard.txt"));
	const heads = () => [writable, watched].flatMap((d) => [git(d, "rev-parse", "HEAD"), git(d, "tag", "--list")]);
	return { writable: realpathSync(writable), watched: realpathSync(watched), heads };
}

async function sandboxedChild(
	kind: RunnerKind,
	turns: Turn[],
	spec: { network?: boolean; git_writes?: boolean } = {},
): Promise<BothChild & { tree: Tree }> {
	const child = await bothChild(kind, turns, { launch: { tools: ["read", "bash", "write", "edit"] } });
	const t = tree(child.child.project);
	child.child.launch.sandbox = decideSandbox({
		spec: {
			network: spec.network ?? false,
			git_writes: spec.git_writes ?? false,
			resolved: { write_allowed: [t.writable], watched_only: [t.watched] },
		},
		available: support,
	});
	return { ...child, tree: t };
}

/** Runs `command` and prints `<name>: WROTE` or `<name>: refused: <what it said>`. */
const attempt = (name: string, command: string) =>
	`if out=$( { ${command} ; } 2>&1 ); then echo "${name}: WROTE"; else echo "${name}: refused: $out"; fi`;

function toolTexts(events: Array<Record<string, unknown>>): Array<{ text: string; isError: boolean }> {
	return events
		.filter((e) => e.type === "tool_execution_end")
		.map((e) => ({
			text: ((e.result as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? "").join(""),
			isError: e.isError === true,
		}));
}

for (const kind of RUNNERS) {
	sandboxed(`${kind} runner: the sandbox${why}`, () => {
		it("prevents every forbidden write, changes nothing, and lists what it prevented", async () => {
			const home = join(homedir(), `.pi-delegate-sandbox-test-${sleepToken()}`);
			const tmpName = `pi-delegate-private-${sleepToken()}`;
			const attempts = [
				attempt("bash", "echo x > watched/f.txt"),
				attempt("python", `python3 -c "open('watched/p.txt', 'w').write('x')"`),
				attempt("commit-watched", "git -C watched -c user.name=t -c user.email=t@t commit -q --allow-empty -m x"),
				attempt("commit-writable", "git -C writable -c user.name=t -c user.email=t@t commit -q --allow-empty -m x"),
				attempt("tag-writable", "git -C writable tag evil"),
				attempt("hook", "echo evil > writable/.git/hooks/pre-commit"),
				attempt("config", "git -C writable config core.fsmonitor evil"),
				attempt("symlink", "echo x > writable/link"),
				attempt("hardlink", "ln watched/f.txt writable/another-name"),
				attempt("proc-root", "echo x > /proc/self/root$PWD/watched/f.txt"),
				attempt("home", `echo x > ${home}`),
				attempt("allowed", "echo ok > writable/new.txt"),
				attempt("tmp", `echo ok > /tmp/${tmpName} && cat /tmp/${tmpName}`),
			].join("\n");
			const write = (path: string) => ({ tools: [{ name: "write", args: { path, content: "x\n" } }] });
			const child = await sandboxedChild(kind, [
				bash(attempts),
				write("writable/link"),
				write("writable/hard.txt"),
				write("writable/.git/hooks/post-commit"),
				bash('printf %s "$PWD"'),
				write("/proc/self/root{{last_tool_result}}/watched/f.txt"),
				write("~/pi-delegate-sandbox-test"),
				{ tools: [{ name: "edit", args: { path: "watched/f.txt", edits: [{ oldText: "original", newText: "x" }] } }] },
				write("writable/ok.txt"),
				{ text: "done" },
			]);
			const heads = child.tree.heads();
			const config = readFileSync(join(child.tree.writable, ".git/config"), "utf8");
			const litter = [home, join(homedir(), "pi-delegate-sandbox-test"), `/tmp/${tmpName}`];
			// A broken sandbox would write outside the test's directories: check, then clean up.
			let leftBehind: string[] = [];
			const { outcome, events } = await child.run().finally(() => {
				leftBehind = litter.filter((path) => existsSync(path));
				for (const path of leftBehind) rmSync(path, { force: true });
			});
			expect(outcome.errors).toEqual([]);
			expect(outcome.sandbox).toBe("enforce");
			const [bashResult, ...toolResults] = toolTexts(events);
			const lines = (bashResult?.text ?? "").split("\n").filter((l) => /^[a-z-]+: /.test(l));
			const verdicts = Object.fromEntries(lines.map((l) => [l.split(":")[0], l.split(": ")[1]]));
			for (const name of ["bash", "python", "commit-watched", "commit-writable", "tag-writable", "hook", "config"]) {
				expect(verdicts[name], name).toBe("refused");
			}
			for (const name of ["symlink", "hardlink", "proc-root", "home"]) expect(verdicts[name], name).toBe("refused");
			expect(verdicts.allowed).toBe("WROTE");
			expect(verdicts.tmp).toBe("WROTE");
			expect(leftBehind).toEqual([]);

			const { writable, watched } = child.tree;
			expect(readFileSync(join(watched, "f.txt"), "utf8")).toBe("original\n");
			expect(readFileSync(join(watched, "h.txt"), "utf8")).toBe("original\n");
			expect(existsSync(join(watched, "p.txt"))).toBe(false);
			expect(existsSync(join(writable, "another-name"))).toBe(false);
			expect(existsSync(join(writable, ".git/hooks/pre-commit"))).toBe(false);
			expect(existsSync(join(writable, ".git/hooks/post-commit"))).toBe(false);
			expect(readFileSync(join(writable, ".git/config"), "utf8")).toBe(config);
			expect(child.tree.heads()).toEqual(heads);
			expect(readFileSync(join(writable, "new.txt"), "utf8")).toBe("ok\n");
			expect(readFileSync(join(writable, "ok.txt"), "utf8")).toBe("x\n");

			// Each refused tool call is an error the model reads, and the outcome lists it.
			const refused = toolResults.filter((_, i) => i !== 3).slice(0, 6);
			for (const r of refused)
				expect(r).toMatchObject({ isError: true, text: expect.stringMatching(/sandbox refused/) });
			expect(toolResults.at(-1)?.isError).toBe(false);
			const byTool = (outcome.prevented ?? []).filter((p) => p.tool !== "bash");
			expect(byTool.map((p) => p.tool)).toEqual(["write", "write", "write", "write", "write", "edit"]);
			expect(byTool[0]?.reason).toMatch(/outside the writable roots .*symbolic link/);
			expect(byTool[1]?.reason).toMatch(/2 hard links/);
			expect(byTool[2]?.reason).toMatch(/\.git, which is read-only \(the task does not allow git writes\)/);
			expect(byTool[3]).toMatchObject({ path: expect.stringMatching(/^\/proc\/self\/root\//) });
			expect(byTool[3]?.reason).toMatch(new RegExp(`^${watched}/f.txt is outside the writable roots`));
			const fromBash = (outcome.prevented ?? []).filter((p) => p.tool === "bash");
			expect(fromBash.length).toBeGreaterThan(0);
			for (const p of fromBash) expect(p).toMatchObject({ command: attempts, reason: /read-only file system/ });
		});

		it.runIf(kind === "subprocess")(
			"loads a provider extension under /tmp that imports a file of its package from beside it",
			async () => {
				const child = await sandboxedChild(kind, [{ text: "done" }]);
				const pkg = join(child.child.root, "provider-package");
				mkdirSync(join(pkg, "ext"), { recursive: true });
				mkdirSync(join(pkg, "lib"));
				writeFileSync(join(pkg, "package.json"), '{ "type": "module" }\n');
				writeFileSync(
					join(pkg, "lib", "provider.ts"),
					`export { default } from ${JSON.stringify(SCRIPTED_PROVIDER)};\n`,
				);
				writeFileSync(join(pkg, "ext", "index.ts"), 'export { default } from "../lib/provider.ts";\n');
				child.child.launch.providerExtensions = [join(pkg, "ext", "index.ts")];
				const { outcome } = await child.run();
				expect(outcome.errors).toEqual([]);
				expect(outcome.completed).toBe(true);
			},
		);

		it("lets git write in a writable root when the spec allows git writes", async () => {
			const commit = "git -C writable -c user.name=t -c user.email=t@t commit -q --allow-empty -m second";
			const child = await sandboxedChild(kind, [bash(`${commit} && git -C writable tag v1`), { text: "done" }], {
				git_writes: true,
			});
			const before = git(join(child.child.project, "writable"), "rev-parse", "HEAD");
			const { outcome } = await child.run();
			expect(outcome.errors).toEqual([]);
			const writable = child.tree.writable;
			expect(git(writable, "rev-parse", "HEAD")).not.toBe(before);
			expect(git(writable, "tag", "--list")).toBe("v1");
			expect(outcome.prevented).toEqual([]);
		});

		it.skipIf(!runWritable)(
			`keeps a daemon's socket under /run out of reach${runWritable ? "" : " (skipped: /run is not writable here)"}`,
			async () => {
				const path = `/run/pi-delegate-test-${sleepToken()}.sock`;
				let connections = 0;
				const server = createNetServer((socket) => {
					connections++;
					socket.end();
				});
				await new Promise<void>((resolve) => server.listen(path, resolve));
				try {
					const script = `import socket; socket.socket(socket.AF_UNIX).connect('${path}')`;
					// Control: outside the sandbox the socket is reachable.
					expect(spawnSync("python3", ["-c", script]).status).toBe(0);
					await waitFor(() => connections === 1);
					const connect = `python3 -c "${script}"`;
					const child = await sandboxedChild(kind, [
						bash(`${connect} && echo REACHED || echo UNREACHED`),
						{ text: "done" },
					]);
					const { events } = await child.run();
					expect(toolTexts(events)[0]?.text).toContain("UNREACHED");
					expect(connections).toBe(1);
				} finally {
					server.close();
					rmSync(path, { force: true });
				}
			},
		);

		for (const network of [false, true]) {
			it(`${network ? "allows" : "refuses"} a request to a loopback server${network ? " with network: true" : ""}`, async () => {
				let hits = 0;
				const server = createServer((_req, res) => {
					hits++;
					res.end("pong");
				});
				await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
				const { port } = server.address() as AddressInfo;
				try {
					const command = `curl -sS -m 5 http://127.0.0.1:${port}/ping && echo REACHED || echo UNREACHED`;
					const child = await sandboxedChild(kind, [bash(command), { text: "done" }], { network });
					const { outcome, events } = await child.run();
					expect(outcome.errors).toEqual([]);
					const text = toolTexts(events)[0]?.text ?? "";
					expect(text).toContain(network ? "REACHED" : "UNREACHED");
					expect(hits).toBe(network ? 1 : 0);
				} finally {
					server.close();
				}
			});
		}
	});
}
