/**
 * Loading on first use. Pi loads the extension at every start, before the user can type, and under
 * the `pi` command a value import of Pi's own packages resolves to their unbundled dist (hundreds of
 * modules apart from the bundle the command runs); pi-tui, typebox and yaml cost the same way. So
 * the extension registers with plain data and small modules, and everything else is imported by
 * the first tool call, command, hook or render that needs it.
 *
 * Two shapes of "first use": an async one (a tool's execute, a command's handler, a hook — Pi
 * awaits them) that simply awaits the load, and a sync one (a render function, which must return a
 * component now) that starts the load and draws a stand-in until the module is there.
 */

/** A module (or anything) loaded once, on the first `get`; every caller shares the one load. */
export interface OnDemand<T> {
	/** Starts the load if it has not started, and resolves to the value. */
	get(): Promise<T>;
	/** The value if it has loaded, else undefined (it does not start the load). */
	ready(): T | undefined;
}

/** What the first prompt's hooks load (see `warmFirstPrompt`), in the order they were declared. */
const firstPrompt: Array<OnDemand<unknown>> = [];

/**
 * One load shared by every caller, made on the first `get`: calls made in the same message would
 * otherwise each start loading it, and a module loader may hand the second a half-initialised module.
 * `beforeFirstPrompt`: a hook of the first prompt needs it (before_agent_start, before_provider_request),
 * so `warmFirstPrompt` loads it while the user types.
 */
export function onDemand<T>(load: () => Promise<T>, options: { beforeFirstPrompt?: boolean } = {}): OnDemand<T> {
	let loading: Promise<T> | undefined;
	let value: { loaded: T } | undefined;
	const module: OnDemand<T> = {
		get: () => {
			loading ??= load().then((loaded) => {
				value = { loaded };
				return loaded;
			});
			return loading;
		},
		ready: () => value?.loaded,
	};
	if (options.beforeFirstPrompt) firstPrompt.push(module);
	return module;
}

/** A turn of the event loop: the screen draws and keys are read between one load and the next. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Loads, one after another, everything the first prompt's hooks load, so that pressing Enter waits
 * for none of it: called at session start and not awaited (Pi awaits session_start before the
 * session is ready). Pi draws the prompt only after every before_agent_start hook has returned, and
 * a cold load (a fresh machine, an update) once held it back for seconds. Each load yields to the
 * event loop before it starts, so typing is read in between. A load that fails is left to the hook
 * that needs it, which reports or skips it as it always did.
 */
export async function warmFirstPrompt(): Promise<void> {
	for (const module of firstPrompt) {
		await turn();
		await module.get().catch(() => undefined);
	}
}

/** Pi's coding-agent package, as the extension's code reaches it. */
export type PiPackage = typeof import("@earendil-works/pi-coding-agent");

/** Pi's package, loaded by the first tool call, command or hook that needs a value from it. */
export const piPackage: OnDemand<PiPackage> = onDemand(() => import("@earendil-works/pi-coding-agent"), {
	beforeFirstPrompt: true,
});

/**
 * Pi's agent directory, as Pi decides it (PI_CODING_AGENT_DIR, else under the home). Synchronous,
 * for the ports the runners take; it needs Pi's package loaded, which every caller has awaited
 * (a tool's execute and a command's handler load it with their own code), so a missed await fails
 * loudly here rather than guessing a directory.
 */
export function piAgentDir(): string {
	const pi = piPackage.ready();
	if (!pi) throw new Error("Pi's package is not loaded yet: await piPackage.get() before asking for the agent dir");
	return pi.getAgentDir();
}

/** What Pi draws: a component's two methods (pi-tui's `Component`, without loading pi-tui). */
export interface Drawable {
	render(width: number): readonly string[];
	invalidate(): void;
}

/**
 * A render function's component before its code has loaded: it starts the load, draws `standIn`
 * meanwhile, and draws what `build` makes from the loaded module once it is there. `redraw` (Pi's
 * render context's `invalidate`, when Pi passes one) is called when the load ends, so Pi draws the
 * real component at once instead of at its next redraw. When the module is already loaded the
 * real component is returned as it is.
 */
export function deferredComponent<T>(
	module: OnDemand<T>,
	build: (loaded: T) => Drawable,
	standIn: (width: number) => readonly string[],
	redraw?: () => void,
): Drawable {
	const now = module.ready();
	if (now !== undefined) return build(now);
	let real: Drawable | undefined;
	module.get().then(
		() => redraw?.(),
		() => {
			// The stand-in stays: a renderer that cannot load must not break the transcript.
		},
	);
	return {
		render(width) {
			const loaded = module.ready();
			if (loaded !== undefined) real ??= build(loaded);
			return real ? real.render(width) : standIn(width);
		},
		invalidate() {
			real?.invalidate();
		},
	};
}

/** A stand-in of one short label (a tool's name, maybe styled) `columns` wide, drawn only where it fits. */
export function labelStandIn(label: string, columns: number): (width: number) => readonly string[] {
	return (width) => (width >= columns ? [label] : []);
}

/** The text of a tool result as its renderer shows it: its text parts, one after another. */
export function resultText(content: ReadonlyArray<{ type: string; text?: string }>): string {
	return content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("\n");
}
