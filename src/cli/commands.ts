/**
 * Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. An entry holds only
 * what the command list needs; the command's module (and whatever it imports: Pi's SDK, typebox,
 * the runner) is imported by `load`, and only when that command runs or its help is asked for. So
 * `help` and a mistyped name cost nothing, and each command pays only for itself.
 *
 * Adding a command is one line here. Its `summary` must equal the summary in its module (a test
 * loads every entry and compares).
 */
import type { CommandEntry } from "./command.ts";

export const COMMANDS: readonly CommandEntry[] = [
	{
		name: "run",
		summary: "run a task spec with a child agent and print its checked verdict",
		load: async () => (await import("./run.ts")).runCommand,
	},
	{
		name: "preview",
		summary: "show what a child would receive: each channel, its size and prompt",
		load: async () => (await import("./preview.ts")).previewCommand,
	},
	{
		name: "validate",
		summary: "check a task spec and show what it would watch, allow and spend",
		load: async () => (await import("./validate.ts")).validateCommand,
	},
	{
		name: "schema",
		summary: "print the JSON Schema of a task spec",
		load: async () => (await import("./schema.ts")).schemaCommand,
	},
	{
		name: "boundary",
		summary: "snapshot watched roots and diff them against the writable roots",
		load: async () => (await import("./boundary.ts")).boundaryCommand,
	},
	{
		name: "envelope",
		summary: "check a child's result envelope and verify its evidence pointers",
		load: async () => (await import("./envelope.ts")).envelopeCommand,
	},
	{
		name: "selftest",
		summary: "prove the checks discriminate; --e2e runs two real delegations",
		load: async () => (await import("./selftest.ts")).selftestCommand,
	},
	{
		name: "modes",
		summary: "list context modes and what each one lets a child see",
		load: async () => (await import("./modes.ts")).modesCommand,
	},
	{
		name: "agents",
		summary: "list the agents a task can run as, and what would stop each",
		load: async () => (await import("./agents.ts")).agentsCommand,
	},
	{
		name: "apply",
		summary: "apply the change a run kept as a patch to the root it was made for",
		load: async () => (await import("./apply.ts")).applyCommand,
	},
	{
		name: "runs",
		summary: "list runs and their states, or show a run's report again",
		load: async () => (await import("./runs.ts")).runsCommand,
	},
	{
		name: "wait",
		summary: "wait for runs to end; exit with their verdicts' code",
		load: async () => (await import("./wait.ts")).waitCommand,
	},
	{
		name: "send",
		summary: "send a running child a message it reads at its next turn",
		load: async () => (await import("./send.ts")).sendCommand,
	},
	{
		name: "stop",
		summary: "stop running runs as Ctrl-C would; their results say stopped",
		load: async () => (await import("./stop.ts")).stopCommand,
	},
	{
		name: "spend",
		summary: "what the parent and every child cost: tokens, cache, dollars",
		load: async () => (await import("./spend.ts")).spendCommand,
	},
	{
		name: "gate",
		summary: "say whether a brief may go to a fork or must be a task",
		load: async () => (await import("./gate.ts")).gateCommand,
	},
	{
		name: "doctor",
		summary: "check this machine and setup can delegate; each problem with a fix",
		load: async () => (await import("./doctor.ts")).doctorCommand,
	},
	{
		name: "workflow",
		summary: "run a workflow script of agent() calls, resumable from its journal",
		load: async () => (await import("./workflow.ts")).workflowCommand,
	},
];
