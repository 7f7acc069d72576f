/**
 * The runner's side of a child's inbox (run/inbox.ts): each message sent to the running child is
 * handed to it as soon as it can take one, and recorded as it is — an event in the audit record's
 * events.ndjson, and a line of the outcome — so an audit shows what steered the child.
 *
 * A child cannot always take a message: before its first turn has started, a session has no run to
 * steer (and a subprocess child has not connected its channel yet), and after its run ended there
 * is nothing left to steer. A message sent then is held, and handed over the moment the child can
 * take one again; one still held when the child ends was never seen by it, and the record says so.
 * Both runners share this, so a message is held, handed over and recorded the same way by each.
 */
import type { RunnerHooks, SentMessage } from "../types.ts";

/** The type of the events.ndjson record of a message handed to the child (or never handed). */
export const MESSAGE_EVENT = "pi_delegate_message";

/** How a message reaches the child: the session's steering queue, or the child's channel. */
export type Deliver = (text: string) => void;

export interface Steering {
	/** The child can take messages now: the held ones are handed over at once, in order. */
	open(deliver: Deliver): void;
	/** The child cannot take one for now (its run ended, its channel closed): later ones are held. */
	pause(): void;
	/** The child has ended: stops listening; what was held is recorded as never delivered. Returns what was sent. */
	end(): SentMessage[];
}

/** Listens to the hooks' inbox (none: nothing ever arrives) for one child's run. */
export function steerChild(
	hooks: Pick<RunnerHooks, "inbox" | "onEvent">,
	now: () => Date = () => new Date(),
): Steering {
	const held: string[] = [];
	const sent: SentMessage[] = [];
	let deliver: Deliver | undefined;
	let ended = false;
	const hand = (text: string, to: Deliver) => {
		const at = now().toISOString();
		try {
			to(text);
		} catch (error) {
			// The child's queue or channel refused it: it did not reach the child, and the record says why.
			hooks.onEvent({ type: MESSAGE_EVENT, at, text, delivered: false, reason: errorText(error) });
			return;
		}
		sent.push({ text, at });
		hooks.onEvent({ type: MESSAGE_EVENT, at, text, delivered: true });
	};
	const unsubscribe =
		hooks.inbox?.subscribe((text) => {
			if (ended) return;
			if (deliver) hand(text, deliver);
			else held.push(text);
		}) ?? (() => {});
	return {
		open(to) {
			if (ended) return;
			deliver = to;
			for (const text of held.splice(0)) hand(text, to);
		},
		pause() {
			deliver = undefined;
		},
		end() {
			if (!ended) {
				ended = true;
				unsubscribe();
				const at = now().toISOString();
				for (const text of held.splice(0)) {
					hooks.onEvent({ type: MESSAGE_EVENT, at, text, delivered: false, reason: "the child had ended" });
				}
			}
			return [...sent];
		},
	};
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
