/**
 * Children must not outlive the process that started them. A child runs detached, in its own
 * process group, so that it can be killed as a whole — which also means a Ctrl-C in the terminal
 * (SIGINT to the foreground group) never reaches it. While any child is alive, this module kills
 * every live child's tree when this process exits or is told to stop.
 *
 * On SIGINT, SIGTERM or SIGHUP the trees are killed at once (there is no time for a grace period).
 * If nothing else in the process listens for that signal, the default action is restored and the
 * signal raised again, so the process still dies of it as it would have; a host that handles the
 * signal itself (Pi's TUI does) keeps control of what happens next. A child whose parent dies
 * without any of this (SIGKILL) is stopped by its own watchdog instead (see child-extension.ts).
 */

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

const live = new Set<() => void>();

function killAll(): void {
	for (const kill of [...live]) kill();
	live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
	killAll();
	uninstall();
	if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

let installed = false;

function install(): void {
	if (installed) return;
	installed = true;
	process.on("exit", killAll);
	for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
	if (!installed) return;
	installed = false;
	process.off("exit", killAll);
	for (const signal of SIGNALS) process.off(signal, onSignal);
}

/**
 * Registers a child's synchronous kill; returns the release to call once the child is gone. The
 * handlers are installed while at least one child is registered, so an idle host is left alone.
 */
export function guardChild(killNow: () => void): () => void {
	live.add(killNow);
	install();
	return () => {
		live.delete(killNow);
		if (live.size === 0) uninstall();
	};
}
