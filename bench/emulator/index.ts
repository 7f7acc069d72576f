/** The provider emulator's public surface for tests and benchmarks. */
export {
	EMULATOR_API_KEY,
	EMULATOR_PROVIDER,
	type EmulatorAgentDir,
	modelsJson,
	openModelRuntime,
	writeAgentDir,
} from "./agent-dir.ts";
export { addCosts, type BilledTokens, bill, type Cost } from "./billing.ts";
export {
	type CachePlan,
	LOOKBACK_BLOCKS,
	MAX_BREAKPOINTS,
	planCache,
	TTL_MS,
	validateBreakpoints,
} from "./cache-rules.ts";
export { type CacheEntry, PromptCache } from "./cache-store.ts";
export { type Clock, createClock } from "./clock.ts";
export { checkJsonScript, loadScript } from "./load-script.ts";
export { type LogEntry, type Outcome, RequestLog, type Totals, totals } from "./log.ts";
export { EMULATED_MODELS, type EmulatedModel, findModel, HAIKU, type ModelPrices, OPUS, SONNET } from "./models.ts";
export { type FlatPrompt, flattenPrompt, type PromptBlock } from "./prefix.ts";
export type {
	FailureSpec,
	Script,
	ScriptConversation,
	ToolResultView,
	Turn,
	TurnFunction,
	TurnRequest,
	TurnSpec,
} from "./script.ts";
export { type Emulator, type EmulatorOptions, startEmulator } from "./server.ts";
export { countTokens, IMAGE_TOKENS } from "./tokens.ts";
export type { MessagesRequest, Ttl, WireUsage } from "./wire.ts";
