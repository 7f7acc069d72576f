/**
 * How a `fork` call and its result are drawn in the TUI: the call as its brief (or how many), the
 * result as one line per fork — "answered" (its answer is prose nobody checked, so the row claims no
 * check), FAIL or stopped, with its time and dollars — and the whole report when expanded. A call
 * the fork-gate blocked, or one that threw, reaches the renderer as Pi makes every such result: its
 * reason as text and `details: {}` (pi-agent-core's error result); that text is the row, in the
 * error colour, the gate's reason and the `task(...)` call to make instead shown collapsed too.
 * Loaded on the first render, with pi-tui, so a session that never forks never loads either.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import { inline } from "../format/child-text.ts";
import { formatSeconds, formatUsd, plural } from "../format/numbers.ts";
import { terminalSafe } from "../format/text.ts";
import { GATE_RULE_SENTENCE } from "../gate/reason.ts";
import { cut, expandKey, FitLines, whole } from "./fit.ts";
import type { ForkDetails, ForkParams, ForkSummary } from "./fork-call.ts";
import { forkWord, WORD_COLOUR } from "./row-words.ts";

export function renderForkCall(args: Partial<ForkParams>, theme: Theme): Component {
	const briefs = [
		...(typeof args.brief === "string" ? [args.brief] : []),
		...(Array.isArray(args.briefs) ? args.briefs.filter((b) => typeof b === "string") : []),
	];
	const count = briefs.length > 1 ? ` ${briefs.length} briefs` : "";
	const from = typeof args.from === "string" ? theme.fg("muted", ` · from ${args.from}`) : "";
	const head = `${theme.fg("toolTitle", theme.bold("fork"))}${theme.fg("accent", count)}${from}`;
	const first = briefs[0] ? [cut(theme.fg("dim", briefs[0].trim().split("\n")[0] ?? ""))] : [];
	return new FitLines([cut(head), ...first]);
}

/** Whether Pi's result text is the fork-gate's reason (gate/reason.ts opens every one with these words). */
const isBlocked = (text: string) => text.trimStart().startsWith("Fork blocked");

/**
 * A blocked call: BLOCKED in the error colour, the reason's lines and every `task(...)` call to make
 * instead; collapsed, the rule sentence (the same on every block) is left for the expanded view.
 */
function blockedRows(text: string, expanded: boolean, theme: Theme): Component {
	const lines = terminalSafe(text.trim()).split("\n");
	const shown = expanded ? lines : lines.filter((l) => l.trim() !== GATE_RULE_SENTENCE);
	const head = theme.fg("error", theme.bold("BLOCKED · a task, not a fork"));
	const body = shown.map((line) =>
		/^\s*(task\(\{|\}\)|[a-z_]+: )/.test(line)
			? whole(line, (piece) => theme.fg("accent", piece))
			: whole(line, (piece) => theme.fg("error", piece)),
	);
	return new FitLines([cut(head), ...body]);
}

/** A result without a fork's details (a thrown error, an old session): its text, the first line in the error colour when it failed. */
function textRows(text: string, isError: boolean, expanded: boolean, theme: Theme): Component {
	const [head = "", ...rest] = terminalSafe(text).split("\n");
	const first = whole(head, (piece) => (isError ? theme.fg("error", theme.bold(piece)) : piece));
	if (expanded || rest.length === 0 || !isError) return new FitLines([first, ...rest.map((l) => whole(l))]);
	const problem = rest.find((line) => line.trimStart().startsWith("✗"));
	return new FitLines([
		first,
		...(problem ? [cut(theme.fg("error", problem))] : []),
		cut(theme.fg("dim", `(${expandKey()} for all of it)`)),
	]);
}

/** One fork's line: its end word, id, time and dollars; a FAIL's first problem under it. */
function forkLines(fork: Partial<ForkSummary>, theme: Theme): ReturnType<typeof cut>[] {
	const word = forkWord({ verdict: fork.verdict === "PASS" ? "PASS" : "FAIL", stopped: fork.stopped === true });
	const shown = word === "FAIL" ? theme.bold(word) : word;
	const figures = [
		...(typeof fork.elapsedS === "number" ? [formatSeconds(fork.elapsedS)] : []),
		...(typeof fork.usage?.costUsd === "number" ? [formatUsd(fork.usage.costUsd)] : []),
		word === "answered" ? "unverified prose" : undefined,
	].filter((f): f is string => f !== undefined);
	const id = theme.fg("accent", inline(String(fork.id ?? "fork")));
	const line = cut(`${theme.fg(WORD_COLOUR[word], shown)} ${id} ${theme.fg("muted", `· ${figures.join(" · ")}`)}`);
	const problems = Array.isArray(fork.problems) ? fork.problems : [];
	const first = problems[0];
	if (word === "stopped") return [line, cut(theme.fg("muted", "  stopped by the caller before it finished"))];
	if (word !== "FAIL" || first === undefined) return [line];
	const more = problems.length > 1 ? ` (+${problems.length - 1})` : "";
	return [line, cut(theme.fg("error", `  ✗ ${terminalSafe(inline(String(first)))}${more}`))];
}

export function renderForkResult(
	details: ForkDetails | Record<string, never> | undefined,
	text: string,
	expanded: boolean,
	theme: Theme,
	isError = false,
): Component {
	const known = details && "kind" in details ? (details as ForkDetails) : undefined;
	if (known?.kind === "progress") {
		return new FitLines(
			String(known.line ?? "")
				.split("\n")
				.map((l) => cut(theme.fg("muted", l))),
		);
	}
	// Anything but a fork's results — the `{}` of a blocked or thrown call, a background call's run
	// ids, a partial or unknown shape — is drawn from the result's text.
	if (known?.kind !== "forks" || !Array.isArray(known.results)) {
		return isBlocked(text) ? blockedRows(text, expanded, theme) : textRows(text, isError, expanded, theme);
	}
	if (expanded && typeof known.report === "string") {
		const [head = "", ...rest] = known.report.replace(/\n+$/, "").split("\n");
		const colour = known.results.some((r) => r.verdict === "FAIL" && r.stopped !== true) ? "error" : "muted";
		return new FitLines([whole(head, (piece) => theme.fg(colour, theme.bold(piece))), ...rest.map((l) => whole(l))]);
	}
	const lines = known.results.flatMap((r) => forkLines(r, theme));
	if (known.results.length > 1) {
		const usd = known.results.reduce((sum, r) => sum + (r.usage?.costUsd ?? 0), 0);
		lines.unshift(cut(theme.fg("muted", `${plural(known.results.length, "fork")} · ${formatUsd(usd)}`)));
	}
	return new FitLines(lines);
}

export { spacedAbove } from "./fit.ts";
