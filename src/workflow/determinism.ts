/**
 * Determinism of a workflow script: while the script's function runs, it cannot read the clock or
 * draw random numbers — `Math.random()`, `Date.now()`, `new Date()` and `Date()` without arguments,
 * `performance.now()`, `crypto.randomUUID()` and `crypto.getRandomValues()` throw a
 * DeterminismError. A script that cannot see time or chance makes the same calls in the same order
 * when it runs again, which is what lets a resumed run replay its journal.
 *
 * Refusing (rather than replaying recorded values) keeps the rule simple to state and impossible to
 * get subtly wrong: there is no value to record, so none can be replayed out of order.
 *
 * Only the script is held to it. The process's other code — pi-delegate's engine, Pi, a runner —
 * keeps its clock: script code runs inside an AsyncLocalStorage scope (`enter`), the API's own work
 * runs outside it (`leave`), and the patched globals look at the scope before refusing. The scope
 * follows the script's promises, timers and callbacks, so an `await` does not let the script out.
 * The guard covers the default function and everything it calls; code a module runs once when it
 * is first loaded is not covered. Node's own internals use their private copies of these functions
 * and are not affected at all.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export class DeterminismError extends Error {
	constructor(what: string) {
		super(
			`${what} is refused while a workflow script runs: a rerun would see another value and make other calls. ` +
				"Pass what the script needs in as an argument (after -- on the command line), or have a child find it out.",
		);
		this.name = "DeterminismError";
	}
}

export interface ScriptGuard {
	/** Runs `fn` as script code: the clock and randomness are refused in it and in all it starts. */
	enter<T>(fn: () => T): T;
	/** Runs `fn` as the engine's code, even when script code calls it. */
	leave<T>(fn: () => T): T;
	/** True inside script code. */
	inScript(): boolean;
	/** Takes the patches out once no guard needs them any more. */
	release(): void;
}

type WebCrypto = typeof globalThis.crypto;

const scope = new AsyncLocalStorage<true>();
let installed = 0;
let restore: (() => void) | undefined;

function refuseIn<A extends unknown[], R>(what: string, fn: (...args: A) => R): (...args: A) => R {
	return function (this: unknown, ...args: A): R {
		if (scope.getStore()) throw new DeterminismError(what);
		return fn.apply(this, args);
	};
}

/** The Date constructor, refusing only "now" (no arguments) inside script code. */
function guardedDate(original: DateConstructor): DateConstructor {
	return new Proxy(original, {
		construct(target, args, newTarget) {
			if (args.length === 0 && scope.getStore()) throw new DeterminismError("new Date()");
			return Reflect.construct(target, args, newTarget);
		},
		apply(target, self, args) {
			if (scope.getStore()) throw new DeterminismError("Date()");
			return Reflect.apply(target, self, args);
		},
	});
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
	Math.random = refuseIn("Math.random()", originals.random);
	originals.Date.now = refuseIn("Date.now()", originals.now);
	g.Date = guardedDate(originals.Date);
	performance.now = refuseIn("performance.now()", originals.perfNow.bind(performance));
	if (g.crypto && originals.uuid && originals.values) {
		g.crypto.randomUUID = refuseIn("crypto.randomUUID()", originals.uuid.bind(g.crypto));
		g.crypto.getRandomValues = refuseIn(
			"crypto.getRandomValues()",
			originals.values.bind(g.crypto),
		) as WebCrypto["getRandomValues"];
	}
	return () => {
		Math.random = originals.random;
		originals.Date.now = originals.now;
		g.Date = originals.Date;
		performance.now = originals.perfNow;
		if (g.crypto && originals.uuid && originals.values) {
			g.crypto.randomUUID = originals.uuid;
			g.crypto.getRandomValues = originals.values;
		}
	};
}

/** Installs the patches (once for any number of guards) and returns a guard for one run. */
export function installScriptGuard(): ScriptGuard {
	if (installed++ === 0) restore = patch();
	let released = false;
	return {
		enter: (fn) => scope.run(true, fn),
		leave: (fn) => scope.exit(fn),
		inScript: () => scope.getStore() === true,
		release() {
			if (released) return;
			released = true;
			if (--installed === 0) {
				restore?.();
				restore = undefined;
			}
		},
	};
}
