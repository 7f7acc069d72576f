/**
 * The in-process child's own tools: Pi's built-in definitions (so the model sees exactly the tools
 * a child of any runner sees, byte for byte), built with operations that contain and check. They
 * replace the built-ins of the same name in the child's session.
 *
 * - bash runs each command through bubblewrap (bash-hook.ts), records each command it executed
 *   with its exit status (command-record.ts), and refuses one its agent may not run
 *   (agents/permissions/command-policy.ts) before it starts;
 * - read, grep, write and edit touch regular files only (file-tools.ts): a FIFO, a device or a
 *   `/proc` file would block a thread of this process or reach its own descriptors;
 * - under the sandbox, write and edit resolve the real target first and refuse a path outside the
 *   writable roots with an error the model reads; the write itself opens the checked real path
 *   without following a last symlink and refuses a file that turns out to have other hard links.
 *   (A directory swapped for a symlink between the check and the write is not caught here; the
 *   subprocess runner's read-only mounts catch that too.)
 */
import { homedir } from "node:os";
import {
	createFindToolDefinition,
	createLsToolDefinition,
	defineTool,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";
import {
	type CommandPolicy,
	checkCommandPolicies,
	commandRefusal,
	prepareCommandChecks,
} from "../../agents/permissions/command-policy.ts";
import type { PathRule } from "../../agents/permissions/path-policy.ts";
import type { PreventedAttempt } from "../sandbox/types.ts";
import { checkWrite, refusalText, toolPath, type WriteRules } from "../sandbox/write-check.ts";
import { type BashWrap, bashSpawnHook } from "./bash-hook.ts";
import { type CommandRun, recordingBash } from "./command-record.ts";
import { fileTools, type WriteGuard } from "./file-tools.ts";
import { nodePathProbe } from "./fs-probe.ts";
import { reportOutputFiles } from "./output-files.ts";
import { pathHold } from "./path-hold.ts";

export interface ChildToolsInput {
	cwd: string;
	bash: BashWrap;
	/** Present under the sandbox: where write and edit may write. */
	rules: WriteRules | undefined;
	/** The commands bash may run (agents/permissions/command-policy.ts); absent: any. */
	commands?: readonly CommandPolicy[] | undefined;
	/** The paths the file tools are refused (agents/permissions/path-policy.ts); absent: none. */
	paths?: readonly PathRule[] | undefined;
	home?: string;
	onPrevented: (attempt: PreventedAttempt) => void;
	/** Each command bash executed, once it has ended (run/child/command-record.ts). */
	onRun?: (run: CommandRun) => void;
	/** Each full-output file a bash command made (output-files.ts), for the runner to delete. */
	onOutputFile?: (path: string) => void;
	/**
	 * The private copies the child works on (apply on-pass), seen at their roots' paths: the file
	 * tools read and write a root's files in its copy (bash gets the copy mounted by its sandbox).
	 */
	copies?: readonly CopyPlace[] | undefined;
}

/** A root and the private copy that stands for it; `shown` paths are read from the real root. */
export interface CopyPlace {
	root: string;
	copy: string;
	shown: readonly string[];
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Where a path of the child's is on this side: in a root's copy, unless it is shown from the real root. */
export function copyPlace(copies: readonly CopyPlace[]): (path: string) => string {
	return (path) => {
		const copy = copies.find((c) => under(path, c.root));
		if (!copy || copy.shown.some((s) => under(path, s))) return path;
		return copy.copy + path.slice(copy.root.length);
	};
}

/** find and ls, searching where the child's path is on this side. */
function placedLister(
	tool: ToolDefinition,
	place: (path: string) => string,
	cwd: string,
	home: string,
): ToolDefinition {
	return {
		...tool,
		execute: (id, params, signal, onUpdate, ctx) => {
			const given = (params as { path?: unknown }).path;
			const where = typeof given === "string" && given !== "" ? given : ".";
			const path = place(toolPath(where, ctx?.cwd || cwd, home));
			return tool.execute(id, { ...(params as object), path } as typeof params, signal, onUpdate, ctx);
		},
	};
}

function guard(rules: WriteRules, onPrevented: ChildToolsInput["onPrevented"]): WriteGuard {
	return (tool, path) => {
		const decision = checkWrite(path, rules, nodePathProbe);
		if (decision.ok) return decision.real;
		onPrevented({ tool, path, reason: decision.reason });
		throw new Error(refusalText(tool, decision.reason));
	};
}

/**
 * Bash that records what it runs, and refuses, before it starts, a command its policies do not
 * allow. Bash's grammar starts loading when the tool is made, so the first command does not wait for it.
 */
function heldBash(input: ChildToolsInput) {
	const bash = recordingBash(input.cwd, bashSpawnHook(input.bash), input.onRun ?? (() => {}));
	const policies = input.commands;
	if (policies === undefined || policies.length === 0) return defineTool(bash);
	prepareCommandChecks();
	return defineTool({
		...bash,
		execute: async (id, params, ...rest) => {
			const decision = await checkCommandPolicies(params.command, policies);
			if (!decision.ok) {
				input.onPrevented({ tool: "bash", command: params.command, reason: decision.reason, refusedBy: "commands" });
				throw new Error(commandRefusal(decision.reason));
			}
			return bash.execute(id, params, ...rest);
		},
	});
}

/** A file tool that refuses, before it runs, a call on a path the agent's rules deny. */
function heldPaths(tool: ToolDefinition, input: ChildToolsInput): ToolDefinition {
	const rules = input.paths;
	if (rules === undefined || rules.length === 0) return tool;
	const where = { cwd: input.cwd, home: input.home ?? homedir() };
	return {
		...tool,
		execute: (id, params, ...rest) => {
			const held = pathHold(rules, tool.name, params, where);
			if (held === undefined) return tool.execute(id, params, ...rest);
			input.onPrevented(held.attempt);
			throw new Error(held.message);
		},
	};
}

/**
 * Definitions replacing Pi's bash, read, grep, write and edit (always: they touch regular files
 * only, and under the sandbox write and edit are checked), and find and ls (with path rules).
 */
export function childTools(input: ChildToolsInput): ToolDefinition[] {
	const home = input.home ?? homedir();
	const copies = input.copies ?? [];
	const place = copies.length > 0 ? copyPlace(copies) : undefined;
	// The write check sees the paths where the files are: the writable roots' copies.
	const rules = input.rules && place ? placedRules(input.rules, place, copies) : input.rules;
	const guarded = rules ? guard(rules, input.onPrevented) : undefined;
	const held = heldBash(input);
	const bash = input.onOutputFile ? reportOutputFiles(held, input.onOutputFile) : held;
	const tools = [bash, ...fileTools({ cwd: input.cwd, home, guard: guarded, place })];
	const noRules = input.paths === undefined || input.paths.length === 0;
	if (noRules && !place) return tools;
	const listers = [createFindToolDefinition(input.cwd), createLsToolDefinition(input.cwd)] as ToolDefinition[];
	const placed = place ? listers.map((tool) => placedLister(tool, place, input.cwd, home)) : listers;
	return [...tools, ...placed].map((tool) => heldPaths(defineTool(tool), input));
}

/**
 * The write check's rules where the files are: the writable roots in their copies, and the paths a
 * copy shares with the real root (ignored directories) writable where they lie in a writable root.
 */
function placedRules(rules: WriteRules, place: (path: string) => string, copies: readonly CopyPlace[]): WriteRules {
	const shared = copies.flatMap((c) => c.shown).filter((s) => rules.writable.some((w) => under(s, w)));
	return { ...rules, writable: [...rules.writable.map(place), ...shared], readOnly: rules.readOnly.map(place) };
}
