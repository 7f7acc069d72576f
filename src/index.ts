/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */

export { type AgentCatalog, type AgentLookup, buildAgentCatalog, lookupAgent } from "./agents/catalog.ts";
export { checkAgentTools } from "./agents/check.ts";
export { type AgentDefinition, type AgentSource, agentContextLayer } from "./agents/definition.ts";
export { type LoadedAgents, loadAgents } from "./agents/load.ts";
export { parseAgentFile } from "./agents/parse.ts";
export { resolveWriteAllowed } from "./boundary/allowed.ts";
export { diffSnapshots } from "./boundary/diff.ts";
export { parseEntry } from "./boundary/entry.ts";
export { judgeChanges } from "./boundary/judge.ts";
export { parseSnapshot } from "./boundary/load.ts";
export { type SnapshotOptions, snapshotRoots } from "./boundary/snapshot.ts";
export {
	type Change,
	type ChangeKind,
	type Entry,
	type GitState,
	type Judgement,
	type RootSnapshot,
	SNAPSHOT_VERSION,
	type Snapshot,
	SnapshotSchema,
} from "./boundary/types.ts";
export { type LoadedModes, loadModes } from "./context/load-modes.ts";
export { type ContextMode, createModeRegistry, DEFAULT_MODE, lookupMode, type ModeRegistry } from "./context/modes.ts";
export { listModes, type ModeRow, modeTableCells } from "./context/modes-table.ts";
export {
	type ContextFields,
	ContextFieldsSchema,
	type ContextPrimitives,
	ContextPrimitivesSchema,
	type SystemPromptMode,
} from "./context/primitives.ts";
export { modeRegistryFromSettings, parseContextModes } from "./context/project-modes.ts";
export { formatProvenance, type ResolveContextInput, type ResolvedContext, resolveContext } from "./context/resolve.ts";
export { type SkillSelection, selectSkills } from "./context/skills.ts";
export type { CaseOutcome, CaseResult, EnvelopeCase } from "./envelope/cases.ts";
export { CASE_CWD, CASE_LAYOUT, CASE_ROOTS, ENVELOPE_CASES, evaluateCase } from "./envelope/cases.ts";
export { commandSegments, matchCommand, normalizeCommand } from "./envelope/commands.ts";
export { type Layout, memoryProbe } from "./envelope/layout.ts";
export type { EnvelopeInput, EnvelopeParse, EnvelopeSource } from "./envelope/parse.ts";
export {
	checkSubmission,
	describeSource,
	envelopeProblems,
	parseEnvelope,
	submissionErrorText,
} from "./envelope/parse.ts";
export { formatPointer, type LineRange, type Pointer, type PointerParse, parsePointer } from "./envelope/pointer.ts";
export { nodeFileProbe, writeLayout } from "./envelope/probe.ts";
export { checkPassed, type EnvelopeCheck, envelopeReportJson, renderEnvelopeReport } from "./envelope/report.ts";
export type { Envelope, EnvelopeStatus, Evidence } from "./envelope/schema.ts";
export {
	ENVELOPE_FIELDS,
	EnvelopeSchema,
	EvidenceSchema,
	STATUSES,
	SUBMIT_RESULT_PROMPT_SNIPPET,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_LABEL,
	SUBMIT_RESULT_TOOL_NAME,
} from "./envelope/schema.ts";
export { type ClaimCheck, countLines, type FileProbe, type VerifyContext, verifyEvidence } from "./envelope/verify.ts";
export { captureParentPrompt, type ParentPromptSource, parentPromptOfCommand } from "./pi/parent-prompt.ts";
export type { Problem } from "./problems.ts";
export type { ChannelDecision, ChannelReport, ChannelState } from "./prompt/channel-report.ts";
export * from "./prompt/channels.ts";
export { childTools, DEFAULT_CHILD_TOOLS, kindFromAgent } from "./prompt/child-kind.ts";
export {
	activeAgentTag,
	buildChildView,
	type ChildKind,
	type ChildView,
	type ChildViewRequest,
	type RoleReport,
	type StrategyDecision,
} from "./prompt/child-view.ts";
export { type ChildBase, childBase, GENERIC_BASE } from "./prompt/generic-base.ts";
export { inheritPrompt } from "./prompt/inherit.ts";
export { type LoadedParent, loadParentPrompt } from "./prompt/load-parent.ts";
export { findToolSurface, type Narrowed, narrow, type Removal, type ToolSurface } from "./prompt/narrow.ts";
export {
	type RenderedPrompt,
	type RenderOptions,
	renderChildView,
	renderWithLoader,
	type ViewSessionParts,
	viewResourceLoader,
	viewSessionParts,
} from "./prompt/render.ts";
export { type Size, sizeOf } from "./prompt/size.ts";
export { TASK_WORKER } from "./prompt/task-worker.ts";
export {
	type AssistantSummary,
	type ChildEventState,
	createEventState,
	foldEvent,
	messageText,
	settleAssistant,
} from "./run/child-events.ts";

export { childExtensionPath, findPiCli, PI_CLI_ENV } from "./run/child-paths.ts";
export { addMessageUsage, bashCommand, emptyUsage, summarizeToolCall } from "./run/progress.ts";
export { createSubprocessRunner, runSubprocess, STOP_GRACE_MS, type SubprocessOptions } from "./run/subprocess.ts";
export { afterTurn, LAST_TURN_MESSAGE_TYPE, lastTurnNotice, type TurnEnd, warnAtStart } from "./run/turn-budget.ts";
export { locatePi } from "./settings/locate.ts";
export { resolveAgentDir, SETTINGS_NAMESPACE } from "./settings/paths.ts";
export { readDelegateSettings } from "./settings/read.ts";
export { type DelegateSettings, type SettingsSection, settingValues } from "./settings/section.ts";
export { resolveProjectTrust } from "./settings/trust.ts";
export { loadSpecFile, loadSpecObject, loadSpecText, nodeProbe, nodeSubdirs } from "./spec/load.ts";
export type { ListSubdirs, PathInfo, PathKind, PathProbe } from "./spec/probe.ts";
export {
	type Budget,
	DEFAULT_BUDGETS,
	EFFORTS,
	type Effort,
	type ResolvedRoots,
	type TaskSpec,
	type TaskSpecInput,
	TaskSpecSchema,
} from "./spec/schema.ts";
export {
	type SpecInvalid,
	type SpecResult,
	type SpecValid,
	type ValidateOptions,
	validateSpec,
} from "./spec/validate.ts";
