/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */

export { type AgentCatalog, type AgentLookup, buildAgentCatalog, lookupAgent } from "./agents/catalog.ts";
export { checkAgentTools } from "./agents/check.ts";
export { type AgentDefinition, type AgentSource, agentContextLayer } from "./agents/definition.ts";
export { type LoadedAgents, loadAgents } from "./agents/load.ts";
export { parseAgentFile } from "./agents/parse.ts";
export { type LoadedModes, loadModes } from "./context/load-modes.ts";
export { type ContextMode, createModeRegistry, DEFAULT_MODE, lookupMode, type ModeRegistry } from "./context/modes.ts";
export { listModes, type ModeRow, modeTableCells } from "./context/modes-table.ts";
export {
	type ContextFields,
	ContextFieldsSchema,
	type ContextPrimitives,
	ContextPrimitivesSchema,
	type SystemPromptMode,
} from "./context/primitives.ts";
export { modeRegistryFromSettings, parseContextModes } from "./context/project-modes.ts";
export { formatProvenance, type ResolveContextInput, type ResolvedContext, resolveContext } from "./context/resolve.ts";
export { type SkillSelection, selectSkills } from "./context/skills.ts";
export type { Problem } from "./problems.ts";
export { locatePi } from "./settings/locate.ts";
export { resolveAgentDir, SETTINGS_NAMESPACE } from "./settings/paths.ts";
export { readDelegateSettings } from "./settings/read.ts";
export { type DelegateSettings, type SettingsSection, settingValues } from "./settings/section.ts";
export { resolveProjectTrust } from "./settings/trust.ts";
