/** Figures for benchmarks: medians, ratios, their display, and the footer under a timing table. */
import { cpus, loadavg } from "node:os";

export function median(values: readonly number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `value / base`, NaN when either is missing. */
export function ratio(value: number, base: number): number {
	return Number.isFinite(value) && Number.isFinite(base) && base !== 0 ? value / base : Number.NaN;
}

export const show = {
	ms: (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "—"),
	mib: (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} MiB` : "—"),
	/** Two decimals, or two significant digits for ratios under 0.1 (an in-process child's memory). */
	times: (v: number) => (Number.isFinite(v) ? `${v >= 0.1 || v === 0 ? v.toFixed(2) : v.toPrecision(2)}×` : "—"),
	usd: (v: number) => (Number.isFinite(v) ? `$${v.toFixed(5)}` : "—"),
	pct: (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : "—"),
};

/**
 * The two lines that close a timing benchmark's table: the load average when it began and now (on a
 * shared machine, the first thing to read beside a slow figure), and which of its targets it met.
 */
export function footer(
	loadBefore: readonly number[],
	targets: Record<string, boolean>,
	now: { load: readonly number[]; cores: number } = { load: loadavg(), cores: cpus().length },
): string[] {
	const load = (l: readonly number[]) => l.map((v) => v.toFixed(1)).join(" ");
	return [
		`load average before and after: ${load(loadBefore)} / ${load(now.load)} (on ${now.cores} cores)`,
		`targets: ${Object.entries(targets)
			.map(([k, ok]) => `${k} ${ok ? "met" : "NOT met"}`)
			.join(", ")}`,
	];
}
