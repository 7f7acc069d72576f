/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */
export type { Problem } from "./problems.ts";
export * from "./prompt/channels.ts";
export { type ChildBase, childBase, GENERIC_BASE } from "./prompt/generic-base.ts";
export { inheritPrompt } from "./prompt/inherit.ts";
export { findToolSurface, type Narrowed, narrow, type Removal, type ToolSurface } from "./prompt/narrow.ts";
