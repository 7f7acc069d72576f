/**
 * What a report says of the messages sent to a child while it ran (its inbox): their count, in
 * every report's figures, so a reader of a result knows the child was steered and that the audit
 * record's events hold each message with its time. Pure.
 */
import { plural } from "../format/numbers.ts";
import type { SentMessage } from "../run/types.ts";

/** `1 message sent to the child`, or undefined when none was. */
export function messagesSent(result: { messages?: readonly SentMessage[] }): string | undefined {
	const count = result.messages?.length ?? 0;
	return count === 0 ? undefined : `${plural(count, "message")} sent to the child`;
}
