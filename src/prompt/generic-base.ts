/**
 * The base a child stands on when its parent offers no words of the operator's to adopt — the
 * parent runs Pi's own prompt, whose identity describes the harness rather than the child.
 *
 * It is deliberately empty of claims: it names no tool, domain or task, because the child's tool
 * list states its tools, its own prompt states its role, and the first message states the task.
 * Anything more specific here would be true of some children and false of others.
 */
import type { InheritedPrompt } from "./channels.ts";

export const GENERIC_BASE = "Do what you were asked to do: all of it, and nothing beyond it.";

export interface ChildBase {
	text: string;
	/** `operator`: the parent's custom prompt, byte for byte; `generic`: this package's base. */
	source: "operator" | "generic";
}

/** The base of a child's prompt: the operator's custom prompt when inherited, else the generic base. */
export function childBase(inherited: InheritedPrompt): ChildBase {
	const base = inherited.channels.base;
	return base ? { text: base.text, source: "operator" } : { text: GENERIC_BASE, source: "generic" };
}
