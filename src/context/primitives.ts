/**
 * The four primitives that govern what a child session sees. A Pi session prompt is built from four
 * independent channels — the base prompt, the main agent's rules (APPEND_SYSTEM.md), project context
 * (AGENTS.md / CLAUDE.md) and skills — and each primitive switches exactly one of them, so a mode is
 * nothing more than a named setting of these four values.
 */
import { type Static, Type } from "typebox";

import { SYSTEM_PROMPT_MODES } from "../request/choices.ts";

export { SYSTEM_PROMPT_MODES };

/** The primitive names, in the order tables and provenance print them. */
export const PRIMITIVE_NAMES = [
	"inheritProjectContext",
	"inheritMainRules",
	"inheritSkills",
	"systemPromptMode",
] as const;

export type PrimitiveName = (typeof PRIMITIVE_NAMES)[number];

const descriptions: Record<PrimitiveName, string> = {
	inheritProjectContext: "Whether the child loads the project context files (AGENTS.md / CLAUDE.md).",
	inheritMainRules:
		"Whether the child inherits the main agent's own rules (APPEND_SYSTEM.md / --append-system-prompt).",
	inheritSkills: "Whether the child sees the skills available to the parent.",
	systemPromptMode:
		"append keeps the base prompt and adds the child's role under it; replace installs the role as the whole base prompt (dropping the base prompt's tool list and guidelines).",
};

export const SystemPromptModeSchema = Type.Union([Type.Literal("append"), Type.Literal("replace")], {
	description: descriptions.systemPromptMode,
});

/** A complete setting of the four channels: what a mode expands to, and what the resolver returns. */
export const ContextPrimitivesSchema = Type.Object(
	{
		inheritProjectContext: Type.Boolean({ description: descriptions.inheritProjectContext }),
		inheritMainRules: Type.Boolean({ description: descriptions.inheritMainRules }),
		inheritSkills: Type.Boolean({ description: descriptions.inheritSkills }),
		systemPromptMode: SystemPromptModeSchema,
	},
	{ additionalProperties: false, description: "A complete setting of the four context channels." },
);

export type ContextPrimitives = Static<typeof ContextPrimitivesSchema>;

/**
 * The context fields a caller may set on one delegation (and an agent definition in its frontmatter):
 * a mode name, any of the four primitives to override it, and a skills allowlist. Tool parameter
 * schemas embed these so the model sees the same descriptions the docs give.
 */
export const ContextFieldsSchema = Type.Object(
	{
		contextMode: Type.Optional(
			Type.String({
				description:
					"Named setting of the four channels: focused (default), isolated, scoped, legacy (alias inherit), or a project-defined mode.",
			}),
		),
		inheritProjectContext: Type.Optional(Type.Boolean({ description: descriptions.inheritProjectContext })),
		inheritMainRules: Type.Optional(Type.Boolean({ description: descriptions.inheritMainRules })),
		inheritSkills: Type.Optional(Type.Boolean({ description: descriptions.inheritSkills })),
		systemPromptMode: Type.Optional(SystemPromptModeSchema),
		skills: Type.Optional(
			Type.Array(Type.String({ description: "A skill name." }), {
				description: "Load only these skills, whatever inheritSkills says; [] loads none. Omit to follow the mode.",
			}),
		),
	},
	{ additionalProperties: false, description: "Which channels of the parent's prompt a child inherits." },
);

export type ContextFields = Static<typeof ContextFieldsSchema>;

/** Any subset of the primitives, as one layer (a call, an agent file) sets them. */
export type PartialPrimitives = Partial<ContextPrimitives>;

/** The primitives present in a fields object, without the mode name or skills. */
export function pickPrimitives(fields: ContextFields): PartialPrimitives {
	const out: PartialPrimitives = {};
	if (fields.inheritProjectContext !== undefined) out.inheritProjectContext = fields.inheritProjectContext;
	if (fields.inheritMainRules !== undefined) out.inheritMainRules = fields.inheritMainRules;
	if (fields.inheritSkills !== undefined) out.inheritSkills = fields.inheritSkills;
	if (fields.systemPromptMode !== undefined) out.systemPromptMode = fields.systemPromptMode;
	return out;
}

/** Whether a value is a valid setting for the named primitive. */
export function isPrimitiveValue(name: PrimitiveName, value: unknown): boolean {
	if (name === "systemPromptMode") return value === "append" || value === "replace";
	return typeof value === "boolean";
}

/** The fix text for a bad primitive value, so every reader of these fields words it the same way. */
export function primitiveValueFix(name: PrimitiveName): string {
	return name === "systemPromptMode" ? 'use "append" or "replace"' : "use true or false (unquoted)";
}
