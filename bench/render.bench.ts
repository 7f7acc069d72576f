/**
 * What it costs to know exactly what a child will send. Side by side, in one process, medians over
 * repeated runs:
 * - build: `buildChildView` alone (the pure function);
 * - render: `renderChildView` — a throwaway Pi session built from the view, prompt read back;
 * - plain session: the same child built the ungoverned way, Pi's DefaultResourceLoader discovering
 *   the project's files (offline), prompt read back — what any Pi child costs before it runs.
 * The ratios say whether rendering every child for its audit record is cheap next to starting it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryCredentialStore, InMemoryModelsStore } from "@earendil-works/pi-ai";
import {
	createAgentSession,
	DefaultResourceLoader,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { createModeRegistry } from "../src/context/modes.ts";
import { renderTable } from "../src/format/table.ts";
import { loadParentPrompt } from "../src/host/load-parent.ts";
import { renderChildView } from "../src/host/render.ts";
import { withSubmit } from "../src/plan/tools.ts";
import { buildChildView } from "../src/prompt/child-view.ts";
import { TASK_WORKER } from "../src/prompt/task-worker.ts";
import type { Bench } from "./run.ts";

function project(): { root: string; cwd: string; agentDir: string } {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-render-bench-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	mkdirSync(join(agentDir, "skills", "notes"), { recursive: true });
	writeFileSync(join(cwd, "AGENTS.md"), "# Ledger\n\nAmounts are integers in cents.\n".repeat(20));
	writeFileSync(join(cwd, ".pi", "APPEND_SYSTEM.md"), "Split the work into waves of child agents.\n");
	writeFileSync(join(agentDir, "skills", "notes", "SKILL.md"), "---\nname: notes\ndescription: Notes.\n---\n");
	return { root, cwd, agentDir };
}

async function median(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		await fn();
		times.push(performance.now() - start);
	}
	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)] ?? 0;
}

const bench: Bench = async ({ quick }) => {
	const { root, ...where } = project();
	try {
		return await measure(where, quick);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};

async function measure(where: { cwd: string; agentDir: string }, quick: boolean) {
	const runs = quick ? 15 : 101;
	const { parent } = await loadParentPrompt({ ...where, projectTrusted: true });
	const tools = withSubmit(["read", "grep", "find", "ls"]);
	const registry = createModeRegistry();
	const build = () =>
		buildChildView({ kind: TASK_WORKER, registry, parent, tools, firstMessage: "Find the rounding." });
	const runtime = await ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		modelsStore: new InMemoryModelsStore(),
		allowModelNetwork: false,
		refreshOnCreate: false,
	});
	process.env.PI_OFFLINE = "1";
	const plain = async () => {
		const settingsManager = SettingsManager.create(where.cwd, where.agentDir, { projectTrusted: true });
		const resourceLoader = new DefaultResourceLoader({ ...where, settingsManager, noExtensions: true });
		await resourceLoader.reload();
		const { session } = await createAgentSession({
			...where,
			modelRuntime: runtime,
			resourceLoader,
			settingsManager,
			sessionManager: SessionManager.inMemory(where.cwd),
			tools: tools.filter((t) => t !== "submit_result"),
		});
		void session.systemPrompt;
		session.dispose();
	};
	// Warm both paths once so module loading is not measured.
	await renderChildView(build(), where);
	await plain();
	const buildMs = await median(runs * 10, build);
	const renderMs = await median(runs, () => renderChildView(build(), where));
	const plainMs = await median(runs, plain);
	const rows = [
		["build (buildChildView)", buildMs.toFixed(3), (buildMs / plainMs).toFixed(3)],
		["render (renderChildView)", renderMs.toFixed(3), (renderMs / plainMs).toFixed(3)],
		["plain Pi session, default loader", plainMs.toFixed(3), "1.000"],
	];
	return {
		name: "render",
		table: renderTable(["step", "median ms", "× plain session"], rows, ["left", "right", "right"]),
		data: { runs, buildMs, renderMs, plainMs, renderOverPlain: renderMs / plainMs, buildOverPlain: buildMs / plainMs },
	};
}

export default bench;
