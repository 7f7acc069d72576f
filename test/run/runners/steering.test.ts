/**
 * A message sent to a running child reaches it at its next turn, on both runners — through the
 * session's steering queue in-process, and down the child's channel to its own extension in a real
 * `pi` — and changes what it does next. A message sent before its first turn is held for it; one
 * sent after it ended is recorded as never delivered. Each is an event in the record as it happens.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decideSandbox } from "../../../src/plan/sandbox.ts";
import { createMailbox } from "../../../src/run/inbox.ts";
import { MESSAGE_EVENT } from "../../../src/run/runners/steering.ts";
import { sandboxSupport } from "../../../src/run/sandbox/support.ts";
import { bash, bothChild, RUNNERS } from "../../support/both-runners.ts";

const TIMEOUT = 40_000;
const support = sandboxSupport();

const messageEvents = (events: Array<Record<string, unknown>>) => events.filter((e) => e.type === MESSAGE_EVENT);

for (const kind of RUNNERS) {
	describe(`steering a running child (${kind})`, () => {
		it(
			"a message sent while the child works decides its next action, and is recorded",
			async () => {
				const child = await bothChild(kind, [bash("sleep 1"), bash("touch {{last_user_message}}"), { text: "done" }]);
				const inbox = createMailbox();
				let sent = false;
				const run = await child.run({
					inbox,
					during: (p) => {
						if (p.type === "tool_start" && !sent) sent = inbox.send("steered.txt");
					},
				});
				expect(sent).toBe(true);
				expect(existsSync(join(child.child.project, "steered.txt"))).toBe(true);
				expect(run.outcome.messages?.map((m) => m.text)).toEqual(["steered.txt"]);
				const recorded = messageEvents(run.events);
				expect(recorded).toHaveLength(1);
				expect(recorded[0]).toMatchObject({ text: "steered.txt", delivered: true });
				// The scratch directory and its socket are gone with the run.
				const auditDir = join(child.child.root, "audit");
				expect(readdirSync(auditDir).filter((name) => name.startsWith("."))).toEqual([]);
			},
			TIMEOUT,
		);

		it(
			"a message sent before the child's first turn is not lost",
			async () => {
				const child = await bothChild(kind, [bash("touch {{last_user_message}}"), { text: "done" }]);
				const inbox = createMailbox();
				inbox.send("early.txt");
				const run = await child.run({ inbox });
				expect(existsSync(join(child.child.project, "early.txt"))).toBe(true);
				expect(run.outcome.messages?.map((m) => m.text)).toEqual(["early.txt"]);
			},
			TIMEOUT,
		);

		it(
			"without an inbox nothing changes: no messages, no events",
			async () => {
				const child = await bothChild(kind, [{ text: "done" }]);
				const run = await child.run();
				expect(run.outcome.messages).toBeUndefined();
				expect(messageEvents(run.events)).toEqual([]);
			},
			TIMEOUT,
		);
	});
}

describe("steering a subprocess child: where its channel lies", () => {
	it.skipIf(!support.enforce)(
		"under the sandbox the channel (in a read-only scratch directory) still reaches the child",
		async () => {
			const child = await bothChild("subprocess", [
				bash("sleep 1"),
				bash("touch {{last_user_message}}"),
				{ text: "done" },
			]);
			child.child.launch.sandbox = decideSandbox({
				spec: {
					network: false,
					git_writes: false,
					resolved: { write_allowed: [child.child.project], watched_only: [] },
				},
				available: support,
			});
			const inbox = createMailbox();
			let sent = false;
			const run = await child.run({
				inbox,
				during: (p) => {
					if (p.type === "tool_start" && !sent) sent = inbox.send("sandboxed.txt");
				},
			});
			expect(run.outcome.sandbox).toBe("enforce");
			expect(existsSync(join(child.child.project, "sandboxed.txt"))).toBe(true);
			expect(run.outcome.messages?.map((m) => m.text)).toEqual(["sandboxed.txt"]);
		},
		TIMEOUT,
	);

	it(
		"a scratch directory deeper than a socket path may be long is reached through its descriptor",
		async () => {
			const child = await bothChild("subprocess", [bash("touch {{last_user_message}}"), { text: "done" }]);
			const deep = join(child.child.root, "d".repeat(60), "e".repeat(60), "audit");
			child.child.sessionFile = join(deep, "session.jsonl");
			const inbox = createMailbox();
			inbox.send("deep.txt");
			const run = await child.run({ inbox });
			expect(Buffer.byteLength(join(deep, ".child-XXXXXX", "channel.sock"))).toBeGreaterThan(107);
			expect(existsSync(join(child.child.project, "deep.txt"))).toBe(true);
			expect(run.outcome.messages?.map((m) => m.text)).toEqual(["deep.txt"]);
		},
		TIMEOUT,
	);
});
