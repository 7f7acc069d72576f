/**
 * The rules for the plain settings: runsDir, runner, providerExtensions, sandbox, apply, delegationRule,
 * backgroundLimit, maxDelegateDepth.
 * The schema decides whether a value has the right shape; this file words the problem for the key
 * and says what an empty value means, because an empty value that silently meant "the default" (or
 * its opposite) is how a tidy-up re-arms something that was switched off on purpose.
 */
import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import type { Problem, ProblemPlace } from "../problems.ts";
import { closest } from "../suggest.ts";
import { kindOf } from "../values.ts";
import type { KeyPlace } from "./place.ts";
import { APPLY_SETTINGS, DelegateSectionSchema, RUNNERS, SANDBOX_SETTINGS, type SettingKey } from "./schema.ts";

/** The plain settings' keys: the ones this file words problems for, and merge.ts takes last-wins. */
export type PlainKey =
	| "runsDir"
	| "runner"
	| "providerExtensions"
	| "sandbox"
	| "apply"
	| "delegationRule"
	| "backgroundLimit"
	| "maxDelegateDepth";

interface KeyText {
	/** What the value must be, for "must be X, not Y". */
	expects: string;
	fix: string;
	/** Allowed words, for a did-you-mean on a misspelt one, and what one of them is called. */
	words?: readonly string[];
	noun?: string;
}

const TEXT: Readonly<Record<PlainKey, KeyText>> = {
	runsDir: {
		expects: "a directory path (a string)",
		fix: 'write e.g. "runsDir": "~/pi-delegate-runs", or remove the key to use <agentDir>/pi-delegate/runs',
	},
	runner: {
		expects: '"in-process" or "subprocess"',
		fix: 'use "in-process" or "subprocess", or remove the key for the default',
		words: RUNNERS,
		noun: "a runner",
	},
	providerExtensions: {
		expects: "a list of extension file paths",
		fix: 'write e.g. "providerExtensions": ["~/.pi/agent/extensions/my-provider.ts"]',
	},
	sandbox: {
		expects: '"enforce" or "off"',
		fix: 'use "off" to run children uncontained, or remove the key to enforce the sandbox (the default)',
		words: SANDBOX_SETTINGS,
		noun: "a sandbox setting",
	},
	apply: {
		expects: '"on-pass" or "direct"',
		fix: 'use "direct" for children to change the real root as they work, or remove the key for "on-pass" (the default)',
		words: APPLY_SETTINGS,
		noun: "an apply setting",
	},
	delegationRule: {
		expects: "true or false (unquoted)",
		fix: "use true or false (unquoted), or remove the key for the default (true)",
	},
	backgroundLimit: {
		expects: "a whole number from 1 to 64",
		fix: 'write e.g. "backgroundLimit": 4, or remove the key for the default (4)',
	},
	maxDelegateDepth: {
		expects: "a whole number from 0 to 8 (unquoted)",
		fix: "write e.g. 1 (children may start children that cannot start their own), 0 to let no child delegate, or remove the key for the default (2)",
	},
};

export function isPlainKey(key: string): key is PlainKey {
	return Object.hasOwn(TEXT, key);
}

function schemaOf(key: SettingKey): TSchema {
	return DelegateSectionSchema.properties[key] as TSchema;
}

/** The problem with a wrongly shaped value: a near word when one was misspelt, the kinds otherwise. */
function shapeProblem(key: PlainKey, value: unknown, place: ProblemPlace): Problem {
	const text = TEXT[key];
	const near = typeof value === "string" && text.words ? closest(value, text.words) : undefined;
	// A number out of range is named by its value: "an integer" would not say what is wrong with 0.
	const given = key === "backgroundLimit" && typeof value === "number" ? String(value) : kindOf(value);
	let message = `must be ${text.expects}, not ${given}`;
	if (typeof value === "string" && text.words) message = `"${value}" is not ${text.noun}`;
	if (near !== undefined) message += ` (did you mean "${near}"?)`;
	if (key === "sandbox" && typeof value === "boolean") {
		message += '; only the word "off" turns the sandbox off';
	}
	const fix =
		key === "providerExtensions" && typeof value === "string"
			? `write it as a list: "providerExtensions": [${JSON.stringify(value)}]`
			: text.fix;
	const code = typeof value === "string" && text.words ? "invalid_value" : "invalid_type";
	return { ...place, code, value, message, fix };
}

function listProblems(value: readonly unknown[], at: KeyPlace): Problem[] {
	return value.flatMap((item, i) => {
		if (typeof item === "string" && item.trim() !== "") return [];
		return [
			{
				...at("providerExtensions", i),
				code: typeof item === "string" ? "too_small" : "invalid_type",
				value: item,
				message:
					typeof item === "string"
						? "is empty; each entry must be a file path"
						: `must be a file path, not ${kindOf(item)}`,
				fix: "write the path of the extension file, or remove the entry",
			},
		];
	});
}

/** Checks one plain setting; the value comes back only when it has no problem. */
export function checkPlainValue(key: PlainKey, value: unknown, at: KeyPlace): { ok: boolean; problems: Problem[] } {
	if (key === "providerExtensions" && Array.isArray(value)) {
		const problems = listProblems(value, at);
		return { ok: problems.length === 0, problems };
	}
	if (key === "runsDir" && typeof value === "string" && value.trim() === "") {
		return {
			ok: false,
			problems: [
				{
					...at(key),
					code: "too_small",
					value,
					message: "is empty; an empty runsDir does not mean the default directory",
					fix: "write a directory, or remove the key to use <agentDir>/pi-delegate/runs",
				},
			],
		};
	}
	if (Value.Check(schemaOf(key), value)) return { ok: true, problems: [] };
	return { ok: false, problems: [shapeProblem(key, value, at(key))] };
}
