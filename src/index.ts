/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */
export type { Problem } from "./problems.ts";
