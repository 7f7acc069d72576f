/**
 * Which calls of a resumed run replay. The run begins from an earlier run's journal and replays the
 * longest unchanged prefix of its calls, in the order the script issues them: a call replays while
 * every call issued before it replayed and the journal holds an unused entry with its hash; the
 * first call that is not found ends the prefix, and it and every call issued after it run. So a
 * change to the third call's prompt reruns the third call and all after it, never the first two.
 *
 * Within the prefix a call is found by its hash, not its position: concurrent calls (`parallel`)
 * may be issued in another order than last time, and still replay. Equal hashes are equal calls;
 * each entry replays once, so a call the script makes twice finds both of its results.
 *
 * Never replayed: an entry that was interrupted (stopped by the run's budget, a cancel or a user),
 * and, with `rerunFailed`, one that did not pass. Pure.
 */
import { passed } from "../run/outcome/result.ts";
import type { CallLine } from "./journal.ts";

export type ReplayDecision = { replay: CallLine } | { run: string };

export interface ReplayOptions {
	/** Run again the calls whose recorded result did not pass (FAIL, or an unchecked child that failed). */
	rerunFailed: boolean;
}

const PART_WORDS: Readonly<Record<string, string>> = {
	kind: "its kind (checked or plain)",
	firstMessage: "its prompt or brief",
	prefixKey: "its system prompt, tools, model or Pi version",
	primitives: "its context primitives",
	skills: "its skills allowlist",
	strategy: "its prompt inheritance",
	model: "its model",
	tools: "its tools",
	agent: "its agent definition",
	authority: "its roots or write access",
	budget: "its budget",
	schema: "its result schema",
	given: "the results it was given",
};

export class ReplayBook {
	private readonly entries: CallLine[];
	private readonly used = new Set<CallLine>();
	private readonly options: ReplayOptions;
	private broken: string | undefined;

	constructor(entries: readonly CallLine[], options: ReplayOptions) {
		this.entries = [...entries];
		this.options = options;
	}

	/** Entries that are left: for a report of what a resumed run did not reach. */
	get unused(): CallLine[] {
		return this.entries.filter((e) => !this.used.has(e));
	}

	/** Decides call `seq`; calls must be decided in the order they were issued. */
	decide(seq: number, hash: string, parts: Record<string, string>): ReplayDecision {
		if (this.broken !== undefined) return { run: this.broken };
		const found = this.entries.find((e) => e.hash === hash && !this.used.has(e));
		if (found && this.eligible(found)) {
			this.used.add(found);
			return { replay: found };
		}
		const why = found ? this.ineligible(found) : this.missing(seq, parts);
		this.broken = `call ${seq} before it ran again`;
		return { run: why };
	}

	private eligible(line: CallLine): boolean {
		return !line.interrupted && (!this.options.rerunFailed || passed(line.result));
	}

	private ineligible(line: CallLine): string {
		return line.interrupted
			? "its recorded result was interrupted"
			: "its recorded result did not pass (--rerun-failed)";
	}

	/** Why a call has no entry: compared with the unused entry at its place, what changed. */
	private missing(seq: number, parts: Record<string, string>): string {
		const counterpart = this.entries.find((e) => e.seq === seq && !this.used.has(e)) ?? this.unused[0];
		if (!counterpart) return "it is new: the journal has no call left";
		const changed = Object.keys(PART_WORDS).filter((k) => counterpart.parts[k] !== parts[k]);
		if (changed.length === 0) return "it is new";
		return `${changed.map((k) => PART_WORDS[k]).join(", ")} changed since call ${counterpart.seq} of the journal`;
	}
}
