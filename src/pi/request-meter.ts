/**
 * The request meter: records the prefix hashes of every provider request a session sends, so the
 * spend view can say where a cached prefix first changed (tool definitions, system prompt, request
 * options, message N) instead of only that it did.
 *
 * It listens to Pi's `before_provider_request`, which hands extensions the payload as the provider
 * will send it. It only reads: the handler returns nothing, so the payload goes out unchanged, and
 * a payload it cannot read (an unknown wire format) or an error of its own is skipped, never
 * thrown into Pi's request. Handlers run in extension load order: an extension loaded later that
 * rewrites the payload is not seen.
 *
 * By default each request becomes a `pi-delegate.request` custom entry of the session (not sent to
 * the model, so it cannot disturb the cache it measures); in a child run, Pi's JSON mode streams
 * the same entry as an `entry_appended` event into the audit record's events.ndjson.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { MeteredRequest } from "../meter/request-entry.ts";
import { onDemand } from "./on-demand.ts";

/** Where metered requests go; `session` is the id of the session that sent it. */
export type RequestSink = (request: MeteredRequest, session: string) => void;

/** The hashing and the entry's codec (typebox comes with it): loaded by the first request, not when Pi starts. */
const meter = onDemand(
	async () => {
		const [prefix, entry] = await Promise.all([import("../meter/prefix.ts"), import("../meter/request-entry.ts")]);
		return { prefixHashes: prefix.prefixHashes, ...entry };
	},
	{ beforeFirstPrompt: true },
);

type Codec = Pick<typeof import("../meter/request-entry.ts"), "encodeRequestEntry" | "REQUEST_ENTRY_TYPE">;

/**
 * The default sink: one custom entry per request. Message hashes are stored as a delta against
 * the previous request of the same session (see request-entry.ts), so a new session (or one
 * switched to) starts over with a full list.
 */
export function sessionEntrySink(pi: Pick<ExtensionAPI, "appendEntry">, codec: Codec): RequestSink {
	const { encodeRequestEntry, REQUEST_ENTRY_TYPE } = codec;
	let last: { session: string; messages: string[] } | undefined;
	return (request, session) => {
		const previous = last?.session === session ? last.messages : undefined;
		pi.appendEntry(REQUEST_ENTRY_TYPE, encodeRequestEntry(request, previous));
		last = { session, messages: request.prefix.messages ?? [] };
	};
}

interface MeterContext {
	model?: { provider: string; id: string } | undefined;
	sessionManager: { getSessionId(): string };
}

function modelOf(ctx: MeterContext, payload: unknown): string {
	if (ctx.model) return `${ctx.model.provider}/${ctx.model.id}`;
	const id = typeof payload === "object" && payload !== null ? (payload as { model?: unknown }).model : undefined;
	return `?/${typeof id === "string" ? id : "?"}`;
}

/**
 * Registers the meter on `pi`; `sink` defaults to one session entry per request. `now` is the clock
 * (epoch ms) a test may replace. Returns the function that removes the handler.
 */
export function registerRequestMeter(
	pi: Pick<ExtensionAPI, "on" | "appendEntry">,
	sink?: RequestSink,
	now: () => number = Date.now,
): () => void {
	let entries: RequestSink | undefined;
	return pi.on("before_provider_request", async (event, ctx) => {
		try {
			const loaded = await meter.get();
			const read = loaded.prefixHashes(event.payload);
			if (!read) return undefined;
			const context: MeterContext = ctx;
			entries ??= sink ?? sessionEntrySink(pi, loaded);
			entries(
				{ at: now(), model: modelOf(context, event.payload), api: read.api, prefix: read.prefix },
				context.sessionManager.getSessionId(),
			);
		} catch {
			// Metering must never fail a request: a payload it cannot hash goes unmeasured.
		}
		return undefined;
	});
}
