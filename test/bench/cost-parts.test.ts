/** The cost benchmark's item-by-item attribution, read from the emulator's request log. */
import { describe, expect, it } from "vitest";
import { type LogEntry, SONNET } from "../../bench/emulator/index.ts";
import { attribution, type PartsCell } from "../../bench/support/cost-attribution.ts";
import { costParts, peakChildren } from "../../bench/support/cost-parts.ts";

interface Request {
	seq: number;
	label: string;
	conversation?: string;
	turn?: number;
	clockAt?: number;
	/** Tools by name and size, then a system block, then messages up to `total`. */
	tools: Array<[string, number]>;
	system: number;
	total: number;
	usage: { read?: number; w1h?: number; w5m?: number; output?: number };
	writes?: Array<{ hash: string; tokens: number; ttl: "5m" | "1h" }>;
	read?: string;
	span?: [number, number];
}

function entry(r: Request): LogEntry {
	let end = 0;
	const chain = r.tools.map(([name, tokens]) => {
		end += tokens;
		return { hash: `${r.label}-${name}`, end };
	});
	chain.push({ hash: `${r.label}-system`, end: end + r.system });
	chain.push({ hash: r.read ?? `${r.label}-${r.seq}-messages`, end: r.total });
	for (const w of r.writes ?? [])
		if (!chain.some((b) => b.hash === w.hash)) chain.push({ hash: w.hash, end: w.tokens });
	const read = r.usage.read ?? 0;
	const written = (r.usage.w1h ?? 0) + (r.usage.w5m ?? 0);
	return {
		seq: r.seq,
		receivedAt: r.span?.[0] ?? 0,
		respondedAt: r.span?.[1] ?? 0,
		clockAt: r.clockAt ?? r.seq,
		path: "/v1/messages",
		label: r.label,
		conversation: r.conversation ?? r.label,
		turn: r.turn ?? 0,
		stream: true,
		status: 200,
		outcome: "ok",
		prompt: {
			tokens: r.total,
			blocks: chain.length,
			toolsHash: "",
			toolNames: r.tools.map(([name]) => name),
			systemHash: `${r.label}-system`,
			breakpoints: [],
			chain,
		},
		...(r.read ? { read: { hash: r.read, tokens: read, path: "" } } : {}),
		writes: (r.writes ?? []).map((w) => ({ ...w, path: "" })),
		belowMinimum: [],
		usage: {
			input_tokens: r.total - read - written,
			cache_creation_input_tokens: written,
			cache_read_input_tokens: read,
			cache_creation: { ephemeral_5m_input_tokens: r.usage.w5m ?? 0, ephemeral_1h_input_tokens: r.usage.w1h ?? 0 },
			output_tokens: r.usage.output ?? 0,
			service_tier: "standard",
		},
	};
}

const usd = (perMillion: number, tokens: number) => (perMillion * tokens) / 1_000_000;
const p = SONNET.prices;

describe("costParts", () => {
	it("prices each tool definition and the system prompt at the bands they fell in, request by request", () => {
		// Read 1,000 (the `read` tool and 500 of `task`), write 1h up to 1,600, then input.
		const first = entry({
			seq: 1,
			label: "parent",
			tools: [
				["read", 500],
				["task", 1000],
			],
			system: 300,
			total: 2000,
			usage: { read: 1000, w1h: 600 },
		});
		const parts = costParts([first], [], SONNET);
		expect(parts["parent.tool.task.tokens"]).toBe(1000);
		expect(parts["parent.tool.task.usd"]).toBeCloseTo(usd(p.cacheRead, 500) + usd(p.cacheWrite1h, 500), 12);
		expect(parts["parent.system.tokens"]).toBe(300);
		expect(parts["parent.system.usd"]).toBeCloseTo(usd(p.cacheWrite1h, 100) + usd(p.input, 200), 12);
	});

	it("counts a write nothing later reads, at its price over plain input, and not one a later request reads", () => {
		const entries = [
			entry({
				seq: 1,
				label: "parent",
				tools: [["read", 1500]],
				system: 100,
				total: 2000,
				usage: { w5m: 2000 },
				writes: [{ hash: "parent-1-messages", tokens: 2000, ttl: "5m" }],
			}),
			entry({
				seq: 2,
				label: "child",
				tools: [["read", 1500]],
				system: 100,
				total: 1800,
				usage: { w1h: 1800 },
				writes: [{ hash: "child-2-messages", tokens: 1800, ttl: "1h" }],
			}),
			entry({
				seq: 3,
				label: "parent",
				turn: 1,
				tools: [["read", 1500]],
				system: 100,
				total: 2500,
				read: "parent-1-messages",
				usage: { read: 2000 },
			}),
		];
		const parts = costParts(entries, [400], SONNET);
		expect(parts["parent.unreadWrites.tokens"]).toBe(0);
		expect(parts["child.lastUnreadWrites.tokens"]).toBe(1800);
		expect(parts["child.lastUnreadWrites.usd"]).toBeCloseTo(usd(p.cacheWrite1h - p.input, 1800), 12);
		// The report is the last 400 tokens of the request after the burst, billed there as input.
		expect(parts["reports.usd"]).toBeCloseTo(usd(p.input, 400), 12);
	});

	it("counts a 1-hour write every read of which came within 5 minutes, at the hour's price over 5 minutes", () => {
		const parent = (seq: number, clockAt: number, more: Partial<Request>) =>
			entry({ seq, clockAt, label: "parent", tools: [["read", 1500]], system: 100, total: 2000, usage: {}, ...more });
		const written = { w1h: 2000 };
		const hour = [{ hash: "parent-1-messages", tokens: 2000, ttl: "1h" as const }];
		const soon = [
			parent(1, 0, { usage: written, writes: hour }),
			parent(2, 60_000, { read: "parent-1-messages", usage: { read: 2000 } }),
		];
		const late = [soon[0]!, parent(2, 6 * 60_000, { read: "parent-1-messages", usage: { read: 2000 } })];
		expect(costParts(soon, [], SONNET)["parent.shortHourWrites.usd"]).toBeCloseTo(
			usd(p.cacheWrite1h - p.cacheWrite5m, 2000),
			12,
		);
		expect(costParts(late, [], SONNET)["parent.shortHourWrites.tokens"]).toBe(0);
	});
});

describe("peakChildren counts children whose first request to last answer overlap", () => {
	/** Each child's conversation and the span of one of its requests, in the order they were sent. */
	const cases: Array<[string, Array<[string, [number, number]]>, number]> = [
		[
			"one ending as the next but one starts",
			[
				["a", [0, 10]],
				["b", [5, 15]],
				["c", [10, 20]],
			],
			2,
		],
		[
			"one inside the gap between another's requests",
			[
				["a", [0, 10]],
				["a", [20, 30]],
				["b", [11, 19]],
			],
			2,
		],
	];
	it.each(cases)("%s", (_, requests, peak) => {
		const children = requests.map(([conversation, span], i) =>
			entry({ seq: i + 1, label: "child", conversation, tools: [], system: 0, total: 10, usage: {}, span }),
		);
		expect(peakChildren(children)).toBe(peak);
	});
});

describe("attribution splits the parent's added prefix by part and nets out the definition naive carries instead", () => {
	const cell = (role: string, dollars: number, parts: Record<string, number>): PartsCell => ({
		workload: { id: "burst-4", label: "burst of 4", children: 4, bursts: 1 },
		model: SONNET.id,
		role,
		median: { dollars, parts },
	});

	const pd = {
		"parent.tool.read.tokens": 100,
		"parent.tool.read.usd": 0.001,
		"parent.tool.task.tokens": 600,
		"parent.tool.task.usd": 0.006,
		"parent.system.tokens": 400,
		"parent.system.usd": 0.004,
		"child.handBack.tokens": 60,
	};
	const naive = {
		"parent.tool.read.tokens": 100,
		"parent.tool.subagent.tokens": 300,
		"parent.system.tokens": 200,
		"child.handBack.tokens": 15,
	};
	const items = attribution([cell("pi-delegate", 0.1, pd), cell("baseline", 0.08, naive)], SONNET, "burst-4");
	const of = (start: string) => items.find((i) => i.item.startsWith(start))!;

	it.each([
		["`task`", 600],
		["delegation rule", 200],
		["= the parent's added prefix", 500],
		["hand-back", 45],
	])("counts the item %s at %i tokens", (start, tokens) => {
		expect(of(start).tokens).toBe(tokens);
	});

	it.each<[string, "usd" | "share", number]>([
		["`task`", "share", 0.06],
		// Naive's `subagent` is priced at what pi-delegate paid per token of its tools (0.007 / 700).
		["less naive's `subagent`", "usd", -0.003],
		["delegation rule", "usd", 0.002],
		["hand-back", "usd", usd(p.output, 45 * 4)],
	])("puts the item %s's %s at %d", (start, field, value) => {
		expect(of(start)[field]).toBeCloseTo(value, 12);
	});
});
