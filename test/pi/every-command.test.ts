/**
 * Every slash command pi-delegate registers, run in a real `pi -p` (scripted model, a temporary
 * agent dir and project) as a user first types it, with no arguments: it exits 0, prints no stack
 * trace and no extension error, and says something a person can read. The list is what the
 * extension itself registers, so a new command is run here without anyone adding it.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import piDelegate from "../../src/pi/extension.ts";
import { REPO, runPi } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

/** The names the extension registers, from a stand-in API that records them and ignores the rest. */
function registeredCommands(): string[] {
	const names: string[] = [];
	const pi = new Proxy({} as ExtensionAPI, {
		get: (_target, key) => (key === "registerCommand" ? (name: string) => names.push(name) : () => undefined),
	});
	piDelegate(pi);
	return names;
}

/** A small git project to run in: some commands (the workflows) look at files. */
function project(): string {
	const cwd = tempDir("pi-delegate-every-command-");
	writeFileSync(join(cwd, "notes.txt"), "the answer is 42\n");
	execFileSync("git", ["init", "-q"], { cwd });
	return cwd;
}

/** What no command's output may hold: a stack frame, an extension error, an unfilled value. */
const INSANE = [
	/^\s+at .+:\d+:\d+\)?$/m,
	/Extension error/,
	/Cannot read properties/,
	/\bundefined\b/,
	/\[object Object\]/,
	/\bNaN\b/,
	/ENOENT/,
	// Three dots where the rest of pi-delegate writes an ellipsis.
	/\w\.\.\.(?!\.)/,
];

describe("every slash command in pi -p", () => {
	const commands = registeredCommands();

	it("registers the commands the README documents (control: the list is not empty)", () => {
		expect(commands).toEqual(
			expect.arrayContaining([
				"modes",
				"delegate-doctor",
				"delegate-spend",
				"delegate-preview",
				"children",
				"workflow",
			]),
		);
	});

	it.each(commands)("/%s exits 0 and prints something sane, with no stack trace", (name) => {
		const run = runPi(["-e", REPO, "-p", `/${name}`], { cwd: project(), timeoutMs: 90_000 });
		const out = `${run.stdout}${run.stderr}`;
		expect(run.status, out).toBe(0);
		for (const bad of INSANE) expect(out, `/${name}: ${bad}`).not.toMatch(bad);
		expect(run.stderr.trim().length, `/${name} printed nothing`).toBeGreaterThan(0);
	});
});

describe("the commands' faults, each", () => {
	it("/modes prints its table once in print mode, laid out for the width", () => {
		const run = runPi(["-e", REPO, "-p", "/modes"], { cwd: project() });
		expect(run.stderr.match(/^mode +context +main rules/gm)).toHaveLength(1);
		expect(run.stderr).toContain("Settings files:");
	});

	it("/delegate-spend in a fresh session (no session file yet) says nothing is spent", () => {
		const run = runPi(["-e", REPO, "-p", "/delegate-spend"], { cwd: project() });
		expect(run.status).toBe(0);
		expect(run.stderr).not.toContain("ENOENT");
		expect(run.stderr).toContain("Spend of this session: $0");
		expect(run.stderr).toContain("Nothing spent yet");
	});
});
