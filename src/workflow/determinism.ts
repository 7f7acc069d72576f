/**
 * Determinism of a workflow script: while a run is going, the script cannot read the clock or draw
 * random numbers — a call of `Math.random()`, `Date.now()`, `new Date()` or `Date()` without
 * arguments, `performance.now()`, `crypto.randomUUID()` or `crypto.getRandomValues()` made from the
 * script's own file throws a DeterminismError. A script that cannot see time or chance makes the
 * same calls in the same order when it runs again, which is what lets a resumed run replay its
 * journal.
 *
 * Refusing, rather than replaying recorded values, keeps the rule simple to state and impossible to
 * get subtly wrong: no value is recorded, so none can be replayed out of order.
 *
 * Whose call it is is read from the call stack (the frame that called the patched function), not
 * from an async context: everything else in the process — pi-delegate's engine, Pi, the runners —
 * keeps its clock whatever promise chain it runs in, and the script is refused in its callbacks,
 * timers and continuations alike. What is covered is the script file itself; a helper module it
 * imports, or a reference to one of these functions taken when the module first loaded, is not.
 * Node's internals use their own private copies and are never affected.
 */

export class DeterminismError extends Error {
	constructor(what: string) {
		super(
			`${what} is refused while a workflow script runs: a rerun would see another value and make other calls. ` +
				"Pass what the script needs in as an argument (after -- on the command line), or have a child find it out.",
		);
		this.name = "DeterminismError";
	}
}

/** Says whether a source file (as a stack frame names it: a path, or a file URL) is script code. */
export type ScriptFiles = (file: string) => boolean;

export interface ScriptGuard {
	/**
	 * Rejects with the first refusal. A refusal thrown where the script cannot catch it (a timer's
	 * callback) would otherwise leave the script waiting for ever; the run races its script
	 * against this and ends with the error.
	 */
	refused: Promise<never>;
	/** The first refusal, once there was one: also one the script caught and went on from. */
	refusal(): DeterminismError | undefined;
	/** Takes the guard away; the patches go once no guard is left. */
	release(): void;
}

interface Guard {
	isScript: ScriptFiles;
	refuse(error: DeterminismError): void;
}

type WebCrypto = typeof globalThis.crypto;
type CallSite = { getFileName(): string | null | undefined };

const guards = new Set<Guard>();
let restore: (() => void) | undefined;

/** A frame's file as a plain path: no `file://`, no query (a script is loaded with `?v=<digest>`). */
export function framePath(file: string): string {
	const bare = file.replace(/[?#].*$/, "");
	return bare.startsWith("file://") ? decodeURIComponent(bare.slice("file://".length)) : bare;
}

/** The file of the frame that called `below`. Costs a few microseconds; only while a run is going. */
function callerOf(below: (...args: never[]) => unknown): string | undefined {
	const limit = Error.stackTraceLimit;
	const prepare = Error.prepareStackTrace;
	try {
		Error.stackTraceLimit = 1;
		Error.prepareStackTrace = (_error, sites) => sites;
		const holder: { stack?: CallSite[] } = {};
		Error.captureStackTrace(holder, below);
		return holder.stack?.[0]?.getFileName() ?? undefined;
	} finally {
		Error.stackTraceLimit = limit;
		Error.prepareStackTrace = prepare;
	}
}

/** Throws (and tells the run) when the caller of `below` is a guarded script. */
function refuseScript(what: string, below: (...args: never[]) => unknown): void {
	if (guards.size === 0) return;
	const file = callerOf(below);
	if (file === undefined) return;
	const path = framePath(file);
	const owners = [...guards].filter((g) => g.isScript(path));
	if (owners.length === 0) return;
	const error = new DeterminismError(what);
	for (const owner of owners) owner.refuse(error);
	throw error;
}

function refusing<A extends unknown[], R>(what: string, fn: (...args: A) => R): (...args: A) => R {
	const patched = function (this: unknown, ...args: A): R {
		refuseScript(what, patched);
		return fn.apply(this, args);
	};
	return patched;
}

/** The Date constructor, refusing only "now" (no arguments). */
function guardedDate(original: DateConstructor): DateConstructor {
	const handler: ProxyHandler<DateConstructor> = {
		construct(target, args, newTarget) {
			if (args.length === 0) refuseScript("new Date()", handler.construct as never);
			return Reflect.construct(target, args, newTarget);
		},
		apply(target, self, args) {
			refuseScript("Date()", handler.apply as never);
			return Reflect.apply(target, self, args);
		},
	};
	return new Proxy(original, handler);
}

function patch(): () => void {
	const g = globalThis as { Date: DateConstructor; crypto?: WebCrypto };
	const originals = {
		random: Math.random,
		Date: g.Date,
		now: g.Date.now,
		perfNow: performance.now,
		uuid: g.crypto?.randomUUID,
		values: g.crypto?.getRandomValues,
	};
	Math.random = refusing("Math.random()", originals.random);
	originals.Date.now = refusing("Date.now()", originals.now);
	g.Date = guardedDate(originals.Date);
	performance.now = refusing("performance.now()", originals.perfNow.bind(performance));
	const crypto = g.crypto;
	if (crypto && originals.uuid && originals.values) {
		crypto.randomUUID = refusing("crypto.randomUUID()", originals.uuid.bind(crypto));
		crypto.getRandomValues = refusing(
			"crypto.getRandomValues()",
			originals.values.bind(crypto),
		) as WebCrypto["getRandomValues"];
	}
	// A refusal thrown in a script's timer or detached callback has no catcher: it is the run's
	// (it already ended the run through `refused`), not the process's. Anything else is left to the
	// process's other listeners, or, when there are none, ends the process as it would have.
	const swallow = (error: unknown) => {
		if (error instanceof DeterminismError || process.listenerCount("uncaughtException") > 1) return;
		process.removeListener("uncaughtException", swallow);
		throw error;
	};
	const swallowRejection = (reason: unknown) => {
		if (reason instanceof DeterminismError || process.listenerCount("unhandledRejection") > 1) return;
		process.removeListener("unhandledRejection", swallowRejection);
		throw reason;
	};
	process.on("uncaughtException", swallow);
	process.on("unhandledRejection", swallowRejection);
	return () => {
		process.removeListener("uncaughtException", swallow);
		process.removeListener("unhandledRejection", swallowRejection);
		Math.random = originals.random;
		originals.Date.now = originals.now;
		g.Date = originals.Date;
		performance.now = originals.perfNow;
		if (crypto && originals.uuid && originals.values) {
			crypto.randomUUID = originals.uuid;
			crypto.getRandomValues = originals.values;
		}
	};
}

/** Guards the files `isScript` names until `release`; any number of runs may be guarded at once. */
export function installScriptGuard(isScript: ScriptFiles): ScriptGuard {
	let refuse!: (error: DeterminismError) => void;
	const refused = new Promise<never>((_resolve, reject) => {
		refuse = reject;
	});
	refused.catch(() => {});
	let first: DeterminismError | undefined;
	const own: Guard = {
		isScript,
		refuse: (error) => {
			first ??= error;
			refuse(error);
		},
	};
	guards.add(own);
	restore ??= patch();
	return {
		refused,
		refusal: () => first,
		release() {
			if (!guards.delete(own) || guards.size > 0) return;
			restore?.();
			restore = undefined;
		},
	};
}
