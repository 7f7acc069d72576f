/** Numbers and causes as the spend view prints them: short enough for an 80-column table. */
import { positionText } from "./prefix.ts";
import type { MissCause } from "./types.ts";

/** 950 · 12.3k · 161k · 1.6M · 16M: four or five characters whatever the count. */
export function shortCount(n: number): string {
	if (n < 999.5) return String(Math.round(n));
	const [value, unit] = n < 999_500 ? [n / 1000, "k"] : [n / 1_000_000, "M"];
	return `${value < 9.95 ? value.toFixed(1) : Math.round(value)}${unit}`;
}

/** $0.0141 below $10 (a child run costs cents), $123.45 above. */
export function dollars(n: number): string {
	return n < 10 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`;
}

/** 87% · — when nothing was billed. */
export function percent(ratio: number | undefined): string {
	return ratio === undefined ? "—" : `${Math.round(ratio * 100)}%`;
}

function minutes(ms: number): string {
	const m = Math.round(ms / 60_000);
	return m < 120 ? `${m}m` : `${Math.round(m / 60)}h`;
}

const LIFETIME_WORDS = { "5m": "5-minute", "1h": "1-hour" } as const;

/** The cause as a summary heading: causes of one kind add up under it. */
export function causeHeading(cause: MissCause): string {
	switch (cause.kind) {
		case "model":
			return "model switch";
		case "idle":
			return `idle past the ${LIFETIME_WORDS[cause.lifetime]} cache`;
		case "prefix":
			return cause.position.at === "message" ? "an earlier message changed" : `${positionText(cause.position)} changed`;
		case "sibling":
			return "sibling's write not readable yet";
		case "unknown":
			return "cause not observed";
	}
}

/** The cause of one miss, with its particulars. */
export function causeDetail(cause: MissCause, label: (lineage: string) => string = (l) => l): string {
	switch (cause.kind) {
		case "model": {
			// The provider is left out when both models have the same one: the table has little room.
			const [from, to] = [cause.from.split("/")[0], cause.to.split("/")[0]];
			return `model switch to ${from === to ? cause.to.slice(to!.length + 1) : cause.to}`;
		}
		case "idle":
			return `idle ${minutes(cause.idleMs)}, past the ${LIFETIME_WORDS[cause.lifetime]} cache`;
		case "prefix":
			return `${positionText(cause.position)} changed`;
		case "sibling":
			return `sibling ${label(cause.sibling)} still writing it`;
		case "unknown":
			return "cause not observed";
	}
}
