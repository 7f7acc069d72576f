/**
 * What a fork may do with each of the parent's tools. A fork must declare exactly the parent's
 * tools — a different list is a different prompt prefix, and the parent's cache is lost — so its
 * authority is enforced when a tool is called, not by leaving the tool out: the call is refused
 * with a reason the fork reads as the tool's error.
 *
 * A fork is read-only by default. Pi's own reading tools run; bash runs too (exploring often needs
 * it), and the working directory is watched, so any change a command leaves fails the fork. Writing
 * tools and every delegation tool are refused, and so is any tool of an extension: it belongs to the
 * parent's session and can change things outside any watched root. A tool named like one of Pi's
 * but declared otherwise (an extension's own `read`) counts as the extension's. Pure.
 */
import type { ForkToolRule, ToolDeclarationLike } from "./fork-types.ts";

/** Pi's own tools a fork runs: the reading tools and the shells. */
export const FORK_RUN_TOOLS: readonly string[] = Object.freeze(["read", "grep", "find", "ls", "bash", "powershell"]);

/** The tools that write files. */
export const WRITE_TOOLS: readonly string[] = Object.freeze(["write", "edit"]);

/** Tools that start other agents: a fork starts none (pi-delegate's own, and the usual names of others). */
export const DELEGATION_TOOLS: readonly string[] = Object.freeze([
	"fork",
	"task",
	"agent",
	"agents",
	"subagent",
	"subagents",
	"delegate",
	"spawn",
	"spawn_agent",
	"workflow",
	"parallel",
]);

export const REFUSE_WRITE =
	"Refused: a fork is read-only, so write and edit are not available to it. Say in your answer what you would " +
	"change and where; the caller can hand the change to a task, whose writes are checked.";

export const REFUSE_NESTING =
	"Refused: a fork cannot start children of its own (fork, task or any other delegation). Answer with what you " +
	"found; the caller decides what to delegate next.";

export function refuseExtension(name: string): string {
	return (
		`Refused: ${name} belongs to the caller's session, and a fork runs only Pi's reading tools (read, grep, find, ` +
		`ls) and bash. Use those, or say in your answer what ${name} would be needed for.`
	);
}

const sameParameters = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One rule per declared tool, in declaration order. */
export function forkToolRules(
	declared: readonly ToolDeclarationLike[],
	builtins: readonly ToolDeclarationLike[],
): ForkToolRule[] {
	return declared.map((tool): ForkToolRule => {
		const name = tool.name;
		if (WRITE_TOOLS.includes(name)) return { name, action: "refuse", reason: REFUSE_WRITE };
		if (DELEGATION_TOOLS.includes(name.toLowerCase())) return { name, action: "refuse", reason: REFUSE_NESTING };
		const own = builtins.find((b) => b.name === name);
		if (FORK_RUN_TOOLS.includes(name) && own && sameParameters(own.parameters, tool.parameters)) {
			return { name, action: "run" };
		}
		return { name, action: "refuse", reason: refuseExtension(name) };
	});
}
