/**
 * The in-process child's own bash, write and edit tools: Pi's built-in definitions (so the model
 * sees exactly the tools a child of any runner sees, byte for byte), built with operations that
 * contain and check. They replace the built-ins of the same name in the child's session.
 *
 * - bash runs each command through bubblewrap (bash-hook.ts), records each command it executed
 *   with its exit status (command-record.ts), and refuses one its agent may not run
 *   (agents/command-policy.ts) before it starts;
 * - under the sandbox, write and edit resolve the real target first and refuse a path outside the
 *   writable roots with an error the model reads; the write itself opens the checked real path
 *   without following a last symlink and refuses a file that turns out to have other hard links.
 *   (A directory swapped for a symlink between the check and the write is not caught here; the
 *   subprocess runner's read-only mounts catch that too.)
 */
import { constants } from "node:fs";
import { access, mkdir, open, readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import {
	createEditToolDefinition,
	createFindToolDefinition,
	createGrepToolDefinition,
	createLsToolDefinition,
	createReadToolDefinition,
	createWriteToolDefinition,
	defineTool,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";
import {
	type CommandPolicy,
	checkCommandPolicies,
	commandRefusal,
	prepareCommandChecks,
} from "../../agents/command-policy.ts";
import type { PathRule } from "../../agents/path-policy.ts";
import { type CommandRun, recordingBash } from "../command-record.ts";
import { pathHold } from "../path-hold.ts";
import { type BashWrap, bashSpawnHook } from "./bash-hook.ts";
import { nodePathProbe } from "./fs-probe.ts";
import type { PreventedAttempt } from "./types.ts";
import { checkWrite, refusalText, type WriteRules } from "./write-check.ts";

export interface ChildToolsInput {
	cwd: string;
	bash: BashWrap;
	/** Present under the sandbox: where write and edit may write. */
	rules: WriteRules | undefined;
	/** The commands bash may run (agents/command-policy.ts); absent: any. */
	commands?: readonly CommandPolicy[] | undefined;
	/** The paths the file tools are refused (agents/path-policy.ts); absent: none. */
	paths?: readonly PathRule[] | undefined;
	home?: string;
	onPrevented: (attempt: PreventedAttempt) => void;
	/** Each command bash executed, once it has ended (run/command-record.ts). */
	onRun?: (run: CommandRun) => void;
}

/** Writes `content` to the checked real path: no last symlink followed, no file with other names. */
async function writeChecked(real: string, content: string): Promise<void> {
	const file = await open(real, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o666);
	try {
		const { nlink } = await file.stat();
		if (nlink > 1) throw new Error(`${real} has ${nlink} hard links; refusing to write through it`);
		await file.truncate(0);
		await file.writeFile(content, "utf8");
	} finally {
		await file.close();
	}
}

function guard(tool: string, rules: WriteRules, onPrevented: ChildToolsInput["onPrevented"]) {
	return (path: string): string => {
		const decision = checkWrite(path, rules, nodePathProbe);
		if (decision.ok) return decision.real;
		onPrevented({ tool, path, reason: decision.reason });
		throw new Error(refusalText(tool, decision.reason));
	};
}

async function isDirectory(path: string): Promise<boolean> {
	try {
		return (await stat(path)).isDirectory();
	} catch {
		return false;
	}
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
 * Definitions replacing Pi's bash (always), write and edit (under the sandbox, or with path rules)
 * and read, grep, find and ls (with path rules).
 */
export function childTools(input: ChildToolsInput): ToolDefinition[] {
	const tools = contained(input);
	if (input.paths === undefined || input.paths.length === 0) return tools;
	const readers = [
		createReadToolDefinition,
		createGrepToolDefinition,
		createFindToolDefinition,
		createLsToolDefinition,
	];
	const edits = tools.some((t) => t.name === "edit")
		? []
		: [createWriteToolDefinition(input.cwd), createEditToolDefinition(input.cwd)];
	return [...tools, ...edits, ...readers.map((create) => create(input.cwd))].map((tool) =>
		heldPaths(defineTool(tool as ToolDefinition), input),
	);
}

function contained(input: ChildToolsInput): ToolDefinition[] {
	const bash = heldBash(input);
	if (input.rules === undefined) return [bash];
	const writeGuard = guard("write", input.rules, input.onPrevented);
	const editGuard = guard("edit", input.rules, input.onPrevented);
	const write = defineTool(
		createWriteToolDefinition(input.cwd, {
			operations: {
				mkdir: async (dir) => {
					if (await isDirectory(dir)) return;
					await mkdir(writeGuard(dir), { recursive: true });
				},
				writeFile: (path, content) => writeChecked(writeGuard(path), content),
			},
		}),
	);
	const edit = defineTool(
		createEditToolDefinition(input.cwd, {
			operations: {
				readFile: (path) => readFile(path),
				access: (path) => access(editGuard(path), constants.R_OK | constants.W_OK),
				writeFile: (path, content) => writeChecked(editGuard(path), content),
			},
		}),
	);
	return [bash, write, edit];
}
