/**
 * Where pi-delegate's dollars go beyond what the naive layout pays, item by item, as a share of
 * pi-delegate's bill at each size and for the session: the parent's added prefix by part (each tool
 * definition naive's parent does not carry, less the ones it does, and the system prompt beyond
 * naive's: the delegation rule and roster), what the children's prefixes carry beyond naive's
 * (submit_result's definition), the hand-back's extra output, the cache writes nothing read, and the
 * reports beyond naive's. Every figure is a median of the run's parts (cost-parts.ts), read from
 * the emulator's log, so a change to the prompts or the cache placement moves them.
 */
import { renderTable } from "../../src/format/table.ts";
import type { EmulatedModel } from "../emulator/index.ts";
import type { Parts } from "./cost-parts.ts";
import { show } from "./stats.ts";

/** What the attribution reads of a benchmark cell. */
export interface PartsCell {
	workload: { id: string; label: string; children: number; bursts: number };
	model: string;
	role: string;
	median: { dollars: number; parts: Parts };
}

export interface Item {
	item: string;
	/** Tokens, in the unit the item names (per request, per child or per burst). */
	tokens: number;
	usd: number;
	/** `usd` over pi-delegate's whole bill. */
	share: number;
}

const toolsOf = (parts: Parts, side: string) =>
	Object.keys(parts)
		.filter((k) => k.startsWith(`${side}.tool.`) && k.endsWith(".tokens"))
		.map((k) => k.slice(`${side}.tool.`.length, -".tokens".length));

/**
 * Tool definitions one side carries that the other does not, as signed items. One naive carries and
 * pi-delegate does not is priced at what pi-delegate paid per token of its own tool definitions:
 * what it would have saved by carrying naive's instead.
 */
function toolItems(pd: Parts, naive: Parts, side: "parent" | "child", where: string): Array<Omit<Item, "share">> {
	const ours = toolsOf(pd, side);
	const theirs = toolsOf(naive, side);
	const sum = (suffix: string) => ours.reduce((total, t) => total + (pd[`${side}.tool.${t}.${suffix}`] ?? 0), 0);
	const perToken = sum("tokens") === 0 ? 0 : sum("usd") / sum("tokens");
	const added = ours
		.filter((t) => !theirs.includes(t))
		.map((t) => ({
			item: `\`${t}\` definition in ${where}`,
			tokens: pd[`${side}.tool.${t}.tokens`] ?? 0,
			usd: pd[`${side}.tool.${t}.usd`] ?? 0,
		}));
	const dropped = theirs
		.filter((t) => !ours.includes(t))
		.map((t) => {
			const tokens = naive[`${side}.tool.${t}.tokens`] ?? 0;
			return { item: `less naive's \`${t}\` definition in ${where}`, tokens: -tokens, usd: -tokens * perToken };
		});
	return [...added, ...dropped];
}

/** The items and their sum, as the last item. */
function withTotal(items: Array<Omit<Item, "share">>, total: string): Array<Omit<Item, "share">> {
	const sum = (f: (i: Omit<Item, "share">) => number) => items.reduce((s, i) => s + f(i), 0);
	return [...items, { item: total, tokens: sum((i) => i.tokens), usd: sum((i) => i.usd) }];
}

/** The parent's prefix beyond naive's: tools by part, then the system prompt's difference. */
function prefixItems(pd: Parts, naive: Parts): Array<Omit<Item, "share">> {
	const tools = toolItems(pd, naive, "parent", "the parent's prefix");
	const system = pd["parent.system.tokens"] ?? 0;
	const extra = system - (naive["parent.system.tokens"] ?? 0);
	const rule = {
		item: "delegation rule + roster (the parent's system prompt beyond naive's)",
		tokens: extra,
		usd: system === 0 ? 0 : ((pd["parent.system.usd"] ?? 0) * extra) / system,
	};
	return withTotal([...tools, rule], "= the parent's added prefix (tokens per request)");
}

/** Every item for one workload on one model, or none when either layout is missing. */
export function attribution(cells: readonly PartsCell[], model: EmulatedModel, workload: string): Item[] {
	const at = (role: string) => cells.find((c) => c.model === model.id && c.workload.id === workload && c.role === role);
	const ours = at("pi-delegate");
	const base = at("baseline");
	if (!ours || !base) return [];
	const pd = ours.median.parts;
	const naive = base.median.parts;
	const children = ours.workload.children * ours.workload.bursts;
	const handBack = (pd["child.handBack.tokens"] ?? 0) - (naive["child.handBack.tokens"] ?? 0);
	const reports = pd["reports.tokens"] ?? 0;
	const extraReports = reports - (naive["reports.tokens"] ?? 0);
	const items = [
		...prefixItems(pd, naive),
		...withTotal(
			toolItems(pd, naive, "child", "each child's prefix"),
			"= each child's added prefix (tokens per request)",
		),
		{
			item: "hand-back: output tokens per child beyond naive's plain answer",
			tokens: handBack,
			usd: (handBack * children * model.prices.output) / 1_000_000,
		},
		{
			item: "parent's cache writes nothing read (tokens in all; $ over plain input)",
			tokens: pd["parent.unreadWrites.tokens"] ?? 0,
			usd: pd["parent.unreadWrites.usd"] ?? 0,
		},
		{
			item: "parent's 1-hour writes read only within 5 minutes (tokens in all; $ over a 5-minute write)",
			tokens: pd["parent.shortHourWrites.tokens"] ?? 0,
			usd: pd["parent.shortHourWrites.usd"] ?? 0,
		},
		{
			item: "children's last-request writes nothing read (tokens per child; $ over plain input)",
			tokens: pd["child.lastUnreadWrites.tokens"] ?? 0,
			usd: pd["child.lastUnreadWrites.usd"] ?? 0,
		},
		{
			item: "reports the parent reads beyond naive's (tokens per burst)",
			tokens: extraReports,
			usd: reports === 0 ? 0 : ((pd["reports.usd"] ?? 0) * extraReports) / reports,
		},
	];
	return items.map((i) => ({ ...i, share: i.usd / ours.median.dollars }));
}

/** Every model's items per workload, for the results file. */
export function attributionData(cells: readonly PartsCell[], models: readonly EmulatedModel[]) {
	return Object.fromEntries(
		models.map((m) => {
			const workloads = [...new Set(cells.filter((c) => c.model === m.id).map((c) => c.workload.id))];
			return [m.id, Object.fromEntries(workloads.map((w) => [w, attribution(cells, m, w)]))];
		}),
	);
}

/** The attribution tables, one per model: an item per row, a workload per column. */
export function attributionLines(cells: readonly PartsCell[], models: readonly EmulatedModel[]): string[] {
	return models.flatMap((m) => {
		const model = m;
		const workloads = [...new Map(cells.filter((c) => c.model === m.id).map((c) => [c.workload.id, c.workload]))];
		const columns = workloads.map(([id]) => attribution(cells, model, id));
		const items = columns.find((c) => c.length > 0)?.map((i) => i.item) ?? [];
		if (items.length === 0) return [];
		const rows = items.map((item) => [
			item,
			...columns.map((col) => {
				const found = col.find((i) => i.item === item);
				return found ? `${Math.round(found.tokens)} · ${show.pct(found.share)}` : "—";
			}),
		]);
		const header = [
			"where pi-delegate's dollars go beyond naive's (tokens · share of its bill)",
			...workloads.map(([, w]) => w.label),
		];
		const align = header.map((_, i) => (i === 0 ? "left" : "right")) as Array<"left" | "right">;
		return [`${m.id}:`, renderTable(header, rows, align), ""];
	});
}
