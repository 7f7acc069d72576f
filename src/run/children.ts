/**
 * The children of a session, whoever started them (a `task` call, a fork, a workflow's `agent()`),
 * as one list a widget or a table can draw. A pure fold (`foldChildren`) turns events into the
 * list; `ChildrenRegistry` holds it, stamps events with its clock, tells subscribers, and keeps each
 * running child's stop function, so one child can be stopped without touching the others. An entry
 * point reports through a handle: `add` (queued), `start`, `progress`, `end` with its state and
 * cost; a child that takes messages while it runs registers its `send` (`/children send`, the
 * parent's `children` tool).
 */
import { type ChildInbox, createMailbox } from "./inbox.ts";
import type { ChildUsage, TaskProgress } from "./types.ts";

/** Who started the child. */
export type ChildOrigin = "task" | "fork" | "workflow";

/** PASS / FAIL are checked verdicts; `done` / `failed` are a plain (unchecked) child's ends; `stopped`: never ran. */
export type ChildEnd = "PASS" | "FAIL" | "done" | "failed" | "replayed" | "stopped";
export type ChildState = "queued" | "running" | ChildEnd;

export interface ChildEntry {
	/** Unique in the registry (ids of two children may be equal). */
	key: string;
	id: string;
	origin: ChildOrigin;
	/** The workflow run it belongs to, when it belongs to one. */
	group?: string;
	/** Started by a `background: true` call: the call returned at once, the result comes as a message. */
	background?: true;
	/** A few words saying what the child is for. */
	label: string;
	state: ChildState;
	/** What the child is doing now (`bash: npm test`), or "" between tool calls. */
	tool: string;
	/** The turn in progress; `turns`: those finished (a usage figure comes with each answer), as its report counts. */
	turn: number;
	turns: number;
	usd: number;
	/** Dollars the result was recorded with, when it was replayed (not spent again). */
	replayedUsd?: number;
	/** Tokens read from the provider's cache, and all input tokens, for the cache column. */
	cacheRead: number;
	inputTokens: number;
	addedAt: number;
	startedAt?: number;
	endedAt?: number;
	/** The child has been asked to stop and has not ended yet. */
	stopping: boolean;
	auditDir?: string;
	/** What "open its report" shows once it has ended. */
	report?: string;
	/** The whole report as a model reads it: the detail a compact report leaves one step away. */
	detail?: string;
}

export interface ChildrenState {
	/** In the order the children were added. */
	children: ChildEntry[];
}

export const NO_CHILDREN: ChildrenState = Object.freeze({ children: [] }) as ChildrenState;
export interface ChildEndInfo {
	state: ChildEnd;
	usage?: ChildUsage;
	/** For a replayed child: the dollars its recorded result cost when it ran. */
	recordedUsd?: number;
	auditDir?: string;
	report?: string;
	detail?: string;
}

export type ChildEvent =
	| ({ type: "added"; key: string; at: number } & NewChild)
	| { type: "started"; key: string; at: number }
	| { type: "progress"; key: string; progress: TaskProgress }
	| { type: "stopping"; key: string }
	| ({ type: "ended"; key: string; at: number } & ChildEndInfo);

/** What an entry point says of a child it adds. */
export interface NewChild {
	id: string;
	origin: ChildOrigin;
	label: string;
	group?: string;
	background?: true;
}

/** How a child added to the registry can be reached while it runs. */
export interface ChildControl {
	/** Ends it alone (it should resolve the child as stopped, not throw). */
	stop?: () => void;
	/** Puts a message in its inbox; false when it can take none now. */
	send?: (message: string) => boolean;
	/** The key it already has (a background child listed again after the extension reloaded). */
	key?: string;
}

const ACTIVE: readonly ChildState[] = ["queued", "running"];

export function isActive(child: ChildEntry): boolean {
	return ACTIVE.includes(child.state);
}

function withUsage(child: ChildEntry, usage: ChildUsage): ChildEntry {
	return {
		...child,
		usd: usage.costUsd,
		cacheRead: usage.cacheRead,
		inputTokens: usage.input + usage.cacheRead + usage.cacheWrite,
	};
}

function onProgress(child: ChildEntry, progress: TaskProgress): ChildEntry {
	switch (progress.type) {
		case "tool_start":
			return { ...child, tool: progress.summary };
		case "tool_end":
			return { ...child, tool: "" };
		case "turn":
			return { ...child, turn: progress.turn };
		case "usage":
			return { ...withUsage(child, progress.usage), turns: child.turns + 1 };
		case "audit":
			return { ...child, auditDir: progress.dir };
		default:
			return child;
	}
}

function onEnd(child: ChildEntry, event: Extract<ChildEvent, { type: "ended" }>): ChildEntry {
	const ended: ChildEntry = {
		...(event.usage ? withUsage(child, event.usage) : child),
		state: event.state,
		tool: "",
		stopping: false,
		endedAt: event.at,
		...(event.auditDir !== undefined && { auditDir: event.auditDir }),
		...(event.report !== undefined && { report: event.report }),
		...(event.detail !== undefined && { detail: event.detail }),
	};
	if (event.state !== "replayed") return ended;
	return { ...ended, usd: 0, ...(event.recordedUsd !== undefined && { replayedUsd: event.recordedUsd }) };
}

/** The list after one more event; an event about an unknown child changes nothing. */
export function foldChildren(state: ChildrenState, event: ChildEvent): ChildrenState {
	if (event.type === "added") {
		const entry: ChildEntry = {
			key: event.key,
			id: event.id,
			origin: event.origin,
			...(event.group !== undefined && { group: event.group }),
			...(event.background && { background: true as const }),
			label: event.label,
			state: "queued",
			tool: "",
			turn: 0,
			turns: 0,
			usd: 0,
			cacheRead: 0,
			inputTokens: 0,
			addedAt: event.at,
			stopping: false,
		};
		return { children: [...state.children, entry] };
	}
	const index = state.children.findIndex((c) => c.key === event.key);
	const child = state.children[index];
	if (!child || !isActive(child)) return state;
	let next: ChildEntry;
	if (event.type === "started") next = { ...child, state: "running", startedAt: event.at };
	else if (event.type === "progress") next = onProgress(child, event.progress);
	else if (event.type === "stopping") next = { ...child, stopping: true };
	else next = onEnd(child, event);
	if (next === child) return state;
	const children = [...state.children];
	children[index] = next;
	return { children };
}

/** Drops the oldest ended children beyond `keep`, so a long session's list stays short. */
export function pruneChildren(state: ChildrenState, keep: number): ChildrenState {
	const ended = state.children.filter((c) => !isActive(c));
	if (ended.length <= keep) return state;
	const drop = new Set(ended.slice(0, ended.length - keep).map((c) => c.key));
	return { children: state.children.filter((c) => !drop.has(c.key)) };
}

/** How an entry point reports one child. */
export interface ChildHandle {
	readonly key: string;
	start(): void;
	progress(progress: TaskProgress): void;
	end(info: ChildEndInfo): void;
}

export type ChildrenListener = (state: ChildrenState, event: ChildEvent) => void;

export class ChildrenRegistry {
	private current: ChildrenState = NO_CHILDREN;
	private readonly listeners = new Set<ChildrenListener>();
	private readonly stoppers = new Map<string, () => void>();
	private readonly senders = new Map<string, (message: string) => boolean>();
	private readonly now: () => number;
	private readonly keep: number;
	private count = 0;

	constructor(options: { now: () => number; keep?: number }) {
		this.now = options.now;
		this.keep = options.keep ?? 50;
	}

	get state(): ChildrenState {
		return this.current;
	}

	subscribe(listener: ChildrenListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Adds a queued child; `control` (or a bare stop function) is how it is reached while it runs. */
	add(child: NewChild, control?: ChildControl | (() => void)): ChildHandle {
		const { stop, send, key: given } = typeof control === "function" ? { stop: control } : (control ?? {});
		const key = given ?? `${child.id}#${++this.count}`;
		// A key kept from before keeps later keys unique: `fix#3` then `fix#4`, never `fix#3` twice.
		const n = Number(/#(\d+)$/.exec(key)?.[1]);
		if (Number.isInteger(n) && n > this.count) this.count = n;
		if (stop) this.stoppers.set(key, stop);
		if (send) this.senders.set(key, send);
		this.emit({ type: "added", key, ...child, at: this.now() });
		return {
			key,
			start: () => this.emit({ type: "started", key, at: this.now() }),
			progress: (progress) => this.emit({ type: "progress", key, progress }),
			end: (info) => {
				this.stoppers.delete(key);
				this.senders.delete(key);
				this.emit({ type: "ended", key, at: this.now(), ...info });
			},
		};
	}

	/** Puts a message in one running child's inbox; false when it has ended or takes none. */
	send(key: string, message: string): boolean {
		return this.senders.get(key)?.(message) ?? false;
	}

	/** Stops one child; false when it has ended or cannot be stopped. */
	stop(key: string): boolean {
		const stop = this.stoppers.get(key);
		if (!stop) return false;
		this.emit({ type: "stopping", key });
		stop();
		return true;
	}

	find(keyOrId: string): ChildEntry | undefined {
		const { children } = this.current;
		return children.find((c) => c.key === keyOrId) ?? children.findLast((c) => c.id === keyOrId);
	}

	private emit(event: ChildEvent): void {
		this.current = pruneChildren(foldChildren(this.current, event), this.keep);
		for (const listener of this.listeners) listener(this.current, event);
	}
}

/** What an entry point holds while one child it started runs. */
export interface TrackedChild {
	/** Aborted when the caller's signal is, or when a user stops this child from the registry. */
	signal: AbortSignal;
	/** What is sent to it from the registry (`/children send`), for the runner to deliver. */
	inbox: ChildInbox;
	progress(progress: TaskProgress): void;
	end(info: ChildEndInfo): void;
}

/**
 * Reports one child that is about to run (a `task` call, a fork) into the registry: it is listed as
 * running at once, a stop from the registry aborts it alone, and `end` lists how it finished.
 */
export function trackChild(registry: ChildrenRegistry, child: NewChild, signal?: AbortSignal): TrackedChild {
	const controller = new AbortController();
	const onAbort = () => controller.abort(signal?.reason ?? "cancelled");
	signal?.addEventListener("abort", onAbort, { once: true });
	if (signal?.aborted) onAbort();
	const mailbox = createMailbox();
	const handle = registry.add(child, { stop: () => controller.abort("cancelled"), send: (m) => mailbox.send(m) });
	handle.start();
	return {
		signal: controller.signal,
		inbox: mailbox,
		progress: (p) => handle.progress(p),
		end: (info) => {
			signal?.removeEventListener("abort", onAbort);
			mailbox.close();
			handle.end(info);
		},
	};
}
