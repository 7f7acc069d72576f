/**
 * The public API of pi-delegate, for programs that embed it: one section per stage of a delegation,
 * in the order a delegation flows through them. Everything else under src/ is internal and may
 * change without notice.
 */

export type { AgentDefinition } from "./agents/definition.ts";
export { type LoadedAgents, loadAgents } from "./agents/load.ts";
export {
	AFTER_FILE,
	BEFORE_FILE,
	decodeSnapshot,
	decodeSnapshots,
	encodeSnapshot,
	encodeSnapshots,
	type SnapshotFile,
} from "./boundary/codec.ts";
export { diffSnapshots } from "./boundary/diff.ts";
export { boundaryFindings, type FindingsOptions } from "./boundary/findings.ts";
export { judgeChanges } from "./boundary/judge.ts";
export { parseSnapshot } from "./boundary/load.ts";
// The boundary: snapshots of watched roots, the delta, the judgement.
export { type SnapshotOptions, snapshotRoots } from "./boundary/snapshot.ts";
export type {
	BoundaryFindings,
	Change,
	ChangeKind,
	Judgement,
	RootSnapshot,
	Snapshot,
	UncheckedPart,
} from "./boundary/types.ts";
export { type LoadedModes, loadModes } from "./context/load-modes.ts";
// What a child sees: context modes, agents, prompt inheritance, the one function, rendering by Pi.
export { type ContextMode, createModeRegistry, DEFAULT_MODE, type ModeRegistry } from "./context/modes.ts";
export { type ContextFields, ContextFieldsSchema, type ContextPrimitives } from "./context/primitives.ts";
export { formatProvenance, type ResolvedContext, resolveContext } from "./context/resolve.ts";
export { type EnvelopeParse, parseEnvelope } from "./envelope/parse.ts";
export { type Pointer, parsePointer } from "./envelope/pointer.ts";
export { nodeFileProbe } from "./envelope/probe.ts";
// The result envelope: schema, parsing, pointer verification.
export {
	type Envelope,
	EnvelopeSchema,
	type Evidence,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_NAME,
} from "./envelope/schema.ts";
export { type ClaimCheck, type FileProbe, verifyEvidence } from "./envelope/verify.ts";
export type { Problem } from "./problems.ts";
export { formatProblems } from "./problems.ts";
export type { InheritedPrompt, ParentPrompt, PromptInputs, Strategy } from "./prompt/channels.ts";
export {
	activeAgentTag,
	buildChildView,
	type ChildKind,
	type ChildView,
	type ChildViewRequest,
} from "./prompt/child-view.ts";
export { GENERIC_BASE } from "./prompt/generic-base.ts";
export { inheritPrompt } from "./prompt/inherit.ts";
export { loadParentPrompt } from "./prompt/load-parent.ts";
export { type RenderedPrompt, renderChildView, viewSessionParts } from "./prompt/render.ts";
export { taskBrief, taskRung } from "./prompt/task-brief.ts";
export { TASK_WORKER, taskTools, taskViewRequest } from "./prompt/task-worker.ts";
export { listRuns, type RecordedRun, readRun, resolveRunsDir } from "./run/audit.ts";
export { checkModel, createCliHost, createPiHost, type Host } from "./run/host.ts";
export { inProcessRunner } from "./run/in-process.ts";
export { chooseModel, parseModelRef } from "./run/model.ts";
export { PrefixGate } from "./run/prefix-gate.ts";
export { type PreparedTask, prepareTask } from "./run/prepare.ts";
export { renderModelReport, renderReport } from "./run/report.ts";
export type { TaskResult } from "./run/result.ts";
export { RootLocks } from "./run/root-lock.ts";
export { createSubprocessRunner, runSubprocess } from "./run/subprocess.ts";
export { runTask, type TaskContext, type TaskProgress, taskView } from "./run/task.ts";
// Running a delegation: preparation, runners, the whole task, its report and its record.
export type {
	ChildLaunch,
	ChildOutcome,
	ChildProgress,
	ChildRunner,
	ChildUsage,
	ModelChoice,
	RunnerHooks,
	RunnerKind,
} from "./run/types.ts";
export { judgeRun, type RunProblem, type Verdict } from "./run/verdict.ts";
export { loadSpecFile, loadSpecObject, loadSpecText, nodeProbe } from "./spec/load.ts";
// The task spec: schema, validation, loading.
export {
	type Budget,
	DEFAULT_BUDGETS,
	EFFORTS,
	type Effort,
	type TaskSpec,
	type TaskSpecInput,
	TaskSpecSchema,
} from "./spec/schema.ts";
export { type SpecResult, validateSpec } from "./spec/validate.ts";
