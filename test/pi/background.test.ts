/**
 * Background children in a real Pi parent session: a `background: true` call returns at once with a
 * run id per child, the parent goes on, and each child's result reaches it as one message — exactly
 * once, also across a compaction and a reload of the extension.
 */
import { join } from "node:path";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { collectSpend } from "../../src/meter/collect.ts";
import { type BackgroundParent, backgroundParent, backgroundTasks } from "../support/background-parent.ts";

const RUNNERS = ["in-process", "subprocess"] as const;

let open: BackgroundParent | undefined;
afterEach(async () => {
	await open?.close();
	open = undefined;
});

const keysOf = (p: BackgroundParent) => p.delivered().map((d) => d.key);

describe.each(RUNNERS)("background tasks (%s children)", (runner) => {
	it("returns at once, lets the parent take its next turn, and delivers three results once each", async () => {
		let launched = "";
		const p = await backgroundParent({
			runner,
			parent: (request, turn) => {
				if (turn === 0) return backgroundTasks(cwd(), ["A", "B", "C"]);
				if (turn === 1) {
					launched = request.toolResults[0]?.text ?? "";
					return "They run on; I will read their reports as they come.";
				}
				return "Noted.";
			},
		});
		open = p;
		const cwd = () => p.cwd;
		await p.session.prompt("[bg-parent] start three checks");
		// The parent's turn after the call ran before any child ended.
		expect(launched).toMatch(/^3 children run in the background: child-a#\d+, child-b#\d+, child-c#\d+\./);
		expect(p.delivered()).toHaveLength(0);
		for (const tag of ["B", "A", "C"]) p.release(tag);
		await p.until(() => p.delivered().length === 3);
		// A moment more: nothing is sent twice.
		await new Promise((r) => setTimeout(r, 300));
		const keys = keysOf(p);
		expect(new Set(keys).size).toBe(3);
		expect(keys.map((k) => k.replace(/#\d+$/, "")).sort()).toEqual(["child-a", "child-b", "child-c"]);
		for (const d of p.delivered()) {
			expect(d.content).toMatch(/^Background task child-\w#\d+ has ended \(PASS\)\.\nPASS task child-\w/);
			expect(d.details.auditDir).toEqual(expect.any(String));
		}
		// The parent acted on each message: its later requests hold the reports.
		const last = p.parentRequests.at(-1);
		for (const key of keys) expect(JSON.stringify(last?.request.messages)).toContain(key);
	}, 60_000);
});

describe("delivery once across a compaction and a reload", () => {
	// Known gap: on Pi before 1.0 (the compatibility run's 0.86.1) a result that ends after a
	// `/reload` does not reach the reloaded parent; the README's background section says so.
	it.skipIf(VERSION.startsWith("0."))(
		"delivers what ended after a compaction and after /reload, each once",
		async () => {
			const p = await backgroundParent({
				runner: "in-process",
				parent: (_request, turn) => (turn === 0 ? backgroundTasks(p.cwd, ["A", "B", "C"]) : "Noted."),
			});
			open = p;
			await p.session.prompt("[bg-parent] start three checks");
			p.release("A");
			await p.until(() => p.delivered().length === 1);
			await p.session.compact();
			expect(p.session.sessionManager.getEntries().some((e) => e.type === "compaction")).toBe(true);
			p.release("B");
			await p.until(() => p.delivered().length === 2);
			await p.session.reload();
			p.release("C");
			await p.until(() => p.delivered().length === 3);
			await new Promise((r) => setTimeout(r, 300));
			expect(new Set(keysOf(p)).size).toBe(3);
			expect(p.delivered()).toHaveLength(3);
		},
		60_000,
	);
});

describe("spend", () => {
	it("counts each background child once, whether its result came as a message or through a wait", async () => {
		let ids: string[] = [];
		const p = await backgroundParent({
			runner: "in-process",
			sessionFile: true,
			parent: (request, turn) => {
				if (turn === 0) return backgroundTasks(p.cwd, ["A", "B"]);
				if (turn === 1) {
					ids = [...(request.toolResults[0]?.text ?? "").matchAll(/child-\w#\d+/g)].map((m) => m[0]);
					p.release("A");
					return { tools: [{ name: "children", input: { action: "wait", run: ids[0], timeout_s: 30 } }] };
				}
				return "Noted.";
			},
		});
		open = p;
		await p.session.prompt("[bg-parent] two, wait for one");
		p.release("B");
		await p.until(() => p.delivered().length === 1);
		const sessionFile = p.session.sessionManager.getSessionFile();
		const sources = collectSpend({ runsDir: join(p.dir.agentDir, "pi-delegate", "runs"), sessionFile });
		const children = sources.filter((s) => s.kind === "task");
		expect(children.map((c) => c.id).sort()).toEqual(["child-a", "child-b"]);
	}, 60_000);
});
