/**
 * A child must not outlive the process that started it, however that process ends. Each case runs
 * test/support/stalled-runner.ts in its own process and ends it from outside.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";
import { waitFor } from "../support/processes.ts";
import { helperEnv } from "../support/temp.ts";
import { processesWith } from "../support/tokens.ts";

interface Started {
	process: ChildProcess;
	/** Argv tokens of the child's processes: two background sleeps, then its Pi. */
	tokens: string[];
	output: () => string;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startStalled(...args: string[]): Promise<Started> {
	// A TMPDIR of this file's own: the runner is killed, so its own clean-up never runs.
	const child = spawn(process.execPath, [join(REPO, "test/support/stalled-runner.ts"), ...args], {
		stdio: ["ignore", "pipe", "inherit"],
		env: helperEnv("pi-delegate-stalled-"),
	});
	let output = "";
	child.stdout.on("data", (chunk: Buffer) => {
		output += chunk.toString();
	});
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.once("exit", (code, signal) => resolve({ code, signal })),
	);
	await waitFor(() => /READY (.+)\n/.test(output), 30_000);
	const project = /READY (.+)\n/.exec(output)![1]!;
	const tokens = readFileSync(join(project, "tokens"), "utf8").trim().split("\n");
	await waitFor(() => tokens.every((token) => processesWith(token).length > 0), 30_000);
	return { process: child, tokens, output: () => output, exited };
}

const gone = (tokens: string[]) => tokens.every((token) => processesWith(token).length === 0);

describe.runIf(process.platform === "linux")("when the parent process ends", () => {
	it("takes the child's tree with it on SIGINT, and still dies of the signal", async () => {
		const run = await startStalled();
		expect(run.tokens).toHaveLength(3);
		run.process.kill("SIGINT");
		expect(await run.exited).toEqual({ code: null, signal: "SIGINT" });
		// Signalled before the host died; on a loaded machine the kernel may take a moment to finish them.
		await waitFor(() => gone(run.tokens), 3_000);
	});

	it("is outlived by no child even when it is killed without warning", async () => {
		const run = await startStalled();
		run.process.kill("SIGKILL");
		await run.exited;
		// The namespace dies with its bubblewrap, which dies with its parent; without namespaces, the
		// child's own watchdog notices it was orphaned and stops its tree.
		await waitFor(() => gone(run.tokens), 10_000);
	});

	it("leaves a host that handles SIGINT itself in control, with the children stopped", async () => {
		const run = await startStalled("--own-sigint");
		run.process.kill("SIGINT");
		expect(await run.exited).toEqual({ code: 0, signal: null });
		await waitFor(() => gone(run.tokens), 3_000);
		expect(run.output()).toContain("SIGINT handled");
		const outcome = JSON.parse(/OUTCOME (.+)\n/.exec(run.output())![1]!) as { completed: boolean; errors: string[] };
		expect(outcome.completed).toBe(false);
		expect(outcome.errors).toContain("pi was killed by SIGKILL");
	});
});
