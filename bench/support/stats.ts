/** Figures for benchmarks: medians, ratios, and their display. */

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
