/**
 * The shape of pi-delegate's section of Pi's settings files, as one typebox schema: the single list
 * of keys (unknown ones are refused), their types, and the descriptions docs/settings.md repeats.
 * Rules the schema cannot say (reserved mode names, model references, what an empty value means)
 * are in the check-*.ts files, which report every problem at once.
 */
import Type, { type Static } from "typebox";
import { ContextPrimitivesSchema } from "../context/primitives.ts";
import { THINKING_LEVELS } from "../spec/model-ref.ts";

export const RUNNERS = ["in-process", "subprocess"] as const;
export const SANDBOX_SETTINGS = ["enforce", "off"] as const;
export const APPLY_SETTINGS = ["on-pass", "direct"] as const;

const literals = <T extends string>(values: readonly T[], description: string) =>
	Type.Union(
		values.map((v) => Type.Literal(v)),
		{ description },
	);

export const ModeSettingSchema = Type.Object(
	{
		...ContextPrimitivesSchema.properties,
		description: Type.Optional(Type.String({ description: "One line saying what the mode is for; `modes` shows it." })),
	},
	{ additionalProperties: false, description: "A project-defined mode: all four primitives, and a description." },
);

const MODEL_REF = Type.String({ minLength: 1, description: '"provider/model-id", e.g. "anthropic/claude-haiku-4-5".' });

export const EffortProfileSchema = Type.Union(
	[
		MODEL_REF,
		Type.Object(
			{
				model: MODEL_REF,
				thinking: Type.Optional(literals(THINKING_LEVELS, "The thinking level to run the model at.")),
			},
			{ additionalProperties: false, description: "A model and the thinking level to run it at." },
		),
	],
	{ description: 'The model for one effort: "provider/model-id" or { "model": …, "thinking": … }.' },
);

export const DelegateSectionSchema = Type.Object(
	{
		contextModes: Type.Optional(
			Type.Record(Type.String(), ModeSettingSchema, {
				description:
					"Project-defined context modes by name. A built-in name (focused, isolated, scoped, legacy, inherit) is reserved.",
			}),
		),
		effortProfiles: Type.Optional(
			Type.Object(
				{
					fast: Type.Optional(EffortProfileSchema),
					balanced: Type.Optional(EffortProfileSchema),
					deep: Type.Optional(EffortProfileSchema),
				},
				{
					additionalProperties: false,
					description: "The model each effort runs on, unless --model or an agent says otherwise.",
				},
			),
		),
		runsDir: Type.Optional(
			Type.String({
				minLength: 1,
				description:
					"Where audit records go. `~` expands; a relative path is taken from the working directory. Default: <agentDir>/pi-delegate/runs (PI_DELEGATE_RUNS_DIR beats both).",
			}),
		),
		runner: Type.Optional(
			literals(
				RUNNERS,
				'How a child runs: in this process, or as a `pi` subprocess. Default: "in-process" (the task tool; `pi-delegate run` takes --runner).',
			),
		),
		providerExtensions: Type.Optional(
			Type.Array(Type.String({ minLength: 1, description: "A Pi extension file that registers a model provider." }), {
				description:
					"Extensions loaded into every child so it can reach providers the parent registered. Paths resolve as Pi's resource paths do. Default: none.",
			}),
		),
		sandbox: Type.Optional(
			literals(SANDBOX_SETTINGS, 'Whether children run contained. Default "enforce"; only "off" turns it off.'),
		),
		apply: Type.Optional(
			literals(
				APPLY_SETTINGS,
				'Where a task\'s child makes its changes: "on-pass" (a private copy, applied on PASS) or "direct" (the real root). Default "on-pass"; a spec\'s apply wins.',
			),
		),
		delegationRule: Type.Optional(
			Type.Boolean({ description: "Whether the parent's system prompt gets the delegation section. Default true." }),
		),
		backgroundLimit: Type.Optional(
			Type.Integer({
				minimum: 1,
				maximum: 64,
				description:
					"How many background children of a session run at once; the rest wait, listed as queued, and start in the order they were asked for. Default 4.",
			}),
		),
		maxDelegateDepth: Type.Optional(
			Type.Integer({
				minimum: 0,
				maximum: 8,
				description:
					"The deepest a task's `delegate.depth` may ask for: how many levels of children below a child. A spec asking for more is refused; 0 lets no child delegate. Default 2.",
			}),
		),
	},
	{ additionalProperties: false, description: "pi-delegate's settings, under \"pi-delegate\" in Pi's settings files." },
);

export type DelegateSection = Static<typeof DelegateSectionSchema>;
export type SettingKey = keyof DelegateSection;

/** The keys of the section, in the order docs and messages list them. */
export const SETTING_KEYS = Object.keys(DelegateSectionSchema.properties) as SettingKey[];
