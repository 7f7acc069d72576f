/**
 * The background children of a session: a `background: true` call's children, queued and started
 * in order while at most `limit` run, each reachable by its run id (its key in the children
 * registry, `fix-auth#3`) to be listed, waited for, messaged or stopped, and each child's result
 * handed to the parent exactly once — as a message, or through a `wait` that returned it first.
 *
 * Held process-wide, keyed by the session's id (`sessionBackground`, background.ts): `/reload` makes a new
 * extension instance while children the old one started keep running in this process, so the
 * runs cannot live in an instance. An instance attaches a sink (background-sink.ts: Pi's
 * `sendMessage`, the session's entries, its registry and footer) at session start and detaches it
 * at shutdown; a result that ends while no sink is attached waits for the next one.
 */
import type { ChildEnd, ChildHandle, ChildrenRegistry } from "../run/children.ts";
import { type ChildMailbox, createMailbox } from "../run/inbox.ts";
import type { ChildUsage, TaskProgress } from "../run/types.ts";

/** A background child's result, as the parent receives it once. */
export interface BackgroundOutcome {
	key: string;
	id: string;
	kind: "task" | "fork" | "workflow";
	state: ChildEnd;
	/** The compact report a foreground call returns to the model. */
	text: string;
	/** The full report, for people (`/children report`). */
	report: string;
	/** The full report as a model reads it, for the `children` tool's report action. */
	detail?: string;
	usage?: ChildUsage;
	auditDir?: string;
	/** The `pi-delegate.child` entry for the spend view, appended once through the sink. */
	link?: ChildLink;
}

/**
 * A custom entry to append for the child (its type comes with it, so this file, loaded when Pi
 * starts, need not load the meter that names it).
 */
export interface ChildLink {
	customType: string;
	data: unknown;
}

/** What a child's run reports back to the hub; the hub adds the key. */
export type ChildOutcome = Omit<BackgroundOutcome, "key">;

/** One child a call hands over: what to list it as, and how to run it. */
export interface BackgroundChild {
	id: string;
	kind: "task" | "fork" | "workflow";
	label: string;
	run(io: { progress: (p: TaskProgress) => void; signal: AbortSignal; inbox: ChildMailbox }): Promise<ChildOutcome>;
}

/** One extension instance's side: where results, records and the list go. */
export interface BackgroundSink {
	registry: ChildrenRegistry;
	/** Keys the session already records as delivered (a guard beside the hub's own flag). */
	delivered: ReadonlySet<string>;
	deliver(outcome: BackgroundOutcome): void;
	/** Appends a record to the session (`launched`, `delivered`). */
	record(data: Record<string, unknown>): void;
	/** Appends a child's spend link (`pi-delegate.child`), which the spend view counts once. */
	link(entry: ChildLink): void;
	/** The running and queued children changed: redraw the footer. */
	changed(runs: readonly BackgroundRun[]): void;
}

export interface BackgroundRun {
	key: string;
	child: BackgroundChild;
	state: "queued" | "running" | "ended";
	usd: number;
	auditDir?: string;
	outcome?: BackgroundOutcome;
	/** Handed to the parent (a message or a wait): never again. */
	delivered: boolean;
	/** Its spend link has been appended to the session. */
	linked: boolean;
	/** Waits in progress that will return its result themselves. */
	waiters: number;
	mailbox: ChildMailbox;
	controller: AbortController;
	handle?: ChildHandle;
	ended: Promise<void>;
	finish: (outcome: ChildOutcome) => void;
}

const stoppedBeforeStart = (child: BackgroundChild): ChildOutcome => ({
	id: child.id,
	kind: child.kind,
	state: "stopped",
	text: `${child.kind} ${child.id}: stopped before it started; nothing ran.`,
	report: `${child.id}: stopped while queued; nothing ran.`,
});

export class SessionBackground {
	readonly runs = new Map<string, BackgroundRun>();
	limit = 4;
	private sink: BackgroundSink | undefined;

	/** Queues every child of a call (in order) and starts what the limit allows; returns the runs. */
	launch(children: readonly BackgroundChild[], registry: ChildrenRegistry): BackgroundRun[] {
		const runs = children.map((child) => this.add(child, registry));
		this.pump();
		return runs;
	}

	attach(sink: BackgroundSink): void {
		this.sink = sink;
		for (const run of this.runs.values()) {
			if (run.state !== "ended") this.list(run, sink.registry);
			if (sink.delivered.has(run.key)) run.delivered = true;
			if (run.state === "ended") this.settle(run);
		}
		this.changed();
	}

	detach(sink: BackgroundSink): void {
		if (this.sink === sink) this.sink = undefined;
	}

	get(key: string): BackgroundRun | undefined {
		return this.runs.get(key) ?? [...this.runs.values()].findLast((r) => r.child.id === key);
	}

	/** Stops every child that has not ended, waits (at most `ms`) for them to end, and returns them. */
	async stopAll(ms: number): Promise<BackgroundRun[]> {
		const active = [...this.runs.values()].filter((r) => r.state !== "ended");
		for (const run of active) this.stop(run.key);
		let timer: NodeJS.Timeout | undefined;
		await Promise.race([
			Promise.all(active.map((r) => r.ended)),
			new Promise<void>((resolve) => {
				timer = setTimeout(resolve, ms);
			}),
		]);
		clearTimeout(timer);
		return active;
	}

	/** Ends a queued child without running it, or aborts a running one; false when it has ended. */
	stop(key: string): boolean {
		const run = this.runs.get(key);
		if (!run || run.state === "ended") return false;
		if (run.state === "queued") run.finish(stoppedBeforeStart(run.child));
		else run.controller.abort("cancelled");
		return true;
	}

	/**
	 * Waits until every run has ended or `timeoutMs` has passed (or `signal` aborts). While it waits,
	 * a run that ends is not sent as a message: the wait returns it, and what it returns counts as
	 * delivered (`fresh`). An aborted wait hands what ended meanwhile to the message route instead.
	 */
	async wait(runs: readonly BackgroundRun[], timeoutMs: number, signal?: AbortSignal) {
		for (const run of runs) run.waiters++;
		let timer: NodeJS.Timeout | undefined;
		let onAbort = () => {};
		try {
			await Promise.race([
				Promise.all(runs.map((r) => r.ended)),
				new Promise<void>((resolve) => {
					timer = setTimeout(resolve, Math.max(0, timeoutMs));
					onAbort = resolve;
					signal?.addEventListener("abort", onAbort, { once: true });
				}),
			]);
		} finally {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
			for (const run of runs) run.waiters--;
		}
		const ended = runs.filter((r) => r.state === "ended");
		const fresh = signal?.aborted ? [] : ended.filter((r) => !r.delivered);
		for (const run of fresh) {
			run.delivered = true;
			this.sink?.record({ event: "delivered", key: run.key, via: "wait" });
		}
		for (const run of ended) this.settle(run);
		return { ended, fresh, running: runs.filter((r) => r.state !== "ended") };
	}

	private add(child: BackgroundChild, registry: ChildrenRegistry): BackgroundRun {
		let finish: (outcome: ChildOutcome) => void = () => {};
		const ended = new Promise<void>((resolve) => {
			finish = (outcome) => {
				if (run.state === "ended") return;
				run.state = "ended";
				run.outcome = { ...outcome, key: run.key };
				run.mailbox.close();
				const { state, usage, auditDir, report, detail } = run.outcome;
				run.handle?.end({
					state,
					...(usage && { usage }),
					...(auditDir && { auditDir }),
					report,
					...(detail && { detail }),
				});
				resolve();
				this.settle(run);
				this.pump();
			};
		});
		const run: BackgroundRun = {
			key: "",
			child,
			state: "queued",
			usd: 0,
			delivered: false,
			linked: false,
			waiters: 0,
			mailbox: createMailbox(),
			controller: new AbortController(),
			ended,
			finish: (outcome) => finish(outcome),
		};
		this.list(run, registry);
		this.runs.set(run.key, run);
		this.sink?.record({ event: "launched", key: run.key, id: child.id, kind: child.kind });
		return run;
	}

	/** Lists the run in a registry (again, under its own key, after a reload). */
	private list(run: BackgroundRun, registry: ChildrenRegistry): void {
		const { id, kind, label } = run.child;
		run.handle = registry.add(
			{ id, origin: kind, label, background: true },
			{ stop: () => this.stop(run.key), send: (m) => run.mailbox.send(m), ...(run.key && { key: run.key }) },
		);
		run.key = run.handle.key;
		if (run.state === "running") run.handle.start();
	}

	/** Starts queued children, oldest first, while fewer than `limit` run. */
	private pump(): void {
		const all = [...this.runs.values()];
		let running = all.filter((r) => r.state === "running").length;
		for (const run of all) {
			if (running >= this.limit) break;
			if (run.state !== "queued") continue;
			running++;
			this.begin(run);
		}
		this.changed();
	}

	private begin(run: BackgroundRun): void {
		run.state = "running";
		run.handle?.start();
		const progress = (p: TaskProgress) => {
			if (p.type === "usage") run.usd = p.usage.costUsd;
			if (p.type === "audit") run.auditDir = p.dir;
			run.handle?.progress(p);
			if (p.type === "usage") this.changed();
		};
		run.child
			.run({ progress, signal: run.controller.signal, inbox: run.mailbox })
			.then(run.finish, (error: unknown) => {
				const message = error instanceof Error ? error.message : String(error);
				run.finish({
					id: run.child.id,
					kind: run.child.kind,
					state: "FAIL",
					text: `FAIL ${run.child.kind} ${run.child.id}: it could not run: ${message}`,
					report: message,
					...(run.auditDir && { auditDir: run.auditDir }),
				});
			});
	}

	/** Hands an ended run's result to the parent, unless a wait takes it or it went already. */
	private settle(run: BackgroundRun): void {
		const sink = this.sink;
		const outcome = run.outcome;
		if (!sink || !outcome) return;
		if (!run.linked && outcome.link !== undefined) {
			try {
				sink.link(outcome.link);
				run.linked = true;
			} catch {
				// Appended by the next instance to attach.
			}
		}
		if (run.delivered || run.waiters > 0 || sink.delivered.has(run.key)) return;
		run.delivered = true;
		try {
			sink.deliver(outcome);
		} catch {
			// The instance could not send it (its session is going away): the next one to attach will.
			run.delivered = false;
		}
	}

	private changed(): void {
		this.sink?.changed([...this.runs.values()]);
	}
}
