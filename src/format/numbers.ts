/**
 * How numbers read in every report, table and status line — the CLI's and Pi's alike — so one cost
 * never prints two ways. Pure.
 */

/**
 * Dollars: two decimals from $1 up; below that up to four, trimmed to no fewer than two, so a
 * child's $0.0123 stays visible and a $0.50 budget does not read as $0.5000.
 */
export function formatUsd(usd: number): string {
	if (!Number.isFinite(usd)) return `$${usd}`;
	const sign = usd < 0 ? "-" : "";
	const abs = Math.abs(usd);
	if (abs === 0) return "$0.00";
	if (abs < 0.0001) return `${sign}<$0.0001`;
	if (abs >= 1) return `${sign}$${abs.toFixed(2)}`;
	return `${sign}$${abs.toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1")}`;
}

/**
 * A count with thousands separators: 161,744. Written out rather than `toLocaleString`: the first
 * locale call loads ICU's number formatting, about 12 ms — a fifth of a `validate` process.
 */
export function formatInt(n: number): string {
	if (!Number.isFinite(n)) return String(n);
	const whole = Math.round(n);
	return (whole < 0 ? "-" : "") + String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A token count short enough for a status line: 1,948 · 12.3k · 4.1M. */
export function compactCount(n: number): string {
	if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
	if (n >= 10_000) return `${(n / 1000).toFixed(1)}k`;
	return formatInt(n);
}

/** "1 turn", "2 turns", "0 changes". */
export function plural(count: number, word: string, many = `${word}s`): string {
	return `${formatInt(count)} ${count === 1 ? word : many}`;
}

/** Seconds with one decimal: "5.2 s". */
export function formatSeconds(seconds: number): string {
	return `${seconds.toFixed(1)} s`;
}

/** A ratio as a whole percentage: "67%". */
export function formatPercent(ratio: number): string {
	return `${Math.round(ratio * 100)}%`;
}

/** A size in bytes, in binary units with one decimal above a KiB: "512 B", "64.0 MiB", "20.0 GiB". */
export function formatBytes(bytes: number): string {
	const units = ["KiB", "MiB", "GiB", "TiB"];
	if (bytes < 1024) return `${formatInt(bytes)} B`;
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${value.toFixed(1)} ${units[unit]}`;
}
