/**
 * Changes applied on PASS (`apply: "on-pass"`, the default for a task that may write), end to end:
 * `pi-delegate run` on both runners (a real `pi` subprocess answered by the scripted provider, and
 * the in-process runner). The child works on a private copy of its writable root; on FAIL the real
 * root stays byte for byte as it was and changes.patch holds the change; on PASS the real root
 * holds exactly the child's change — content, modes, deletions, renames, a binary file, a symlink —
 * as the same commands run by hand give it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { type RunWorkspace, runTask, runWorkspace } from "../support/cli-run.ts";
import { tempDir } from "../support/temp.ts";

const enforce = sandboxSupport().enforce;
const SANDBOXES = enforce ? (["enforce", "off"] as const) : (["off"] as const);

const git = (cwd: string, ...args: string[]) =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, encoding: "utf8" });

/** Every entry under `dir` but `.git`: type, mode and content (a link's target), for byte-for-byte comparison. */
function tree(dir: string, prefix = ""): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of readdirSync(join(dir, prefix)).sort()) {
		if (name === ".git") continue;
		const rel = prefix ? `${prefix}/${name}` : name;
		const path = join(dir, rel);
		const stat = lstatSync(path);
		if (stat.isSymbolicLink()) out[rel] = `link → ${readlinkSync(path)}`;
		else if (stat.isDirectory()) Object.assign(out, tree(dir, rel));
		else out[rel] = `${(stat.mode & 0o777).toString(8)} ${readFileSync(path).toString("base64")}`;
	}
	return out;
}

/** A repository with a test script that passes while state.txt says fixed, and files to change. */
function repo(ws: RunWorkspace, state: "fixed" | "broken"): void {
	const files: Record<string, string> = {
		"check.sh": '#!/bin/sh\ngrep -q fixed state.txt || { echo "FAILED: state is $(cat state.txt)"; exit 3; }\n',
		"state.txt": `${state}\n`,
		"a.txt": "one\ntwo\nthree\n",
		"old.txt": "to be deleted\n",
		"from.txt": "to be renamed\n",
		"run.sh": "echo run\n",
		".gitignore": "node_modules/\n",
		"node_modules/pkg/index.js": "module.exports = 42;\n",
		"staged.txt": "committed\n",
	};
	for (const [name, text] of Object.entries(files)) {
		execFileSync("mkdir", ["-p", join(ws.project, name, "..")]);
		writeFileSync(join(ws.project, name), text);
	}
	git(ws.project, "init", "-q", "-b", "main");
	git(ws.project, "add", "-A");
	git(ws.project, "commit", "-qm", "initial");
	// Uncommitted work the copy carries: a staged change and an untracked file.
	writeFileSync(join(ws.project, "staged.txt"), "staged\n");
	git(ws.project, "add", "staged.txt");
	writeFileSync(join(ws.project, "untracked.txt"), "untracked\n");
}

/** Every kind of change a patch must carry, as one bash command. */
const EVERY_KIND = [
	"printf 'one\\nTWO\\nthree\\n' > a.txt",
	"chmod +x run.sh",
	"rm old.txt",
	"mv from.txt to.txt",
	"printf '\\000\\001\\377bin' > bin.dat",
	"ln -s a.txt link",
	"mkdir -p dir/sub && echo new > dir/sub/new.txt",
	"echo fixed > state.txt",
	"cat node_modules/pkg/index.js > seen.txt",
	// Ignored paths are shared with the real root: written in place, as under direct.
	"echo cache > node_modules/pkg/cache.txt",
].join(" && ");

function childRuns(ws: RunWorkspace, command: string, pointer = "a.txt:1"): void {
	const turns = [{ tools: [{ name: "bash", args: { command } }] }, submitTurn(envelope([pointer]))];
	writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
}

const run = runTask;

const writing = (ws: RunWorkspace, sandbox: string, extra: Record<string, unknown> = {}) =>
	ws.spec({ read_only: false, roots: [ws.project], write_allowed: [ws.project], sandbox, ...extra });

describe.each(RUNNERS)("changes applied on PASS (%s runner)", (runner) => {
	it.each(SANDBOXES)(
		"a child that breaks the tests (sandbox %s): FAIL, the real root untouched, the patch kept",
		async (sandbox) => {
			const ws = runWorkspace({ turns: [] });
			repo(ws, "fixed");
			const before = tree(ws.project);
			childRuns(ws, "echo broken > state.txt && echo new > added.txt");
			const { out, result } = await run(ws, runner, writing(ws, sandbox, { accept: ["sh check.sh"] }));
			expect(out.code).toBe(1);
			expect(out.stdout).toContain("FAILED: state is broken");
			expect(tree(ws.project)).toEqual(before);
			expect(result.apply).toMatchObject({ mode: "on-pass", applied: false, patch: "changes.patch" });
			expect(result.apply?.files).toEqual({ added: 1, modified: 1, deleted: 0, renamed: 0 });
			const patch = join(result.auditDir, "changes.patch");
			expect(readFileSync(patch, "utf8")).toMatch(/-fixed\n\+broken/);
			// Kept so it can be applied later: it applies to the real root as it stands.
			const check = spawnSync("git", ["apply", "--check", patch], { cwd: ws.project, encoding: "utf8" });
			expect(check.stderr).toBe("");
			expect(check.status).toBe(0);
		},
	);

	it.each(SANDBOXES)(
		"a child that fixes the tests (sandbox %s): PASS, the real root holds exactly its change",
		async (sandbox) => {
			const ws = runWorkspace({ turns: [] });
			repo(ws, "broken");
			// What the same commands give when run by hand on a copy of the root.
			const expected = tempDir("pi-delegate-apply-expected-");
			cpSync(ws.project, expected, { recursive: true, verbatimSymlinks: true });
			execFileSync("bash", ["-c", EVERY_KIND], { cwd: expected });
			childRuns(ws, EVERY_KIND);
			const { out, result } = await run(ws, runner, writing(ws, sandbox, { accept: ["sh check.sh"] }));
			expect(out.stdout).toMatch(/^PASS/);
			expect(out.code).toBe(0);
			expect(result.apply).toMatchObject({ mode: "on-pass", applied: true, patch: "changes.patch" });
			expect(tree(ws.project)).toEqual(tree(expected));
			expect(readFileSync(join(ws.project, "seen.txt"), "utf8")).toBe("module.exports = 42;\n");
			// The index the copy started from is the real one: what was staged still is.
			expect(git(ws.project, "diff", "--cached", "--name-only")).toBe("staged.txt\n");
			// The patch is the change: reversed, it applies to the real root as it now stands.
			const patch = join(result.auditDir, "changes.patch");
			const reverse = spawnSync("git", ["apply", "--check", "-R", patch], { cwd: ws.project, encoding: "utf8" });
			expect(reverse.stderr).toBe("");
		},
	);

	it.each(SANDBOXES)(
		"T4 under on-pass (sandbox %s): an incidental write into a watched-only root fails the task, nothing is applied",
		async (sandbox) => {
			const ws = runWorkspace({ turns: [] });
			repo(ws, "broken");
			const b = tempDir("pi-delegate-apply-b-");
			writeFileSync(join(b, ".gitignore"), "__pycache__/\n");
			writeFileSync(join(b, "mod.py"), "x = 1\n");
			git(b, "init", "-q", "-b", "main");
			const before = tree(ws.project);
			childRuns(ws, `echo fixed > state.txt; python3 -m py_compile ${b}/mod.py; true`);
			const spec = ws.spec({ read_only: false, roots: [ws.project, b], write_allowed: [ws.project], sandbox });
			const { out, result } = await run(ws, runner, spec);
			if (sandbox === "off") {
				expect(out.code).toBe(1);
				expect(result.violations.map((v) => v.path)).toContain("__pycache__");
				expect(result.apply?.applied).toBe(false);
				expect(tree(ws.project)).toEqual(before);
			} else {
				// Prevented by the sandbox instead: B is read-only, so it never changed, and the fix lands.
				expect(existsSync(join(b, "__pycache__"))).toBe(false);
				expect(result.apply?.applied).toBe(true);
				expect(readFileSync(join(ws.project, "state.txt"), "utf8")).toBe("fixed\n");
			}
		},
	);
});
