/**
 * Nothing of a child outlives it, on either runner, however it is stopped: a wall stop, a usd
 * stop, an abort, or a SIGKILL of the parent process. Each child's bash starts every kind of
 * escape at once (setsid, `env -i setsid`, a double fork, nohup, a daemon that closes its
 * descriptors, a process that ignores SIGTERM) and then, for the stops from outside, stalls in a
 * foreground sleep. Processes are found by argv tokens (tokens.ts): PIDs printed inside a
 * namespace are not the host's.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxSupport } from "../../../src/run/sandbox/support.ts";
import type { AbortReason } from "../../../src/run/types.ts";
import { bash, bothChild, RUNNERS } from "../../support/both-runners.ts";
import { REPO } from "../../support/pi.ts";
import { waitFor } from "../../support/processes.ts";
import { helperEnv } from "../../support/temp.ts";
import { allRunning, escapes, processesWith, sleepToken, survivors } from "../../support/tokens.ts";

const support = sandboxSupport();
const contained = describe.skipIf(!support.containment);
const why = support.containment ? "" : ` (skipped: ${support.reason})`;

/** Kills whatever a failed test left behind, so one failure does not leave 300 s sleeps. */
function sweep(tokens: Iterable<string>): void {
	for (const token of tokens) for (const pid of processesWith(token)) process.kill(pid, "SIGKILL");
}

for (const kind of RUNNERS) {
	contained(`${kind} runner: containment${why}`, () => {
		for (const reason of ["wall", "cancelled"] satisfies AbortReason[]) {
			it(`leaves nothing running after a ${reason} stop`, async () => {
				const e = escapes();
				const stall = sleepToken();
				const child = await bothChild(kind, [bash(`${e.command}\nsleep ${stall}`), { text: "never" }]);
				const controller = new AbortController();
				try {
					const { outcome } = await child.run({
						signal: controller.signal,
						during: (p) => {
							if (p.type !== "tool_start") return;
							const ready = () => allRunning(e) && processesWith(stall).length > 0;
							void waitFor(ready, 20_000).then(() => controller.abort(reason));
						},
					});
					expect(outcome.stoppedBy).toBe(reason);
					expect(outcome.containment).toBe("namespace");
					expect(survivors(e)).toEqual([]);
					expect(processesWith(stall)).toEqual([]);
				} finally {
					sweep([...Object.values(e.tokens), stall]);
				}
			});
		}

		it("stops itself before its next request once a response passes the usd budget", async () => {
			const e = escapes();
			const stall = sleepToken();
			// No turn takes any time: the stop must not depend on the parent seeing the cost first.
			const turns = [
				bash(e.command, 0.03),
				bash(`touch second-ran; sleep ${stall}`, 0.03),
				bash("touch third-ran", 0.03),
				{ text: "never" },
			];
			const child = await bothChild(kind, turns, { launch: { budget: { wall_s: 60, usd: 0.05, turns: 10 } } });
			try {
				const { outcome } = await child.run();
				expect(outcome.stoppedBy).toBe("usd");
				expect(outcome.usage.costUsd).toBeCloseTo(0.06, 6);
				expect(child.requests()).toBe(2);
				// The response that passed the budget is not acted on: its command never runs.
				expect(existsSync(join(child.child.project, "second-ran"))).toBe(false);
				expect(existsSync(join(child.child.project, "third-ran"))).toBe(false);
				expect(survivors(e)).toEqual([]);
				expect(processesWith(stall)).toEqual([]);
			} finally {
				sweep([...Object.values(e.tokens), stall]);
			}
		});

		it("leaves nothing running when its parent process is killed outright", async () => {
			const e = escapes();
			const stall = sleepToken();
			const parent = spawn(
				process.execPath,
				[join(REPO, "test/support/contained-parent.ts"), kind, `${e.command}\nsleep ${stall}`],
				// A TMPDIR of this file's own: the parent is killed, so its own clean-up never runs.
				{ stdio: ["ignore", "pipe", "inherit"], env: helperEnv("pi-delegate-killed-") },
			);
			try {
				await waitFor(() => allRunning(e) && processesWith(stall).length > 0, 30_000);
				parent.kill("SIGKILL");
				await waitFor(() => survivors(e).length === 0 && processesWith(stall).length === 0, 10_000);
			} finally {
				parent.kill("SIGKILL");
				sweep([...Object.values(e.tokens), stall]);
			}
		});
	});

	describe(`${kind} runner without namespaces`, () => {
		it("says containment was partial, and still stops what carries its mark", async () => {
			const marked = sleepToken();
			const unmarked = sleepToken();
			const command = `setsid sleep ${marked} & env -i setsid sleep ${unmarked} &`;
			const none = { bwrap: undefined, containment: false, enforce: false, reason: "test: no namespaces" };
			const child = await bothChild(kind, [bash(command), { text: "done" }], { support: none });
			try {
				const { outcome } = await child.run();
				expect(outcome.containment).toBe("partial");
				expect(outcome.sandbox).toBe("off");
				expect(processesWith(marked)).toEqual([]);
				// The one escape the marker cannot follow: this is why containment is called partial.
				expect(processesWith(unmarked)).toHaveLength(1);
			} finally {
				sweep([marked, unmarked]);
			}
		});
	});
}
