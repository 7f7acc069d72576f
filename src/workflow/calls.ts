/**
 * The life of one `agent()` call: checked options → a plan (through the planner, like any child)
 * → its call hash → replay or run, decided in the order the calls were issued → the result, in
 * the journal as soon as it is known and in the children registry all along.
 *
 * The run's limits live here too: at most `concurrency` children run at once; the run's dollars
 * are summed live over every child, and once they pass the run's budget (or its time is up, or it
 * is cancelled) every running and queued child is stopped — each resolves to a FAIL result — and a
 * call issued after that throws WorkflowStopped.
 */
import { formatUsd } from "../format/numbers.ts";
import type { TaskPlan, UncheckedPlan } from "../plan/types.ts";
import { formatPath, type Problem, type ProblemPlace, problemJson } from "../problems.ts";
import type { ChildHandle, ChildrenRegistry } from "../run/children.ts";
import type { TaskProgress } from "../run/types.ts";
import { WorkflowInputError, WorkflowStopped } from "./errors.ts";
import { callHash, hashParts, partDigests, resultHash } from "./hash.ts";
import type { CallLine, JournalLine } from "./journal.ts";
import { Slots, Spend } from "./limits.ts";
import { type AgentOptions, checkAgentOptions } from "./options.ts";
import { givenResults, needlesOf, type Offered } from "./provenance.ts";
import { ReplayBook } from "./replay.ts";
import { schemaProblems } from "./request.ts";
import type { ResultSchema } from "./result-schema.ts";
import type { AgentResult, CheckedResult, UncheckedAgentResult, WorkflowLimits } from "./types.ts";

export interface CallInput {
	seq: number;
	prompt: string;
	options: AgentOptions;
	/** How problems name the call's options: `agent(3).options`. */
	where: ProblemPlace;
}

export type PlannedCall =
	| { ok: true; plan: TaskPlan | UncheckedPlan; schema?: ResultSchema; warnings: Problem[] }
	| { ok: false; what: string; problems: Problem[] };

export type Executed = Omit<CheckedResult, "call"> | Omit<UncheckedAgentResult, "call">;

/** What the engine needs from the world; the shell (shell.ts) gives the real ones. */
export interface EnginePorts {
	plan(call: CallInput): Promise<PlannedCall>;
	/** Runs a planned call to its result; a child's failure is a result, never a throw. */
	execute(
		planned: Extract<PlannedCall, { ok: true }>,
		hooks: { signal: AbortSignal; progress: (p: TaskProgress) => void },
	): Promise<Executed>;
	journal(line: JournalLine): void;
	children: ChildrenRegistry;
	log(text: string): void;
	now(): Date;
	/** The text a child's "open its report" shows. */
	report?(result: AgentResult): string;
}

export interface CallSettings {
	runId: string;
	limits: WorkflowLimits;
	/** The journal this run begins from, and whose run it is. */
	previous: readonly CallLine[];
	previousRun?: string;
	rerunFailed: boolean;
}

export function costOf(result: Executed): number {
	return result.metrics.usage.costUsd;
}

function label(prompt: string): string {
	const line = prompt.trim().split("\n")[0] ?? "";
	return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

export class CallRunner {
	readonly lines: CallLine[] = [];
	private count = 0;
	private turn: Promise<void> = Promise.resolve();
	private readonly book: ReplayBook;
	private readonly slots: Slots;
	private readonly spend = new Spend();
	private readonly offered: Offered[] = [];
	private readonly pending = new Set<Promise<AgentResult>>();
	private readonly stopper = new AbortController();
	private stoppedBy: string | undefined;
	private closed = false;
	private readonly settings: CallSettings;
	private readonly ports: EnginePorts;

	constructor(settings: CallSettings, ports: EnginePorts) {
		this.settings = settings;
		this.ports = ports;
		this.book = new ReplayBook(settings.previous, { rerunFailed: settings.rerunFailed });
		this.slots = new Slots(settings.limits.concurrency);
	}

	get stopReason(): string | undefined {
		return this.stoppedBy;
	}

	get mostAtOnce(): number {
		return this.slots.mostAtOnce;
	}

	get spent(): number {
		return this.spend.total;
	}

	/** Stops the run: every child stops, no new one starts. */
	stop(reason: string): void {
		if (this.stoppedBy !== undefined) return;
		this.stoppedBy = reason;
		this.ports.log(`! stopping every child: ${reason}`);
		this.stopper.abort(reason);
	}

	/** No call may start after the run has ended. */
	close(): void {
		this.closed = true;
	}

	/** Waits until every call the script made has settled, and returns the first refusal among them. */
	async settle(): Promise<unknown> {
		const results = await Promise.allSettled([...this.pending]);
		return results.find((r) => r.status === "rejected")?.reason;
	}

	agent(prompt: unknown, options: unknown): Promise<AgentResult> {
		const seq = ++this.count;
		const call = this.run(seq, prompt, options);
		this.pending.add(call);
		// Marked handled here; the script still sees the rejection when it awaits, and settle() reports it.
		call.catch(() => {});
		return call;
	}

	private checked(seq: number, prompt: unknown, raw: unknown): CallInput {
		const where: ProblemPlace = { path: [`agent(${seq})`, "options"] };
		if (this.closed) throw new WorkflowStopped("the run has ended");
		if (typeof prompt !== "string" || prompt.trim() === "") {
			const problem: Problem = {
				path: [`agent(${seq})`, "prompt"],
				code: typeof prompt === "string" ? "too_small" : "invalid_type",
				value: prompt,
				message: "must be a non-empty string",
				fix: "say what the child should do",
			};
			throw new WorkflowInputError(`agent(${seq}) was refused`, [problem]);
		}
		const options = checkAgentOptions(raw, where);
		const problems = options.ok ? schemaProblems(where, options.options.schema) : options.problems;
		if (!options.ok || problems.length > 0) throw new WorkflowInputError(`agent(${seq}) was refused`, problems);
		if (this.stoppedBy !== undefined) throw new WorkflowStopped(this.stoppedBy);
		return { seq, prompt, options: options.options, where };
	}

	private async run(seq: number, prompt: unknown, raw: unknown): Promise<AgentResult> {
		const input = this.checked(seq, prompt, raw);
		const earlier = [...this.offered];
		const previous = this.turn;
		let done!: () => void;
		this.turn = new Promise((resolve) => {
			done = resolve;
		});
		try {
			const planned = await this.ports.plan(input);
			await previous;
			if (!planned.ok) throw new WorkflowInputError(`agent(${seq}) was refused: ${planned.what}`, planned.problems);
			for (const w of planned.warnings) this.ports.log(`! agent(${seq}) ${formatPath(w)}: ${w.message}`);
			const given = givenResults(input.prompt, input.options, earlier);
			const extras = { schema: input.options.schema, given: given.map((g) => g.hash) };
			const hash = callHash(planned.plan, extras);
			const parts = partDigests(hashParts(planned.plan, extras));
			const decision = this.book.decide(seq, hash, parts);
			done();
			const base = { seq, hash, parts, kind: planned.plan.kind, id: planned.plan.id, given: given.map((g) => g.seq) };
			if ("replay" in decision) return this.replay(base, decision.replay, input.prompt);
			if (this.settings.previous.length > 0) this.ports.log(`agent(${seq}) ${planned.plan.id} runs: ${decision.run}`);
			return await this.execute(base, planned, input.prompt);
		} finally {
			done();
		}
	}

	private replay(
		base: Omit<CallLine, "type" | "replayed" | "interrupted" | "at" | "result">,
		line: CallLine,
		prompt: string,
	): AgentResult {
		// The run the result was first recorded in, however many resumes ago.
		const from = line.replayed ? line.from : this.settings.previousRun;
		const result = {
			...line.result,
			call: { seq: base.seq, hash: base.hash, replayed: true, ...(from && { from }) },
		} as AgentResult;
		const handle = this.ports.children.add({
			id: base.id,
			origin: "workflow",
			label: label(prompt),
			group: this.settings.runId,
		});
		handle.end({
			state: "replayed",
			recordedUsd: costOf(result),
			auditDir: result.auditDir,
			...(this.ports.report && { report: this.ports.report(result) }),
		});
		this.record({ ...base, replayed: true, ...(from && { from }), interrupted: false, result });
		return result;
	}

	private async execute(
		base: Omit<CallLine, "type" | "replayed" | "interrupted" | "at" | "result">,
		planned: Extract<PlannedCall, { ok: true }>,
		prompt: string,
	): Promise<AgentResult> {
		const controller = new AbortController();
		const onStop = () => controller.abort(this.stopper.signal.reason);
		this.stopper.signal.addEventListener("abort", onStop, { once: true });
		if (this.stopper.signal.aborted) onStop();
		const handle: ChildHandle = this.ports.children.add(
			{ id: base.id, origin: "workflow", label: label(prompt), group: this.settings.runId },
			() => controller.abort("cancelled"),
		);
		const release = await this.slots.acquire(controller.signal);
		try {
			handle.start();
			const executed = await this.ports
				.execute(planned, {
					signal: controller.signal,
					progress: (p) => {
						handle.progress(p);
						if (p.type === "usage") this.charge(base.seq, p.usage.costUsd);
					},
				})
				.catch((error: unknown) => {
					// Not a child's failure (that is a result) but one of the machinery: the list must not show it running.
					handle.end({ state: "FAIL", report: `the child could not be run: ${(error as Error).message}` });
					throw error;
				});
			this.charge(base.seq, costOf(executed));
			// The script sees a result as `run --json` prints it (each problem with `at`, and `kind` as it
			// was named before), the same whether the call ran now or is replayed from the journal.
			const problems = executed.problems.map(problemJson);
			const call = { seq: base.seq, hash: base.hash, replayed: false };
			const result = { ...executed, problems, call } as AgentResult;
			this.record({ ...base, replayed: false, interrupted: controller.signal.aborted, result });
			handle.end({
				state: result.kind === "unchecked" ? (result.status === "done" ? "done" : "failed") : result.verdict,
				usage: result.metrics.usage,
				auditDir: result.auditDir,
				...(this.ports.report && { report: this.ports.report(result) }),
			});
			return result;
		} finally {
			release();
			this.stopper.signal.removeEventListener("abort", onStop);
		}
	}

	private charge(seq: number, usd: number): void {
		const total = this.spend.set(seq, usd);
		const { usd: limit } = this.settings.limits;
		if (total > limit) this.stop(`the run's budget of ${formatUsd(limit)} is spent (${formatUsd(total)})`);
	}

	private record(line: Omit<CallLine, "type" | "at">): void {
		const full: CallLine = { type: "call", ...line, at: this.ports.now().toISOString() };
		this.lines.push(full);
		this.offered.push({ seq: line.seq, hash: resultHash(line.result), needles: needlesOf(line.result) });
		this.ports.journal(full);
	}
}
