/**
 * A running child's inbox: messages sent to it while it works (by the parent agent, by the user from
 * `/children`, or from a shell through the run's control socket). A runner delivers each at the
 * child's next turn — in-process through the session's steering queue, a subprocess child through
 * its own extension — and the execution records each one in the audit record's events as it is
 * delivered, so what steered the child is never lost.
 *
 * The inbox holds a message sent before anyone listens (the child not started yet), so nothing
 * sent between a call and the child's first turn is dropped.
 */

/** What a runner reads a child's messages from. */
export interface ChildInbox {
	/** Calls `listener` with every message sent so far and then each one as it is sent; returns the unsubscribe. */
	subscribe(listener: (message: string) => void): () => void;
}

/** An inbox the sender holds: `send` queues or delivers, `close` drops later sends. */
export interface ChildMailbox extends ChildInbox {
	/** False when the inbox is closed (the child has ended). */
	send(message: string): boolean;
	close(): void;
}

export function createMailbox(): ChildMailbox {
	const pending: string[] = [];
	const listeners = new Set<(message: string) => void>();
	let closed = false;
	return {
		send(message) {
			if (closed) return false;
			if (listeners.size === 0) pending.push(message);
			for (const listener of listeners) listener(message);
			return true;
		},
		subscribe(listener) {
			listeners.add(listener);
			for (const message of pending.splice(0)) listener(message);
			return () => listeners.delete(listener);
		},
		close() {
			closed = true;
			listeners.clear();
		},
	};
}

/**
 * One inbox of several (the entry point's and the run's control endpoint's): a runner subscribes
 * once and hears every message of each, in the order each was sent.
 */
export function mergeInboxes(...inboxes: ReadonlyArray<ChildInbox | undefined>): ChildInbox {
	const present = inboxes.filter((inbox): inbox is ChildInbox => inbox !== undefined);
	return {
		subscribe(listener) {
			const offs = present.map((inbox) => inbox.subscribe(listener));
			return () => {
				for (const off of offs) off();
			};
		},
	};
}
