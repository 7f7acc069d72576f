/**
 * How a `fork` call and its result are drawn in the TUI: the call as its brief (or how many), the
 * result as one verdict line per fork, the whole report when expanded. Loaded on the first render,
 * with pi-tui, so a session that never forks never loads either.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import type { ForkDetails, ForkParams } from "./fork-call.ts";

export function renderForkCall(args: Partial<ForkParams>, theme: Theme): Text {
	const briefs = [...(args.brief ? [args.brief] : []), ...(args.briefs ?? [])];
	const count = briefs.length > 1 ? ` ${briefs.length} briefs` : "";
	const from = args.from ? theme.fg("muted", ` · from ${args.from}`) : "";
	const first = briefs[0] ? `\n${theme.fg("dim", (briefs[0].split("\n")[0] ?? "").slice(0, 100))}` : "";
	return new Text(`${theme.fg("toolTitle", theme.bold("fork"))}${theme.fg("accent", count)}${from}${first}`, 0, 0);
}

export function renderForkResult(
	details: ForkDetails | undefined,
	text: string,
	expanded: boolean,
	theme: Theme,
): Text {
	if (!details) return new Text(text, 0, 0);
	if (details.kind === "progress") return new Text(theme.fg("muted", details.line), 0, 0);
	if (details.kind === "background") return new Text(text, 0, 0);
	if (expanded) return new Text(details.report, 0, 0);
	const lines = details.results.map((r) => {
		const verdict = theme.fg(r.verdict === "PASS" ? "success" : "error", theme.bold(r.verdict));
		return `${verdict} ${theme.fg("muted", `${r.id} · unverified prose`)}`;
	});
	return new Text(lines.join("\n"), 0, 0);
}
