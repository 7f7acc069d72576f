/**
 * The emulator's HTTP shell: POST /v1/messages (streaming and not) and /v1/messages/count_tokens on
 * 127.0.0.1. Each request is validated like the real API, matched to a scripted turn, run through the
 * cache rules, billed, logged, and answered. Failures on demand come from the script.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bill } from "./billing.ts";
import { planCache, validateBreakpoints } from "./cache-rules.ts";
import { PromptCache } from "./cache-store.ts";
import { type Clock, createClock } from "./clock.ts";
import { type Conversation, ConversationBook } from "./conversations.ts";
import { readBody, type StreamEnd, sendError, sendJson, sleep, streamEvents } from "./http-io.ts";
import { type LogEntry, RequestLog } from "./log.ts";
import { EMULATED_MODELS, type EmulatedModel, findModel } from "./models.ts";
import { flattenPrompt } from "./prefix.ts";
import { buildReply } from "./reply.ts";
import { resolveTurn, type Script, type TurnSpec } from "./script.ts";
import { replyEvents } from "./sse.ts";
import { countTokens } from "./tokens.ts";
import { turnRequest, unscriptedMessage } from "./turn-request.ts";
import {
	type ErrorType,
	errorTypeForStatus,
	type MessagesRequest,
	parseMessagesRequest,
	type WireReply,
} from "./wire.ts";

export interface EmulatorOptions {
	/** What the model says; without one every request is answered with an "unscripted" error. */
	script?: Script;
	/** Models served (default: Haiku, Sonnet and Opus 4.5 at list prices). */
	models?: readonly EmulatedModel[];
	/** Clock for cache lifetimes (default: real time, advanceable). */
	clock?: Clock;
	host?: string;
	/** 0 (the default) picks a free port. */
	port?: number;
	/** Real milliseconds before every answer's first byte; cache writes become visible only then. */
	firstByteDelayMs?: number;
	/** Real milliseconds between SSE events. */
	eventDelayMs?: number;
	/** Token counter (default: the Claude tokenizer, see tokens.ts). */
	count?: (text: string) => number;
}

export interface Emulator {
	/** Base URL to give a client (the SDK appends /v1/messages). */
	url: string;
	log: RequestLog;
	clock: Clock;
	cache: PromptCache;
	/** Conversations seen so far, in order of arrival. */
	conversations(): Conversation[];
	setScript(script: Script): void;
	close(): Promise<void>;
}

interface Context {
	options: EmulatorOptions;
	models: readonly EmulatedModel[];
	clock: Clock;
	cache: PromptCache;
	log: RequestLog;
	book: ConversationBook;
	count: (text: string) => number;
	seq: number;
}

const now = () => performance.timeOrigin + performance.now();

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const ctx: Context = {
		options,
		models: options.models ?? EMULATED_MODELS,
		clock: options.clock ?? createClock(),
		cache: new PromptCache(),
		log: new RequestLog(),
		book: new ConversationBook(options.script ?? {}),
		count: options.count ?? countTokens,
		seq: 0,
	};
	const server = createServer((req, res) => {
		handle(ctx, req, res).catch((error: unknown) => {
			if (!res.headersSent) sendError(res, 500, "api_error", `emulator failure: ${String(error)}`, "req_emu_failure");
			else res.destroy();
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
	});
	const { address, port } = server.address() as AddressInfo;
	return {
		url: `http://${address}:${port}`,
		log: ctx.log,
		clock: ctx.clock,
		cache: ctx.cache,
		conversations: () => ctx.book.all(),
		setScript: (script) => ctx.book.setScript(script),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

async function handle(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const seq = ++ctx.seq;
	const requestId = `req_emu_${String(seq).padStart(6, "0")}`;
	const path = new URL(req.url ?? "/", "http://emulator").pathname;
	const entry: LogEntry = {
		seq,
		receivedAt: now(),
		respondedAt: 0,
		clockAt: ctx.clock.now(),
		path,
		stream: false,
		status: 0,
		outcome: "rejected",
		writes: [],
		belowMinimum: [],
	};
	const reject = (
		status: number,
		message: string,
		type: ErrorType = errorTypeForStatus(status),
		retryAfter?: number,
	) => {
		entry.status = status;
		entry.error = { type, message };
		entry.respondedAt = now();
		ctx.log.add(entry);
		sendError(res, status, type, message, requestId, retryAfter);
	};

	const countOnly = path === "/v1/messages/count_tokens";
	if (req.method !== "POST" || (path !== "/v1/messages" && !countOnly)) {
		return reject(404, `Not found: ${req.method} ${path}`);
	}
	if (!req.headers["x-api-key"] && !req.headers.authorization) return reject(401, "x-api-key header is required");
	if (!req.headers["anthropic-version"]) return reject(400, "anthropic-version: header is required");
	let body: unknown;
	try {
		body = JSON.parse(await readBody(req));
	} catch (error) {
		return reject(400, `There was an error parsing the body of your request: ${String(error)}`);
	}
	if (countOnly && typeof body === "object" && body !== null && !("max_tokens" in body)) {
		(body as Record<string, unknown>).max_tokens = 1;
	}
	const parsed = parseMessagesRequest(body);
	if ("errors" in parsed) return reject(400, parsed.errors.join("; "));
	const request = parsed.request;
	entry.stream = request.stream === true;
	entry.model = request.model;
	const model = findModel(ctx.models, request.model);
	if (!model) return reject(404, `model: ${request.model}`);

	const prompt = flattenPrompt(request, model, ctx.count);
	const invalid = [...prompt.problems, ...validateBreakpoints(prompt)];
	if (invalid.length > 0) return reject(400, invalid.join("; "));
	entry.prompt = {
		tokens: prompt.totalTokens,
		blocks: prompt.blocks.length,
		toolsHash: prompt.toolsHash,
		toolNames: (request.tools ?? []).map((t) => t.name),
		systemHash: prompt.systemHash,
		breakpoints: prompt.blocks
			.filter((b) => b.breakpoint)
			.map((b) => ({ path: b.path, ttl: b.breakpoint!, tokens: b.end, hash: b.hash })),
		chain: prompt.blocks.map((b) => ({ hash: b.hash, end: b.end })),
	};
	if (countOnly) {
		entry.status = 200;
		entry.outcome = "ok";
		entry.respondedAt = now();
		ctx.log.add(entry);
		return sendJson(res, 200, { input_tokens: prompt.totalTokens });
	}

	const at = ctx.book.identify(request);
	entry.conversation = at.conversation.id;
	if (at.conversation.label !== undefined) entry.label = at.conversation.label;
	entry.turn = at.turn;
	entry.attempt = at.attempt;
	if (at.scripted === undefined) {
		entry.outcome = "unscripted";
		return reject(400, unscriptedMessage(request, at));
	}
	let spec: TurnSpec;
	try {
		spec = await resolveTurn(at.scripted, turnRequest(request, at));
	} catch (error) {
		return reject(500, `script turn ${at.turn} of ${at.conversation.id} threw: ${String(error)}`);
	}
	const failure = spec.failures?.[at.attempt - 1];
	if (failure && "status" in failure) {
		entry.outcome = "error";
		const type = (failure.type as ErrorType | undefined) ?? errorTypeForStatus(failure.status);
		return reject(failure.status, failure.message ?? defaultMessage(type), type, failure.retryAfterSeconds);
	}
	await answer(ctx, res, {
		request,
		model,
		spec,
		entry,
		requestId,
		prompt,
		conversation: at.conversation.id,
		turn: at.turn,
		failure,
	});
}

function defaultMessage(type: ErrorType): string {
	if (type === "overloaded_error") return "Overloaded";
	if (type === "rate_limit_error") return "Number of request tokens has exceeded your per-minute rate limit";
	return "Internal server error";
}

interface Answer {
	request: MessagesRequest;
	model: EmulatedModel;
	spec: TurnSpec;
	entry: LogEntry;
	requestId: string;
	prompt: ReturnType<typeof flattenPrompt>;
	conversation: string;
	turn: number;
	failure: NonNullable<TurnSpec["failures"]>[number] | undefined;
}

async function answer(ctx: Context, res: ServerResponse, a: Answer): Promise<void> {
	const { entry, model } = a;
	const plan = planCache(a.prompt, (hash) => ctx.cache.live(hash, entry.clockAt), model.minCacheableTokens);
	const reply = buildReply(a.spec, { conversation: a.conversation, turn: a.turn }, ctx.count);
	const usage = {
		input_tokens: plan.tokens.input,
		cache_creation_input_tokens: plan.tokens.cacheWrite5m + plan.tokens.cacheWrite1h,
		cache_read_input_tokens: plan.tokens.cacheRead,
		cache_creation: {
			ephemeral_5m_input_tokens: plan.tokens.cacheWrite5m,
			ephemeral_1h_input_tokens: plan.tokens.cacheWrite1h,
		},
		output_tokens: reply.outputTokens,
		service_tier: "standard" as const,
	};
	const message: WireReply = {
		id: `msg_emu_${a.requestId.slice(8)}`,
		type: "message",
		role: "assistant",
		model: model.id,
		content: reply.content,
		stop_reason: reply.stopReason,
		stop_sequence: null,
		usage,
	};
	const delay = a.spec.delayMs ?? ctx.options.firstByteDelayMs ?? 0;
	if (delay > 0) await sleep(delay);

	// The response begins now: its cache writes (and the refresh of what it read) take effect.
	const startedAt = ctx.clock.now();
	for (const hash of plan.refresh) ctx.cache.refresh(hash, startedAt);
	for (const write of plan.writes) ctx.cache.write(write, startedAt);

	if (plan.hit) entry.read = { hash: plan.hit.hash, tokens: plan.hit.tokens, path: plan.hit.path };
	entry.writes = plan.writes;
	entry.belowMinimum = plan.belowMinimum;
	entry.usage = usage;
	entry.cost = bill({ ...plan.tokens, output: reply.outputTokens }, model.prices);
	entry.stopReason = reply.stopReason;
	entry.status = 200;
	entry.outcome = a.failure ? ("cut" in a.failure ? "cut" : "stream-error") : "ok";
	entry.respondedAt = now();
	ctx.log.add(entry);

	if (!a.request.stream) return sendJson(res, 200, message, { "request-id": a.requestId });
	let end: StreamEnd = { kind: "complete" };
	if (a.failure && "cut" in a.failure) end = { kind: "cut", cut: a.failure.cut };
	if (a.failure && "streamError" in a.failure) {
		end = {
			kind: "error",
			after: a.failure.after ?? 3,
			type: a.failure.streamError,
			message: a.failure.message ?? "Overloaded",
		};
	}
	await streamEvents(res, replyEvents(message), a.requestId, end, ctx.options.eventDelayMs ?? 0);
}
