/**
 * A request's flags, read: the values parseArgs found for the flags of the request table's
 * command-line entries, each checked against its field's choices (`--runner`, `--strategy`) and
 * `--tools` split into names. The command line (`run`, `preview`, `workflow run`) and Pi's
 * `/delegate-preview` read them this way; each turns a refusal into its own kind of error.
 */
import type { RunnerKind, Strategy } from "./choices.ts";
import { fieldAt } from "./table.ts";

/** What the request flags say, checked. */
export interface RequestFlags {
	agent?: string;
	mode?: string;
	model?: string;
	runner?: RunnerKind;
	extensions: string[];
	session?: string;
	/** `--resume`: the finished run whose session the task continues. */
	resume?: string;
	strategy?: Strategy;
	tools?: string[];
}

type Values = Record<string, string | boolean | string[] | undefined>;

/** A flag's value within its field's choices, or the words that refuse it. */
function choice(flag: string, value: string | undefined): { value?: string; refused?: string } {
	const choices = fieldAt("run", flag)?.field.schema.enum as readonly string[] | undefined;
	if (value === undefined || !choices || choices.includes(value)) return value === undefined ? {} : { value };
	return { refused: `--${flag} must be ${choices.join(" or ")}, not "${value}"` };
}

/** The checked flags, or the first refusal in words. */
export function readRequestFlags(values: Values): { ok: true; flags: RequestFlags } | { ok: false; refused: string } {
	const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
	const runner = choice("runner", text("runner"));
	const strategy = choice("strategy", text("strategy"));
	const refused = runner.refused ?? strategy.refused;
	if (refused !== undefined) return { ok: false, refused };
	const list = text("tools");
	const tools = list?.split(",").map((t) => t.trim());
	if (tools?.some((t) => t === "")) return { ok: false, refused: `--tools has an empty name: "${list}"` };
	const extensions = values.extension;
	const flags: RequestFlags = {
		...(text("agent") !== undefined && { agent: text("agent") }),
		...(text("mode") !== undefined && { mode: text("mode") }),
		...(text("model") !== undefined && { model: text("model") }),
		...(runner.value !== undefined && { runner: runner.value as RunnerKind }),
		extensions: Array.isArray(extensions) ? extensions : [],
		...(text("session") !== undefined && { session: text("session") }),
		...(text("resume") !== undefined && { resume: text("resume") }),
		...(strategy.value !== undefined && { strategy: strategy.value as Strategy }),
		...(tools !== undefined && { tools }),
	};
	return { ok: true, flags };
}
