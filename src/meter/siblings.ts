/**
 * Siblings: children that send the same model, tools and system prompt, so one could read the
 * prefix another wrote. A child's first request is linked to the sibling whose first request came
 * just before it (the most recent writer of that prefix); the miss analysis then compares the two,
 * and names the sibling when its request was still running (its write not yet readable).
 *
 * Only a sibling that started less than an hour earlier is linked: no cache entry lives longer, so
 * an older one could never have saved anything and comparing with it would only invent a miss.
 *
 * The executor may set `siblingOf` itself (it knows which child a prefix gate let through first);
 * a link already present, or a fork's inheritance, is never replaced.
 */
import type { RequestRecord } from "./types.ts";

/** The longest cache lifetime a provider offers (Anthropic's 1-hour entries). */
const LONGEST_LIFETIME_MS = 60 * 60_000;

interface First {
	lineage: string;
	at: number;
	position: number;
}

/** Returns the records with `siblingOf` set on each linked first request (the input is not changed). */
export function linkSiblings(records: readonly RequestRecord[]): RequestRecord[] {
	const firsts = new Map<string, { record: RequestRecord; position: number }>();
	records.forEach((record, position) => {
		if (record.purpose === "turn" && !firsts.has(record.lineage)) firsts.set(record.lineage, { record, position });
	});
	const byGroup = new Map<string, First[]>();
	for (const { record, position } of firsts.values()) {
		if (record.group === undefined) continue;
		const list = byGroup.get(record.group) ?? [];
		list.push({ lineage: record.lineage, at: record.at, position });
		byGroup.set(record.group, list);
	}
	const links = new Map<number, string>();
	for (const list of byGroup.values()) {
		const ordered = [...list].sort((a, b) => a.at - b.at || a.position - b.position);
		ordered.forEach((first, i) => {
			const earlier = ordered[i - 1];
			if (earlier && first.at - earlier.at < LONGEST_LIFETIME_MS) links.set(first.position, earlier.lineage);
		});
	}
	return records.map((record, position) => {
		const sibling = links.get(position);
		if (sibling === undefined || record.siblingOf !== undefined || record.inherits !== undefined) return record;
		return { ...record, siblingOf: sibling };
	});
}
