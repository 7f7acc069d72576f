/**
 * What the JSON reader costs next to JSON.parse, side by side in one process, medians over repeated
 * runs, on three texts: a settings file, a task spec, and a 1 MiB document of nested objects and
 * lists. readJson does more (positions, duplicate keys, a position tree for every value), so the
 * question is whether it stays negligible at the sizes it is used at, and how it scales.
 */
import { renderTable } from "../src/format/table.ts";
import { locate } from "../src/json/locate.ts";
import { readJson } from "../src/json/read.ts";
import type { Bench } from "./run.ts";

function median(runs: number, fn: () => unknown): number {
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		fn();
		times.push(performance.now() - start);
	}
	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)] ?? 0;
}

const SETTINGS = JSON.stringify(
	{
		theme: "dark",
		defaultModel: "claude-sonnet-4-5",
		"pi-delegate": {
			contextModes: {
				lean: {
					inheritProjectContext: false,
					inheritMainRules: false,
					inheritSkills: true,
					systemPromptMode: "append",
				},
			},
			effortProfiles: {
				fast: "anthropic/claude-haiku-4-5",
				deep: { model: "anthropic/claude-opus-4-5", thinking: "high" },
			},
			runner: "subprocess",
			providerExtensions: ["~/.pi/agent/extensions/provider.ts"],
		},
	},
	null,
	2,
);

const SPEC = JSON.stringify(
	{
		id: "fix-rounding",
		goal: "Find why invoice totals are off by a cent and fix it.",
		deliverable: "A patch and the test that shows the fix.",
		roots: ["/work/ledger"],
		write_allowed: ["/work/ledger/src", "/work/ledger/test"],
		context: {
			facts: ["Amounts are integers in cents."],
			files: ["/work/ledger/src/total.ts"],
			commands: ["npm test"],
		},
		budget: { wall_s: 600, usd: 1, turns: 60 },
	},
	null,
	2,
);

function bigText(bytes: number): string {
	const items: unknown[] = [];
	let i = 0;
	while (JSON.stringify(items).length < bytes) {
		items.push({
			id: i,
			name: `item ${i} — ünïcode 😀`,
			tags: ["a", "b", String(i)],
			price: i * 1.25,
			ok: i % 2 === 0,
		});
		i++;
	}
	return JSON.stringify({ items }, null, 1);
}

const bench: Bench = async ({ quick }) => {
	const texts: Array<[string, string, number]> = [
		["settings file", SETTINGS, quick ? 200 : 2001],
		["task spec", SPEC, quick ? 200 : 2001],
		["1 MiB document", bigText(1 << 20), quick ? 5 : 31],
	];
	const data: Record<string, unknown>[] = [];
	const rows: string[][] = [];
	for (const [label, text, runs] of texts) {
		JSON.parse(text);
		readJson(text);
		const parseMs = median(runs, () => JSON.parse(text));
		const readMs = median(runs, () => readJson(text));
		const read = readJson(text);
		const locateMs = read.ok ? median(runs, () => locate(read, ["items", 1000, "name"]).position) : 0;
		data.push({ label, bytes: text.length, runs, parseMs, readMs, locateMs, ratio: readMs / parseMs });
		rows.push([label, String(text.length), parseMs.toFixed(4), readMs.toFixed(4), (readMs / parseMs).toFixed(1)]);
	}
	return {
		name: "json",
		table: renderTable(["text", "chars", "JSON.parse ms", "readJson ms", "× JSON.parse"], rows, [
			"left",
			"right",
			"right",
			"right",
			"right",
		]),
		data,
	};
};

export default bench;
