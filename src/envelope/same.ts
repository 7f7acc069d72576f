/**
 * Sameness of two envelopes as values: key order and JSON formatting do not matter, every value
 * does. Used to let identical duplicates through and to say exactly where two submissions differ.
 */
import { isRecord } from "../values.ts";

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
	if (isRecord(value)) {
		// Like JSON.stringify, a key whose value is undefined is not there.
		const keys = Object.keys(value)
			.filter((k) => value[k] !== undefined)
			.sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
	}
	return JSON.stringify(value) ?? "undefined";
}

export type PathSegments = Array<string | number>;

/** The paths (as segments) at which `a` and `b` differ, in document order, at most `limit` of them. */
export function differingPaths(a: unknown, b: unknown, limit = 10): PathSegments[] {
	const out: PathSegments[] = [];
	const walk = (x: unknown, y: unknown, at: PathSegments): void => {
		if (out.length >= limit) return;
		if (Array.isArray(x) && Array.isArray(y)) {
			for (let i = 0; i < Math.max(x.length, y.length); i++) walk(x[i], y[i], [...at, i]);
		} else if (isRecord(x) && isRecord(y)) {
			const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
			for (const k of keys) walk(x[k], y[k], [...at, k]);
		} else if (canonicalJson(x) !== canonicalJson(y)) {
			out.push(at);
		}
	};
	walk(a, b, []);
	return out;
}
