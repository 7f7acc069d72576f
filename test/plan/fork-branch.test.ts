/**
 * The branch a fork inherits, against Pi itself: on real sessions (a faux model, the session's own
 * system messages, a tool change mid-session, a compaction), the prompt state the planner replays
 * is the one Pi replays, and the path and context are Pi's.
 */
import { getCurrentSystemMessage, type Message } from "@earendil-works/pi-ai";
import {
	buildSessionContext,
	createAgentSession,
	type SessionEntry,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { contextEntries, pathTo, promptState } from "../../src/plan/fork-branch.ts";
import type { SessionEntryLike } from "../../src/plan/fork-types.ts";
import { fauxAssistantMessage, fauxRuntime } from "../support/faux-runtime.ts";
import { tempDir } from "../support/temp.ts";

/** A real session: two runs with a tool change between them, then a compaction, then a third run. */
async function realSession(): Promise<SessionManager> {
	const faux = await fauxRuntime();
	const cwd = tempDir();
	const sessionManager = SessionManager.inMemory(cwd);
	const { session } = await createAgentSession({
		cwd,
		agentDir: faux.agentDir,
		modelRuntime: faux.runtime,
		model: faux.runtime.getModel(faux.provider, faux.model),
		thinkingLevel: "off",
		sessionManager,
		settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
	});
	try {
		faux.script([fauxAssistantMessage("one"), fauxAssistantMessage("two"), fauxAssistantMessage("three")]);
		await session.prompt("first");
		session.setActiveToolsByName(["read", "grep"]);
		await session.prompt("second");
		const kept = sessionManager.getEntries().findLast((e) => e.type === "message" && e.message.role === "user");
		sessionManager.appendCompaction("Summary of the first two runs.", kept?.id ?? null, 100);
		session.setActiveToolsByName(["read", "grep", "ls"]);
		await session.prompt("third");
	} finally {
		session.dispose();
	}
	return sessionManager;
}

const asLike = (entries: SessionEntry[]) => entries as unknown as SessionEntryLike[];

describe("the inherited branch, replayed as Pi replays it", () => {
	it("has Pi's system prompt sections and tools at every point of a real session", async () => {
		const manager = await realSession();
		const entries = manager.getEntries();
		let checked = 0;
		for (const leaf of entries) {
			const pi = getCurrentSystemMessage(buildSessionContext(entries, leaf.id).messages as unknown as Message[]);
			const ours = promptState(contextEntries(pathTo(asLike(entries), leaf.id)));
			expect(ours.sections, leaf.id).toEqual(pi?.sections ?? {});
			expect(JSON.stringify(ours.tools), leaf.id).toBe(JSON.stringify(pi?.toolsAdded ?? []));
			expect(ours.freeText).toBe(false);
			if (pi?.sections) checked++;
		}
		expect(checked).toBeGreaterThan(5);
		const last = promptState(contextEntries(pathTo(asLike(entries), manager.getLeafId())));
		expect(last.tools.map((t) => t.name)).toEqual(["read", "grep", "ls"]);
	});

	it("takes the path from the root to the leaf, and from a compaction on only what Pi sends", async () => {
		const manager = await realSession();
		const entries = asLike(manager.getEntries());
		const leaf = manager.getLeafId();
		expect(pathTo(entries, leaf).map((e) => e.id)).toEqual(manager.getBranch().map((e) => e.id));
		const context = contextEntries(pathTo(entries, leaf));
		const pi = manager.buildContextEntries().map((e) => e.id);
		expect(context.map((e) => e.id)).toEqual(pi);
		expect(context[0]?.type).toBe("compaction");
		expect(pathTo(entries, null)).toEqual([]);
		expect(pathTo(entries, "no-such-id")).toEqual([]);
	});
});
